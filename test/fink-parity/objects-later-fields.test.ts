/**
 * The later Fink `d:` fields (mangrove_*, blazar_stats_*, lc_features_g/r, is_transient, slsn_score;
 * data/fink-later-fields.ts) as `/api/v1/objects` serves them, against the enriched alerts that carry them read
 * independently: avsc over test/data/ztf_enriched/fink-client_ztf_2026-03/part-3-305711.avro (Fink's 2026 data
 * transfer output, fink-client @ 24249d9b, Apache-2.0). Fink's API flattens the two maps into one column per
 * entry and serves each light-curve feature record as the JSON text of the array of its values
 * (fink-object-api apps/routes/v1/ztf/schema/api.py and anomaly/test.py `test_feature_array` @ 17051ca).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InputAlert, readInputAlerts } from '../support/input-alerts.js';
import { realStore, type ServedStore } from '../support/serve-stores.js';
import { testDataPath } from '../support/test-data.js';
import { answerRows, type OutputFormat } from './answer-tables.js';

type Row = Record<string, unknown>;

const MANGROVE_KEYS = ['HyperLEDA_name', '2MASS_name', 'lum_dist', 'ang_dist'];
const BLAZAR_KEYS = [
  'instantness_low',
  'robustness_low',
  'instantness_high',
  'robustness_high',
  'm0',
  'm1',
  'm2',
];
const LATER_FIELDS = [
  ...MANGROVE_KEYS.map((k) => `d:mangrove_${k}`),
  ...BLAZAR_KEYS.map((k) => `d:blazar_stats_${k}`),
  'd:lc_features_g',
  'd:lc_features_r',
  'd:is_transient',
  'd:slsn_score',
];

let store: ServedStore;
let input: readonly InputAlert[];

async function objects(objectId: string, format: OutputFormat = 'json', columns?: string): Promise<Row[]> {
  const res = await store.app.request('/api/v1/objects', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      objectId,
      'output-format': format,
      ...(columns === undefined ? {} : { columns }),
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return answerRows(res, format);
}

/** The feature record's values in its schema's field order, NaN as null (JSON has no NaN). */
const featureValues = (record: unknown): (number | null)[] | null =>
  record === null || record === undefined
    ? null
    : Object.values(record as Record<string, number | null>).map((v) =>
        v === null || Number.isNaN(v) ? null : v,
      );

beforeAll(async () => {
  store = await realStore();
  input = (await readInputAlerts(testDataPath('ztf_enriched/fink-client_ztf_2026-03'))).alerts;
}, 600_000);
afterAll(() => store?.close());

describe('/api/v1/objects and the later Fink fields', () => {
  it('serves every later field of each 2026 alert with the value of the input file', async () => {
    expect(input).toHaveLength(31);
    let compared = 0;
    for (const alert of input) {
      const rows = await objects(alert.objectId);
      const row = rows.find((r) => String(r['i:candid']) === alert.candid);
      expect(row, alert.objectId).toBeDefined();
      if (row === undefined) continue;
      const rec = alert.record;
      const mangrove = rec.mangrove as Record<string, string | null> | null;
      for (const k of MANGROVE_KEYS) expect(row[`d:mangrove_${k}`], k).toBe(mangrove?.[k] ?? null);
      const blazar = rec.blazar_stats as Record<string, number | null> | null;
      for (const k of BLAZAR_KEYS) {
        const value = row[`d:blazar_stats_${k}`] as number | null;
        // a float: the API writes its shortest float32 text
        expect(value === null ? null : Math.fround(value), k).toBe(blazar?.[k] ?? null);
      }
      for (const band of ['g', 'r']) {
        const text = row[`d:lc_features_${band}`];
        const expected = featureValues(rec[`lc_features_${band}`]);
        if (expected === null) expect(text).toBeNull();
        else {
          expect(typeof text).toBe('string'); // as Fink: a text, which json.loads turns into a list
          expect(JSON.parse(text as string)).toEqual(expected);
          expect(expected).toHaveLength(26);
        }
      }
      expect(row['d:is_transient']).toBe(rec.is_transient);
      expect(row['d:slsn_score']).toBe(rec.slsn_score);
      compared++;
    }
    expect(compared).toBe(31);
    // the input has values other than the absent ones: a Mangrove host, a transient, a real SLSN score
    expect(input.some((a) => (a.record.mangrove as Record<string, string>).HyperLEDA_name !== 'None')).toBe(
      true,
    );
    expect(input.some((a) => a.record.is_transient === true)).toBe(true);
    expect(input.some((a) => (a.record.slsn_score as number) > 0)).toBe(true);
  }, 300_000);

  it('serves them the same in csv, parquet and VOTable', async () => {
    const alert = input.find((a) => (a.record.mangrove as Record<string, string>).HyperLEDA_name !== 'None');
    expect(alert).toBeDefined();
    if (alert === undefined) return;
    const columns = ['i:candid', ...LATER_FIELDS].join(',');
    const json = (await objects(alert.objectId, 'json', columns)).find(
      (r) => String(r['i:candid']) === alert.candid,
    ) as Row;
    for (const format of ['csv', 'parquet', 'votable'] as const) {
      const rows = await objects(alert.objectId, format, columns);
      const key = (name: string) => (format === 'votable' ? name.replace(':', '_') : name);
      const row = rows.find((r) => String(r[key('i:candid')]) === alert.candid) as Row;
      expect(row, format).toBeDefined();
      for (const name of LATER_FIELDS) {
        const value = row[key(name)];
        const want = json[name];
        if (want === null)
          expect(value === '' || value === null || value === undefined, `${format} ${name}`).toBe(true);
        else if (typeof want === 'number') expect(Number(value), `${format} ${name}`).toBeCloseTo(want, 6);
        else if (typeof want === 'boolean')
          // csv writes true/false, parquet a BOOLEAN, VOTable T/F
          expect([true, 'true', 'True', 'T'].includes(value as string | boolean), `${format} ${name}`).toBe(
            want,
          );
        else expect(value, `${format} ${name}`).toBe(want);
      }
    }
  });

  it('serves them null for alerts that do not carry them (raw ZTF alerts)', async () => {
    const rows = await objects('ZTF19acihgng');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) for (const name of LATER_FIELDS) expect(row[name], name).toBeNull();
  });
});
