/**
 * LSST `/api/v1/ssoft` and `/api/v1/ssobulk` on a store of real Rubin alerts (the 25 alerts of
 * test/data/lsst/rubin_sample_data_10_0.parquet, three of them Solar System detections), after the monthly job.
 * Expected values come from DuckDB queries of the sample file itself. Adapted from fink-object-api
 * `apps/routes/v1/lsst/{ssoft,ssobulk}/test.py` (schema equals the table's columns; HG is the default flavour;
 * one object by name; an unknown name gives no row).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlPathLiteral } from '../../data/index.js';
import { buildLsstSsoft } from '../../data/jobs/index.js';
import { type LsstFixtureApp, lsstSampleSql, openLsstFixtureApp } from '../support/lsst-fixture-store.js';
import { testLog } from '../support/store.js';

const VERSION = '2026.11';
const KM_PER_AU = 149_597_870.7;

interface SampleSso {
  designation: string;
  midpointMjdTai: number;
  psfFlux: number;
  phaseAngle: number;
  topoRange: number;
}

let fixture: LsstFixtureApp;
let sample: SampleSso[] = [];

async function post(route: string, body: Record<string, unknown>): Promise<Response> {
  return fixture.app.request(route, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The columns of a parquet answer, read by DuckDB. */
async function parquetRows(bytes: ArrayBuffer): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lsst-ssoft-')), 'a.parquet');
    fs.writeFileSync(file, Buffer.from(bytes));
    return (
      await conn.runAndReadAll(`SELECT * FROM read_parquet(${sqlPathLiteral(file)})`)
    ).getRowObjectsJS();
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

beforeAll(async () => {
  fixture = await openLsstFixtureApp();
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  sample = (
    await conn.runAndReadAll(
      `SELECT mpc_orbits.unpacked_primary_provisional_designation AS designation,
              diaSource.midpointMjdTai AS "midpointMjdTai", diaSource.psfFlux AS "psfFlux",
              ssSource.phaseAngle AS "phaseAngle", ssSource.topoRange AS "topoRange"
       FROM read_parquet(${lsstSampleSql()}) WHERE ssSource IS NOT NULL ORDER BY designation`,
    )
  ).getRowObjectsJS() as unknown as SampleSso[];
  conn.closeSync();
  instance.closeSync();
}, 120_000);

afterAll(() => fixture?.close());

describe('LSST ssoft and ssobulk before the monthly job', () => {
  it('answer 404 with a JSON error saying how to build them', async () => {
    for (const route of ['/api/v1/ssoft', '/api/v1/ssobulk']) {
      const res = await post(route, { 'output-format': 'json' });
      expect(res.status).toBe(404);
      const body = (await res.json()) as { status: string; text: string };
      expect(body.status).toBe('error');
      expect(body.text).toContain('skyalert ssoft build');
    }
  });
});

