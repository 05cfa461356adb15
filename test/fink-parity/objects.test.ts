/**
 * Fink's objects tests against our `/api/v1/objects`, on the store built from test/data.
 *
 * Adapted from fink-object-api `apps/routes/v1/ztf/objects/test.py` at commit 17051ca
 * (astrolabsoftware/fink-object-api, Apache-2.0; authors: AstroLab Software, Julien Peloton). Every test function
 * of that file is an `it` of the same name with the same assertions' meaning; Fink's objects (ZTF21abfmbix,
 * ZTF21aaxtctv, ZTF21abfaohe) are replaced by the objects of our Avro inputs with the most valid alerts, and every
 * count is derived from the input files (input-oracle.ts), never from our answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, realStore, type ServedStore } from '../support/serve-stores.js';
import { parseCsv, readParquet } from '../support/table-readers.js';
import { testDataPath } from '../support/test-data.js';
import { candidateFieldNames, type OracleAlert, readOracleAlerts } from './input-oracle.js';

type Row = Record<string, unknown>;
const PATH = '/api/v1/objects';

describe('Fink parity: objects/test.py', () => {
  let store: ServedStore;
  let alerts: OracleAlert[];
  /** Objects of the Avro inputs (with stamps), most valid alerts first, then by id. */
  let oids: string[];
  let OID: string;

  /** Fink's `get_an_object`: POST JSON, 200 asserted, rows and column names whatever the format. */
  async function getAnObject(
    args: {
      oid?: string;
      output_format?: 'json' | 'csv' | 'parquet';
      columns?: string;
      withupperlim?: boolean;
      withcutouts?: boolean;
      cutout_kind?: string;
    } = {},
  ): Promise<{ rows: Row[]; columns: string[]; types: Record<string, string> }> {
    const format = args.output_format ?? 'json';
    const payload: Record<string, string | boolean> = {
      objectId: args.oid ?? OID,
      columns: args.columns ?? '*',
      'output-format': format,
      withupperlim: args.withupperlim ?? false,
      withcutouts: args.withcutouts ?? false,
    };
    if (args.cutout_kind !== undefined) payload['cutout-kind'] = args.cutout_kind;
    const { res, body } = await call(store.app, PATH, payload);
    expect(res.status, JSON.stringify(body)?.slice(0, 300)).toBe(200);
    if (format === 'json') {
      const rows = body as Row[];
      return { rows, columns: [...new Set(rows.flatMap((r) => Object.keys(r)))], types: {} };
    }
    if (format === 'csv') {
      const [header, ...lines] = parseCsv(await res.text());
      const rows = lines.map((l) => Object.fromEntries(header.map((h, i) => [h, l[i]])));
      return { rows, columns: header ?? [], types: {} };
    }
    const table = await readParquet(new Uint8Array(await res.arrayBuffer()));
    return {
      rows: table.rows,
      columns: table.columns.map((c) => c.name),
      types: Object.fromEntries(table.columns.map((c) => [c.name, c.type])),
    };
  }

  const validAlertsOf = (oid: string) => alerts.filter((a) => a.objectId === oid);

  beforeAll(async () => {
    [store, alerts] = await Promise.all([realStore(), readOracleAlerts()]);
    const counts = new Map<string, number>();
    for (const a of alerts)
      if (a.source === 'avro') counts.set(a.objectId, (counts.get(a.objectId) ?? 0) + 1);
    oids = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
    OID = oids[0];
  });
  afterAll(() => store?.close());

  it('test_single_object', async () => {
    const { rows } = await getAnObject({ oid: OID });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(validAlertsOf(OID).length);
  });

  it('test_single_object_csv', async () => {
    const { rows } = await getAnObject({ oid: OID, output_format: 'csv' });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(validAlertsOf(OID).length);
  });

  it('test_single_object_parquet', async () => {
    const { rows } = await getAnObject({ oid: OID, output_format: 'parquet' });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(validAlertsOf(OID).length);
  });

  it('test_column_selection', async () => {
    const { columns } = await getAnObject({ oid: OID, columns: 'i:jd,i:magpsf' });
    expect(columns).toHaveLength(2);
  });

  it('test_column_length', async () => {
    // Fink counts 136 columns for its full answer (its i:, d: and v: fields of 2024). Our field set differs (docs/
    // api.md), so the closest meaningful check: every field of the input alert's `candidate` schema is an i:
    // column, and the answer holds exactly the i:, d: and v: fields /api/v1/schema defines (d:tag comes with
    // withupperlim only, as in Fink).
    const { columns } = await getAnObject({ oid: OID });
    const dir = testDataPath('ztf_raw_avro', 'fink-broker_ci_alerts_2023-10-18');
    const file = path.join(dir, fs.readdirSync(dir).filter((f) => f.endsWith('.avro'))[0]);
    for (const name of await candidateFieldNames(file)) expect(columns).toContain(`i:${name}`);
    const schema = (await call(store.app, '/api/v1/schema', {}, 'GET')).body as Record<string, Row>;
    const defined = Object.entries(schema)
      .filter(([family]) => !family.includes('(b:)'))
      .flatMap(([family, fields]) => Object.keys(fields).map((n) => `${family.slice(-3, -1)}${n}`));
    expect([...columns].sort()).toEqual(defined.filter((c) => c !== 'd:tag').sort());
  });

  it('test_withupperlim', async () => {
    const { columns } = await getAnObject({ oid: OID, withupperlim: true });
    expect(columns).toContain('d:tag');
  });

  it('test_withcutouts', async () => {
    const { rows } = await getAnObject({ oid: OID, withcutouts: true });
    for (const kind of ['Science', 'Template', 'Difference'])
      expect(Array.isArray(rows[0][`b:cutout${kind}_stampData`]), kind).toBe(true);
  });

  it('test_withcutouts_single_field', async () => {
    const { rows, columns } = await getAnObject({ oid: OID, withcutouts: true, cutout_kind: 'Science' });
    const cutout = rows[0]['b:cutoutScience_stampData'] as unknown[];
    expect(Array.isArray(cutout)).toBe(true);
    expect(cutout.length).not.toBe(0);
    expect(columns).not.toContain('b:cutoutTemplate_stampData');
  });

  it('test_formatting', async () => {
    // Fink checks pandas' dtypes (int64, double); here the JSON values and the parquet column types
    const { rows } = await getAnObject({ oid: OID });
    expect(Number.isInteger(rows[0]['i:fid'])).toBe(true);
    expect(typeof rows[0]['i:magpsf']).toBe('number');
    const { types } = await getAnObject({ oid: OID, output_format: 'parquet' });
    expect(types['i:fid']).toMatch(/INT/);
    expect(types['i:magpsf']).toMatch(/FLOAT|DOUBLE/);
  });

  it('test_misc', async () => {
    const { rows } = await getAnObject({ oid: OID });
    expect(rows.every((r) => (r['i:fid'] as number) > 0)).toBe(true);
    expect(rows.every((r) => (r['i:magpsf'] as number) > 6)).toBe(true);
  });

  it('test_bad_request', async () => {
    expect(alerts.some((a) => a.objectId === 'ldfksjflkdsjf')).toBe(false);
    const { rows } = await getAnObject({ oid: 'ldfksjflkdsjf' });
    expect(rows).toEqual([]);
  });

  it('test_multiple_objects', async () => {
    const OIDS_ = oids.slice(0, 3);
    const pdf = (await getAnObject({ oid: OIDS_.join(',') })).rows;
    // Fink counts the distinct per-object row counts (3 for its objects); the meaning: all 3 objects are there
    const nOids = new Set(pdf.map((r) => r['i:objectId'])).size;
    expect(nOids).toBe(3);
    let nOidsSingle = 0;
    let lenObject = 0;
    for (const oid of OIDS_) {
      const single = (await getAnObject({ oid })).rows;
      nOidsSingle += new Set(single.map((r) => r['i:objectId'])).size;
      lenObject += single.length;
      expect(single).toHaveLength(validAlertsOf(oid).length);
    }
    expect(nOids).toBe(nOidsSingle);
    expect(lenObject).toBe(pdf.length);
  });
});
