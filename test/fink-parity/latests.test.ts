/**
 * Fink's `/api/v1/latests` tests, run against our server.
 *
 * Adapted from fink-object-api `apps/routes/v1/ztf/latests/test.py` at commit 17051ca (astrolabsoftware,
 * Apache-2.0). Each Fink test function is an `it` of the same name and meaning; the classes, dates and counts
 * Fink takes from its archive are replaced by ones of our test data (the real store of test/support/serve-stores.ts),
 * derived from the input Avro file read independently (avsc over
 * test/data/ztf_enriched/fink-client_ztf_2026-03/part-3-305711.avro, whose 31 alerts Fink labelled
 * `SN candidate` in its `finkclass` field), never from our answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InputAlert, readInputAlerts } from '../support/input-alerts.js';
import { realStore, type ServedStore } from '../support/serve-stores.js';
import { testDataPath } from '../support/test-data.js';
import { answerRows, numbers, type OutputFormat } from './answer-tables.js';

type Row = Record<string, unknown>;

/** The class Fink gave every alert of the 2026 file (its `finkclass`): our stand-in for `Early SN Ia candidate`. */
const CLASS = 'SN candidate';
/** The UTC night of the 2026 file (2026-03-22, jd 2461121.6-2461122.04), our stand-in for Fink's date windows. */
const START = '2026-03-22 12:00:00';
const STOP = '2026-03-23 12:00:00';

let store: ServedStore;
let input2026: readonly InputAlert[];

