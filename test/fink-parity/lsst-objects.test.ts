/**
 * Fink's LSST objects and sources route tests (fink-object-api apps/routes/v1/lsst/{objects,sources}/test.py @
 * 17051ca, Apache-2.0), each Fink function an `it` of the same name, on the store of the 25 real Rubin alerts.
 * Fink's ids (314003014107006318, 170261592629837872) and its date are replaced by ones of our data, read from
 * the source parquet independently of the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LsstFixtureApp, lsstSampleSql, openLsstFixtureApp } from '../support/lsst-fixture-store.js';
import { sql } from '../support/sql.js';
import { parseCsv, readParquet } from '../support/table-readers.js';

let fx: LsstFixtureApp;
/** Two diaObjects of different source counts (Fink's test_multiple_objects needs them to differ). */
let OID: string;
let OID2: string;
/** An epoch of OID's history (Fink's 61176.9896294959). */
let EPOCH: number;

beforeAll(async () => {
  fx = await openLsstFixtureApp();
  const src = lsstSampleSql();
  const rows = await sql(`SELECT CAST(diaSource.diaObjectId AS VARCHAR) AS id, len(prvDiaSources) AS n,
      prvDiaSources[1].midpointMjdTai AS t FROM ${src} WHERE len(prvDiaSources) > 0 ORDER BY n DESC`);
  OID = String(rows[0].id);
  OID2 = String(rows[1].id);
  EPOCH = rows[0].t as number;
}, 60_000);
afterAll(() => fx?.close());

async function getAnObject(
  route: 'objects' | 'sources',
  oid: string,
  outputFormat = 'json',
  columns = '*',
  midpointMjdTai?: number,
): Promise<Record<string, unknown>[]> {
  const payload: Record<string, unknown> = { diaObjectId: oid, columns, 'output-format': outputFormat };
  if (midpointMjdTai !== undefined) payload.midpointMjdTai = midpointMjdTai;
  const r = await fx.app.request(`/api/v1/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  expect(r.status).toBe(200);
  if (outputFormat === 'csv') {
    const [head, ...body] = parseCsv(await r.text());
    return body.map((cells) => Object.fromEntries(head.map((h, i) => [h, cells[i]])));
  }
  if (outputFormat === 'parquet') return (await readParquet(new Uint8Array(await r.arrayBuffer()))).rows;
  return (await r.json()) as Record<string, unknown>[];
}

const count = (rows: Record<string, unknown>[], key: string) => new Set(rows.map((r) => String(r[key]))).size;

describe('fink-parity: LSST objects (objects/test.py)', () => {
  it('test_single_object', async () => {
    const pdf = await getAnObject('objects', OID);
    expect(pdf).toHaveLength(1);
  });
  it('test_single_object_csv', async () => {
    expect((await getAnObject('objects', OID, 'csv')).length).toBeGreaterThan(0);
  });
  it('test_single_object_parquet', async () => {
    expect((await getAnObject('objects', OID, 'parquet')).length).toBeGreaterThan(0);
  });
  it('test_column_selection', async () => {
    // Fink's second name, f:firstDiaSourceMjdTaiFink, is a Fink value raw Rubin alerts do not carry
    const pdf = await getAnObject('objects', OID, 'json', 'r:nDiaSources,r:ra');
    expect(Object.keys(pdf[0])).toHaveLength(2);
  });
  it('test_bad_request', async () => {
    expect(await getAnObject('objects', 'ldfksjflkdsjf')).toEqual([]);
  });
  it('test_multiple_objects', async () => {
    const pdf = await getAnObject('objects', [OID, OID2].join(','));
    expect(count(pdf, 'r:ra')).toBe(2);
    let lenObject = 0;
    for (const oid of [OID, OID2]) lenObject += (await getAnObject('objects', oid)).length;
    expect(pdf).toHaveLength(lenObject);
  });
});

describe('fink-parity: LSST sources (sources/test.py)', () => {
  it('test_single_object', async () => {
    expect((await getAnObject('sources', OID)).length).toBeGreaterThan(0);
  });
  it('test_single_object_with_date', async () => {
    expect(await getAnObject('sources', OID, 'json', '*', EPOCH)).toHaveLength(1);
  });
  it('test_single_object_csv', async () => {
    expect((await getAnObject('sources', OID, 'csv')).length).toBeGreaterThan(0);
  });
  it('test_single_object_parquet', async () => {
    expect((await getAnObject('sources', OID, 'parquet')).length).toBeGreaterThan(0);
  });
  it('test_column_selection', async () => {
    const pdf = await getAnObject('sources', OID, 'json', 'r:midpointMjdTai,r:psfFlux');
    expect(Object.keys(pdf[0])).toHaveLength(2);
  });
  it('test_formatting', async () => {
    const pdf = await getAnObject('sources', OID);
    expect(typeof pdf[0]['r:band']).toBe('string');
    expect(typeof pdf[0]['r:psfFlux']).toBe('number');
  });
  it('test_misc', async () => {
    const pdf = await getAnObject('sources', OID);
    expect(pdf.every((r) => (r['r:midpointMjdTai'] as number) > 0)).toBe(true);
  });
  it('test_bad_request', async () => {
    expect(await getAnObject('sources', 'ldfksjflkdsjf')).toEqual([]);
  });
  it('test_multiple_objects', async () => {
    const pdf = await getAnObject('sources', [OID, OID2].join(','));
    expect(pdf[0]).toHaveProperty('r:diaObjectId');
    // per-object row counts differ (Fink: the number of distinct counts is 2)
    const perObject = new Map<string, number>();
    let lenSingles = 0;
    for (const oid of [OID, OID2]) {
      const single = await getAnObject('sources', oid);
      perObject.set(oid, single.length);
      lenSingles += single.length;
    }
    expect(new Set(perObject.values()).size).toBe(2);
    expect(pdf).toHaveLength(lenSingles);
  });
});