describe('LSST ssoft and ssobulk after the monthly job', () => {
  beforeAll(async () => {
    expect(sample.length).toBe(3);
    // one detection each: below the default minimum of 10, so nothing is fitted
    const skipped = await buildLsstSsoft(fixture.layout, { version: VERSION, flavors: ['HG'], log: testLog });
    expect(skipped.objects).toBe(0);
    expect(skipped.tooFewDetections).toBe(3);
    // with a minimum of 1, each object has a row that reports why it has no fit, as on ZTF stores
    const summary = await buildLsstSsoft(fixture.layout, {
      version: VERSION,
      flavors: ['HG', 'HG1G2'],
      minDetections: 1,
      log: testLog,
    });
    expect(summary.objects).toBe(3);
    expect(summary.fitted).toEqual({ HG: 0, HG1G2: 0 });
  }, 120_000);

  it('serve one row per Solar System object, under its exact designation, with its observation statistics', async () => {
    for (const s of sample) {
      const res = await post('/api/v1/ssoft', { sso_name: s.designation });
      expect(res.status).toBe(200);
      const rows = (await res.json()) as Record<string, unknown>[];
      expect(rows).toHaveLength(1);
      const row = rows[0];
      expect(row.designation).toBe(s.designation);
      expect(row.version).toBe(VERSION);
      expect(row.n_obs).toBe(1);
      expect(row.n_obs_i).toBe(1);
      expect(row.n_obs_g).toBeNull();
      // one point for two parameters: no degree of freedom (fit 3, status -1)
      expect(row.fit).toBe(3);
      expect(row.status).toBe(-1);
      expect(row.H_i).toBeNull();
      expect(row.min_phase_i).toBeCloseTo(s.phaseAngle, 10);
      expect(row.last_jd).toBeCloseTo(s.midpointMjdTai + 2400000.5 - 37 / 86400, 8);
    }
    const none = await post('/api/v1/ssoft', { sso_name: '2099 ZZ999' });
    expect(await none.json()).toEqual([]);
  });

  it('serve the whole HG table by default as parquet, its columns those of the HG schema', async () => {
    const res = await post('/api/v1/ssoft', {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('parquet');
    const rows = await parquetRows(await res.arrayBuffer());
    expect(rows.map((r) => r.designation).sort()).toEqual(sample.map((s) => s.designation));
    const schema = (await (await post('/api/v1/ssoft', { schema: true, flavor: 'HG' })).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(schema).sort()).toEqual(Object.keys(rows[0]).sort());
    // Fink's 67 common LSST columns, plus G and err_G in six bands
    expect(Object.keys(schema)).toHaveLength(67 + 12);
    expect(await (await post('/api/v1/ssoft', { schema: true })).json()).toEqual(schema);
    const hg1g2 = (await (await post('/api/v1/ssoft', { schema: true, flavor: 'hg1g2' })).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(hg1g2)).toContain('G2_y');
  });

  it('refuse flavours and versions the LSST table does not have', async () => {
    for (const body of [
      { flavor: 'SHG1G2' },
      { flavor: 'SOCCA' },
      { version: '2026.10' },
      { version: '26.1' },
    ]) {
      const res = await post('/api/v1/ssoft', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { status: string }).status).toBe('error');
    }
  });

  it('serve each light curve in the bulk table, values as the sample holds them', async () => {
    for (const s of sample) {
      const res = await post('/api/v1/ssobulk', { sso_name: s.designation });
      expect(res.status).toBe(200);
      const rows = (await res.json()) as Record<string, unknown>[];
      expect(rows).toHaveLength(1);
      const row = rows[0];
      expect(row.designation).toBe(s.designation);
      expect(row.version).toBe(VERSION);
      expect(row.cband).toEqual(['i']);
      expect(row.cmidpointMjdTai).toEqual([s.midpointMjdTai]);
      // float columns: 24-bit mantissa
      expect((row.cmagpsf as number[])[0]).toBeCloseTo(31.4 - 2.5 * Math.log10(s.psfFlux), 5);
      // Rubin's 2026 ranges are divided once more by the km per AU: served in AU
      expect((row.ctopoRange as number[])[0] / (s.topoRange * KM_PER_AU)).toBeCloseTo(1, 6);
    }
    expect(
      await (await post('/api/v1/ssobulk', { sso_name: 'totocaca', 'output-format': 'json' })).json(),
    ).toEqual([]);
  });

  it('serve the whole bulk table as parquet by default, its columns those of its schema', async () => {
    const res = await post('/api/v1/ssobulk', {});
    expect(res.headers.get('content-type')).toContain('parquet');
    const rows = await parquetRows(await res.arrayBuffer());
    expect(rows.map((r) => r.designation)).toEqual(sample.map((s) => s.designation));
    const schema = (await (await post('/api/v1/ssobulk', { schema: true })).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(schema)).toEqual(Object.keys(rows[0]));
    expect(Object.keys(schema)).toContain('cjdUtc');
    const get = await fixture.app.request(`/api/v1/ssobulk?schema=True`);
    expect(Object.keys((await get.json()) as object)).toEqual(Object.keys(schema));
  });
});
