/**
 * Fink's statistics tests against our server. Adapted from fink-object-api `apps/routes/v1/ztf/statistics/test.py`
 * at commit 17051ca (github.com/astrolabsoftware/fink-object-api, Apache-2.0, AstroLab Software): every test
 * function is an `it` of the same name with the same assertions. Fink's dates and counts (2021: 254 nights;
 * 2021-11-03: 131 columns, 346,644 alerts received) are replaced by ours, derived from the alert files of
 * test/data (README §1-§2) read here with avsc and DuckDB, never from our answers:
 * - a year: 2023, whose only alerts are those of fink-broker_ci_alerts_2023-10-18;
 * - a day: 2026-03-22, whose only alerts are the 31 Fink-processed ones of fink-client_ztf_2026-03; they carry
 *   Fink's own label (`finkclass`) and SIMBAD cross-match (`cdsxmatch`), from which the `class:` counts follow;
 * - the columns test: 2022, whose only alerts are fink-utils' alert_samples_2022-08-04 (Solar System alerts).
 * Counts follow fink-broker's `bin/ztf/archive_statistics.py`: `basic:raw` over the alerts received, the rest
 * over the valid ones (rb ≥ 0.55, nbad = 0); `class:simbad_tot` by fink-filters' `simbad_candidates_`,
 * `class:simbad_gal` by fink-utils' `return_list_of_eg_host()`, both written from Fink's code in
 * test/support/fink-statistics-oracle.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EG_HOST_LIST, isSimbadCounterpart } from '../support/fink-statistics-oracle.js';
import { type InputAlert, isValidInput, readInputAlerts } from '../support/input-alerts.js';
import { call, realStore, type ServedStore } from '../support/serve-stores.js';
import { sql } from '../support/sql.js';
import { parseCsv } from '../support/table-readers.js';
import { testDataPath } from '../support/test-data.js';

type Row = Record<string, unknown>;

const UNIX_EPOCH_JD = 2440587.5;
const MS_PER_DAY = 86_400_000;

/** YYYYMMDD of the UTC date of a JD (our night). */
function nightOf(jd: number): string {
  return new Date((jd - UNIX_EPOCH_JD) * MS_PER_DAY).toISOString().slice(0, 10).replace(/-/g, '');
}

/** The statistics row a night's alerts give by Fink's definitions (the store keeps one alert per candid). */
function expectedRow(alerts: readonly InputAlert[]): Record<string, number> {
  const distinct = [...new Map(alerts.map((a) => [a.candid, a])).values()];
  const valid = distinct.filter(isValidInput);
  const field = (name: string) => valid.map((a) => a.candidate[name]);
  const row: Record<string, number> = {
    'basic:raw': distinct.length,
    'basic:sci': valid.length,
    'basic:n_g': field('fid').filter((f) => f === 1).length,
    'basic:n_r': field('fid').filter((f) => f === 2).length,
    'basic:exposures': new Set(field('jd')).size,
    'basic:fields': new Set(field('field')).size,
    'class:simbad_tot': valid.filter((a) => isSimbadCounterpart(String(a.record.cdsxmatch))).length,
    'class:simbad_gal': valid.filter((a) => EG_HOST_LIST.has(String(a.record.cdsxmatch))).length,
  };
  for (const a of valid) {
    const label = `class:${String(a.record.finkclass)}`;
    row[label] = (row[label] ?? 0) + 1;
  }
  return row;
}

describe('fink-object-api statistics/test.py', () => {
  let store: ServedStore;
  let ci: readonly InputAlert[];
  let day: readonly InputAlert[];

  beforeAll(async () => {
    store = await realStore();
    ci = (await readInputAlerts(testDataPath('ztf_raw_avro', 'fink-broker_ci_alerts_2023-10-18'))).alerts;
    day = (await readInputAlerts(testDataPath('ztf_enriched', 'fink-client_ztf_2026-03'))).alerts;
  });
  afterAll(() => store?.close());

  /** Fink's `statstest`: a POST with date, columns and output-format; asserts 200 and returns the rows. */
  async function statstest(
    date = '2023',
    columns = '*',
    outputFormat: 'json' | 'csv' = 'json',
  ): Promise<Row[]> {
    const r = await call(store.app, '/api/v1/statistics', { date, columns, 'output-format': outputFormat });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (outputFormat === 'json') return r.body as Row[];
    const [header, ...lines] = parseCsv(await r.res.text());
    return lines.map((line) => Object.fromEntries(header.map((name, i) => [name, line[i]])));
  }

  /** pandas' `pdf.columns` of the rows: every key of any row. */
  const columnsOf = (rows: readonly Row[]): string[] => [...new Set(rows.flatMap((r) => Object.keys(r)))];

  it('test_stats', async () => {
    const pdf = await statstest();
    // Number of observation days in 2023
    const nights = new Set(ci.map((a) => nightOf(a.candidate.jd as number)));
    expect(nights.size).toBeGreaterThan(1);
    expect(pdf).toHaveLength(nights.size);
    expect(pdf.map((r) => r['key:key'])).toEqual([...nights].sort().map((n) => `ztf_${n}`));
  });

  it('test_a_day', async () => {
    const pdf = await statstest('20260322');
    const alerts = day.filter((a) => nightOf(a.candidate.jd as number) === '20260322');
    expect(alerts).toHaveLength(day.length);
    const expected = expectedRow(alerts);

    expect(pdf).toHaveLength(1);
    // key:key and key:time, then the basic and class columns of that night (Fink's had 131)
    expect(columnsOf(pdf)).toHaveLength(2 + Object.keys(expected).length);
    expect(columnsOf(pdf)).toContain('basic:sci');
    expect(columnsOf(pdf)).toContain('basic:raw');
    // Fink's 346644 alerts received become the 31 of the file
    expect(pdf[0]['basic:raw']).toBe(31);
    // beyond Fink's assertions: every count is the one the file gives
    const { 'key:key': key, 'key:time': time, ...counts } = pdf[0];
    expect(key).toBe('ztf_20260322');
    expect(typeof time).toBe('number');
    expect(counts).toEqual(expected);
    // the same row in csv
    const csv = await statstest('20260322', '*', 'csv');
    expect(csv.map((r) => Object.keys(r))).toEqual(pdf.map((r) => Object.keys(r)));
    expect(csv[0]['basic:raw']).toBe('31');
  });

  it('test_cols', async () => {
    // the 2022 alerts with roid = 3 (a known Solar System object) and no SIMBAD counterpart are
    // `Solar System MPC` by Fink's classification rules: that column exists in 2022
    const file = testDataPath('ztf_enriched', 'fink-utils', 'alert_samples_2022-08-04.parquet');
    const [sso] = await sql(
      `SELECT count(*)::INT AS n FROM read_parquet('${file.replace(/'/g, "''")}')
       WHERE roid = 3 AND coalesce(cdsxmatch, 'Unknown') = 'Unknown'
         AND candidate.rb >= 0.55 AND candidate.nbad = 0`,
    );
    expect(sso.n).toBeGreaterThan(0);

    const pdf = await statstest('2022', 'basic:exposures,class:Solar System MPC');
    expect(pdf.length).toBeGreaterThan(0);
    expect(columnsOf(pdf)).toHaveLength(2 + 2);
    expect(columnsOf(pdf)).toEqual(['key:key', 'key:time', 'basic:exposures', 'class:Solar System MPC']);
  });
});