/** Fink's `classsearch`: POSTs the arguments and reads the answer in its format; the status must be 200. */
async function classsearch(
  options: {
    myclass?: string;
    n?: number;
    trend?: string;
    startdate?: string;
    stopdate?: string;
    outputFormat?: OutputFormat;
    cols?: string;
  } = {},
): Promise<Row[]> {
  const format = options.outputFormat ?? 'json';
  const payload: Record<string, string | number> = {
    class: options.myclass ?? CLASS,
    n: options.n ?? 10,
    'output-format': format,
  };
  if (options.startdate !== undefined && options.stopdate !== undefined) {
    payload.startdate = options.startdate;
    payload.stopdate = options.stopdate;
  }
  if (options.cols !== undefined) payload.columns = options.cols;
  if (options.trend !== undefined) payload.trend = options.trend;
  const res = await store.app.request('/api/v1/latests', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return answerRows(res, format);
}

beforeAll(async () => {
  store = await realStore();
  input2026 = (await readInputAlerts(testDataPath('ztf_enriched/fink-client_ztf_2026-03'))).alerts;
}, 600_000);
afterAll(() => store?.close());

describe('Fink latests/test.py', () => {
  it('test_simple_classsearch', async () => {
    // the 2026 file alone holds 31 alerts of the class (Fink's finkclass), so 10 are found
    expect(input2026.filter((a) => a.record.finkclass === CLASS).length).toBeGreaterThanOrEqual(10);
    const pdf = await classsearch();
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf).toHaveLength(10);
    expect(pdf.every((r) => r['v:classification'] === CLASS)).toBe(true);
  });

  it('test_simbad_classsearch', async () => {
    const pdf = await classsearch({ myclass: '(SIMBAD) QSO' });
    expect(pdf.length).toBeGreaterThan(0);
    // Fink's archive has more than 10 QSO alerts; ours has fewer (Fink asserts exactly 10)
    expect(pdf.every((r) => r['v:classification'] === 'QSO')).toBe(true);
    const pdf2 = await classsearch({ myclass: 'QSO' });
    expect(pdf2).toEqual(pdf);
  });

  it('test_tns_classsearch', async () => {
    const pdf = await classsearch({ myclass: '(TNS) SN Ia' });
    expect(pdf.length).toBeGreaterThan(0);
    // the newest alerts with d:tns = SN Ia are those of the 2026 file (the newest data), most recent first
    const expected = input2026
      .filter((a) => a.record.tns === 'SN Ia')
      .sort((a, b) => (b.candidate.jd as number) - (a.candidate.jd as number))
      .map((a) => a.objectId);
    expect(expected.length).toBeGreaterThan(0);
    expect(pdf.slice(0, expected.length).map((r) => r['i:objectId'])).toEqual(expected);
    expect(pdf.every((r) => r['d:tns'] === 'SN Ia')).toBe(true);
  });

  it('test_classsearch_and_date', async () => {
    const pdf = await classsearch({ startdate: START, stopdate: STOP });
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf).toHaveLength(10);
    expect(pdf.every((r) => r['v:classification'] === CLASS)).toBe(true);
    expect(pdf.every((r) => (r['v:lastdate'] as string) < STOP)).toBe(true);
    expect(pdf.every((r) => (r['v:lastdate'] as string) >= START)).toBe(true);
  });

  it('test_classsearch_and_cols_with_sort', async () => {
    const pdf = await classsearch({ cols: 'i:jd,i:objectId' });
    expect(pdf.length).toBeGreaterThan(0);
    const columns = Object.keys(pdf[0]);
    expect(columns).toHaveLength(2);
    expect(columns).toContain('i:jd');
    expect(columns).toContain('i:objectId');
    expect(columns).not.toContain('v:classifation');
  });

  it('test_classsearch_and_cols_without_sort', async () => {
    const pdf = await classsearch({ cols: 'i:objectId' });
    expect(pdf.length).toBeGreaterThan(0);
    expect(Object.keys(pdf[0])).toEqual(['i:objectId']);
  });

  it('test_general_trends', async () => {
    // Fink's n=10 latest alerts of its window all have a rate; in ours, take as many of the latest alerts of the
    // 2026 night as have one (from the input file), so that rising and fading split them as in Fink's test
    const byJdDesc = [...input2026].sort((a, b) => (b.candidate.jd as number) - (a.candidate.jd as number));
    const n = byJdDesc.findIndex((a) => typeof a.record.mag_rate !== 'number' || a.record.mag_rate === 0);
    expect(n).toBeGreaterThan(2);
    const window = { startdate: START, stopdate: STOP, n };
    const pdf = await classsearch(window);
    const pdfRising = await classsearch({ ...window, trend: 'rising' });
    const pdfFading = await classsearch({ ...window, trend: 'fading' });
    expect(pdf.length).toBe(pdfRising.length + pdfFading.length);
    expect(pdfRising.length).toBeGreaterThan(0);
    expect(pdfFading.length).toBeGreaterThan(0);
    expect(pdfRising.every((r) => (r['d:mag_rate'] as number) < 0)).toBe(true);
    expect(pdfFading.every((r) => (r['d:mag_rate'] as number) > 0)).toBe(true);
  });

  it('test_blazar_trends', async () => {
    // Fink's window holds 7 alerts in the CTA blazar low state; ours holds the alerts whose blazar_stats are a
    // low state by fink-filters' definition (0 <= instantness_low < 1 and 0 <= robustness_low < 1): none in the
    // input file (its blazar_stats are the pre-8.42 m0, m1, m2, all -1)
    const inLowState = (a: InputAlert) => {
      const stats = a.record.blazar_stats as Record<string, number | null> | null;
      const i = stats?.instantness_low ?? null;
      const r = stats?.robustness_low ?? null;
      return i !== null && r !== null && i >= 0 && i < 1 && r >= 0 && r < 1;
    };
    const expectedLow = new Set(input2026.filter(inLowState).map((a) => a.objectId)).size;
    const myclass = '(CTA) Blazar low state';
    const pdfLowState = await classsearch({ myclass, trend: 'low_state', startdate: START, stopdate: STOP });
    const pdfNewLowState = await classsearch({
      myclass,
      trend: 'new_low_state',
      startdate: START,
      stopdate: STOP,
    });
    expect(pdfLowState).toHaveLength(expectedLow);
    expect(pdfNewLowState).toHaveLength(0); // as Fink's: "to be changed later"
  });

  it('test_query_url', async () => {
    const pdf1 = await classsearch();
    const res = await store.app.request(
      `/api/v1/latests?class=${encodeURIComponent(CLASS)}&n=10&output-format=json`,
    );
    const pdf2 = (await res.json()) as Row[];
    for (const col of ['i:ra', 'i:dec']) expect(numbers(pdf2, col)).toEqual(numbers(pdf1, col));
  });

  it('test_various_outputs', async () => {
    const pdf1 = await classsearch({ outputFormat: 'json' });
    for (const fmt of ['csv', 'parquet', 'votable'] as const) {
      const pdf2 = await classsearch({ outputFormat: fmt });
      const cols2 = fmt !== 'votable' ? ['i:ra', 'i:dec'] : ['i_ra', 'i_dec'];
      ['i:ra', 'i:dec'].forEach((col, k) => {
        const a = numbers(pdf1, col);
        const b = numbers(pdf2, cols2[k]);
        expect(b, fmt).toHaveLength(a.length);
        b.forEach((v, i) => {
          expect(v, `${fmt} ${col}`).toBeCloseTo(a[i], 8);
        });
      });
    }
  });
});
