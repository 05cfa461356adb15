/**
 * The LSST API on a store of the 25 real Rubin alerts (test/support/lsst-fixture-store.ts): every answer is
 * checked against an independent DuckDB reading of the source parquet (exact 64-bit ids, values, counts), in the
 * four formats, with the shared conventions (JSON errors, argument listing, unknown arguments).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../ingest/index.js';
import { createLsstApp } from '../../serve/app.js';
import { LsstStoreReader } from '../../serve/lsst-store-reader.js';
import { readFitsOracle } from '../support/fits-oracle.js';
import { type AvroRecord, avscLsstRecords } from '../support/lsst-avro-records.js';
import { type LsstFixtureApp, lsstSampleSql, openLsstFixtureApp } from '../support/lsst-fixture-store.js';
import { readPng } from '../support/png.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { parseCsv, parseVotable, readParquet } from '../support/table-readers.js';
import { testDataPath } from '../support/test-data.js';

let fx: LsstFixtureApp;
const SRC = lsstSampleSql();

beforeAll(async () => {
  fx = await openLsstFixtureApp();
}, 60_000);
afterAll(() => fx?.close());

function post(path: string, body: Record<string, unknown>) {
  return fx.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The bare integers of `field` in a JSON text, as written (never through a JS number). */
function idsIn(text: string, field: string): string[] {
  return [...text.matchAll(new RegExp(`"${field}":(-?\\d+)[,}]`, 'g'))].map((m) => m[1]);
}

/** diaObjects of the sample with their alert count in prvDiaSources + 1, from the diaSource's exact ids. */
async function sampleObjects(): Promise<{ id: string; sources: number }[]> {
  const rows = await sql(`
    WITH ids AS (
      SELECT diaSource.diaObjectId AS oid, diaSource.diaSourceId AS sid FROM ${SRC} WHERE diaSource.diaObjectId <> 0
      UNION SELECT p.diaObjectId, p.diaSourceId FROM (SELECT unnest(prvDiaSources) AS p FROM ${SRC}))
    SELECT CAST(oid AS VARCHAR) AS id, count(DISTINCT sid) AS n FROM ids GROUP BY oid ORDER BY oid`);
  return rows.map((r) => ({ id: String(r.id), sources: Number(r.n) }));
}

describe('LSST objects', () => {
  it('answers each diaObject of the sample once, with its exact id and its newest alert diaObject values', async () => {
    const expected = await sampleObjects();
    expect(expected).toHaveLength(22);
    const res = await post('/api/v1/objects', { diaObjectId: expected.map((o) => o.id).join(',') });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(idsIn(text, 'r:diaObjectId').sort()).toEqual(expected.map((o) => o.id).sort());
    const rows = JSON.parse(text) as Record<string, unknown>[];
    const truth = await sql(`
      SELECT CAST(diaSource.diaObjectId AS VARCHAR) AS id, diaObject.ra AS ra, diaObject.nDiaSources AS n,
        target_name FROM ${SRC} WHERE diaSource.diaObjectId <> 0`);
    const byId = new Map(truth.map((t) => [String(t.id), t]));
    const ids = idsIn(text, 'r:diaObjectId');
    rows.forEach((row, i) => {
      const t = byId.get(ids[i])!;
      expect(row['r:ra']).toBe(t.ra);
      expect(row['r:nDiaSources']).toBe(t.n);
      expect(row['r:target_name']).toBe(t.target_name);
      expect(Object.keys(row).some((k) => k.startsWith('v:'))).toBe(false);
    });
  });

  it('matches ids exactly (no prefix), answers [] for unknown or non-numeric ids, and selects columns', async () => {
    const [first] = await sampleObjects();
    expect(await (await post('/api/v1/objects', { diaObjectId: first.id.slice(0, -1) })).json()).toEqual([]);
    expect(await (await post('/api/v1/objects', { diaObjectId: 'ldfksjflkdsjf' })).json()).toEqual([]);
    const res = await post('/api/v1/objects', { diaObjectId: first.id, columns: 'r:nDiaSources,r:ra,nope' });
    // named columns come in the store's column order
    expect(Object.keys(((await res.json()) as object[])[0]).sort()).toEqual(['r:nDiaSources', 'r:ra']);
  });

  it('keeps a 64-bit id sent as a bare JSON number exact', async () => {
    const id = '169738309211783177';
    const res = await fx.app.request('/api/v1/objects', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"diaObjectId": ${id}, "columns": "r:diaObjectId"}`,
    });
    expect(await res.text()).toBe(`[{"r:diaObjectId":${id}}]`);
  });
});

describe('LSST sources', () => {
  it('answers every diaSource of an object (alert and history), newest first', async () => {
    const objects = await sampleObjects();
    const many = objects.filter((o) => o.sources > 1);
    expect(many.length).toBeGreaterThanOrEqual(3);
    for (const o of many) {
      const res = await post('/api/v1/sources', { diaObjectId: o.id });
      const text = await res.text();
      const rows = JSON.parse(text) as Record<string, number>[];
      expect(rows).toHaveLength(o.sources);
      const times = rows.map((r) => r['r:midpointMjdTai']);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(new Set(idsIn(text, 'r:diaObjectId'))).toEqual(new Set([o.id]));
    }
    const both = await post('/api/v1/sources', { diaObjectId: `${many[0].id},${many[1].id}` });
    expect(((await both.json()) as object[]).length).toBe(many[0].sources + many[1].sources);
  });

  it('selects one epoch with midpointMjdTai, and v:alert when named', async () => {
    const [t] = await sql(`
      SELECT CAST(diaSource.diaObjectId AS VARCHAR) AS oid, p.midpointMjdTai AS t, CAST(p.diaSourceId AS VARCHAR) AS sid
      FROM (SELECT diaSource, unnest(prvDiaSources) AS p FROM ${SRC}) ORDER BY p.midpointMjdTai LIMIT 1`);
    const res = await post('/api/v1/sources', {
      diaObjectId: String(t.oid),
      midpointMjdTai: t.t,
      columns: 'r:diaSourceId,r:midpointMjdTai,v:alert',
    });
    const text = await res.text();
    expect(idsIn(text, 'r:diaSourceId')).toEqual([String(t.sid)]);
    expect((JSON.parse(text) as Record<string, unknown>[])[0]['v:alert']).toBe(false);
  });

  it('answers csv, parquet and votable with the same rows and exact ids', async () => {
    const id = '169645854020337671';
    const cols = 'r:diaSourceId,r:band,r:psfFlux';
    const json = await (await post('/api/v1/sources', { diaObjectId: id, columns: cols })).text();
    const ids = idsIn(json, 'r:diaSourceId');
    const csv = parseCsv(
      await (
        await post('/api/v1/sources', { diaObjectId: id, columns: cols, 'output-format': 'csv' })
      ).text(),
    );
    expect([...csv[0]].sort()).toEqual(['r:band', 'r:diaSourceId', 'r:psfFlux']);
    const at = csv[0].indexOf('r:diaSourceId');
    expect(csv.slice(1).map((r) => r[at])).toEqual(ids);
    const pq = await readParquet(
      new Uint8Array(
        await (
          await post('/api/v1/sources', { diaObjectId: id, columns: cols, 'output-format': 'parquet' })
        ).arrayBuffer(),
      ),
    );
    expect(pq.columns).toContainEqual({ name: 'r:diaSourceId', type: 'BIGINT' });
    expect(pq.rows.map((r) => String(r['r:diaSourceId']))).toEqual(ids);
    const vo = parseVotable(
      await (
        await post('/api/v1/sources', { diaObjectId: id, columns: cols, 'output-format': 'votable' })
      ).text(),
    );
    expect(vo.rows.map((r) => r[at])).toEqual(ids);
  });
});

describe('LSST fp', () => {
  it('answers [] for the Rubin sample, which carries no forced source (its list is typed INTEGER[])', async () => {
    const res = await post('/api/v1/fp', { diaObjectId: '169738309211783177' });
    expect(await res.json()).toEqual([]);
    const csv = await (
      await post('/api/v1/fp', { diaObjectId: '169738309211783177', 'output-format': 'csv' })
    ).text();
    expect(parseCsv(csv)[0]).toContain('r:diaForcedSourceId');
  });

  it('answers the forced photometry of Fink transfer alerts, each forced source once, newest first', async () => {
    const layout = tempStore('skyalert-lsst-fp-');
    try {
      await ingestFiles(layout, [testDataPath('lsst', 'part-2-918301.avro')], {
        ingesterId: 'fp',
        log: testLog,
        publish: true,
      });
      const reader = await LsstStoreReader.open(layout, testLog);
      try {
        const app = createLsstApp(reader, testLog);
        // independent reading: avsc's generic decoding of the container
        const records = await avscLsstRecords(testDataPath('lsst', 'part-2-918301.avro'));
        const withObject = records.filter((r) => (r.diaSource as AvroRecord).diaObjectId !== 0n);
        expect(withObject.length).toBeGreaterThan(0);
        for (const r of withObject) {
          const oid = String((r.diaSource as AvroRecord).diaObjectId);
          const forced = (r.prvDiaForcedSources as AvroRecord[] | null) ?? [];
          const ids = new Set(forced.map((f) => String(f.diaForcedSourceId)));
          const res = await app.request('/api/v1/fp', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ diaObjectId: oid, columns: 'r:diaForcedSourceId,r:midpointMjdTai' }),
          });
          const text = await res.text();
          const rows = JSON.parse(text) as { 'r:midpointMjdTai': number }[];
          expect(rows.length).toBe(ids.size);
          for (const id of ids) expect(text).toContain(`"r:diaForcedSourceId":${id}`);
          const times = rows.map((row) => row['r:midpointMjdTai']);
          expect(times).toEqual([...times].sort((a, b) => b - a));
        }
      } finally {
        reader.close();
      }
    } finally {
      fs.rmSync(layout.root, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('LSST conesearch', () => {
  it('finds the diaObjects whose last alert is within the cone, nearest first, one row each', async () => {
    const [c] = await sql(`SELECT diaSource.ra AS ra, diaSource.dec AS dec FROM ${SRC}
      WHERE diaSource.diaObjectId = 169738309211783177`);
    const radiusArcsec = 3600;
    const truth = await sql(
      `
      SELECT CAST(diaSource.diaObjectId AS VARCHAR) AS id,
        degrees(2 * asin(sqrt(sin(radians(diaSource.dec - $2) / 2) ^ 2 +
          cos(radians(diaSource.dec)) * cos(radians($2)) * sin(radians(diaSource.ra - $1) / 2) ^ 2))) AS sep
      FROM ${SRC} WHERE diaSource.diaObjectId <> 0 ORDER BY sep`,
      [c.ra as number, c.dec as number],
    );
    const inside = truth.filter((t) => (t.sep as number) * 3600 <= radiusArcsec);
    expect(inside.length).toBeGreaterThan(2);
    const res = await post('/api/v1/conesearch', { ra: c.ra, dec: c.dec, radius: radiusArcsec });
    const text = await res.text();
    expect(idsIn(text, 'r:diaObjectId')).toEqual(inside.map((t) => String(t.id)));
    const rows = JSON.parse(text) as Record<string, number>[];
    rows.forEach((r, i) => {
      expect(r['v:separation_degree']).toBeCloseTo(inside[i].sep as number, 9);
    });
    expect(Object.keys(rows[0])).toContain('r:nDiaSources');
    const few = await post('/api/v1/conesearch', { ra: c.ra, dec: c.dec, radius: radiusArcsec, n: 2 });
    expect(idsIn(await few.text(), 'r:diaObjectId')).toEqual(inside.slice(0, 2).map((t) => String(t.id)));
  });

  it('adds r:ra, r:dec, r:midpointMjdTai and v:separation_degree to a selection; sexagesimal equals degrees', async () => {
    const base = { ra: 59.4825317, dec: -48.0897337, radius: 5 };
    const res = await post('/api/v1/conesearch', { ...base, columns: 'r:diaObjectId' });
    const rows = (await res.json()) as object[];
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]).sort()).toEqual([
      'r:dec',
      'r:diaObjectId',
      'r:midpointMjdTai',
      'r:ra',
      'v:separation_degree',
    ]);
    const sexa = await post('/api/v1/conesearch', {
      ra: '03h57m55.81s',
      dec: '-48d05m23.04s',
      radius: 5,
      columns: 'r:diaObjectId',
    });
    const degrees = await post('/api/v1/conesearch', { ...base, columns: 'r:diaObjectId' });
    expect(idsIn(await sexa.text(), 'r:diaObjectId')).toEqual(idsIn(await degrees.text(), 'r:diaObjectId'));
  });

  it('keeps the diaObjects first detected in the date window (UTC dates, TAI times)', async () => {
    const base = { ra: 59.5, dec: -48.2, radius: 3600, columns: 'r:diaObjectId' };
    const first = await sql(`
      WITH t AS (SELECT diaSource.diaObjectId AS oid, diaSource.midpointMjdTai AS m FROM ${SRC} WHERE diaSource.diaObjectId <> 0
        UNION ALL SELECT p.diaObjectId, p.midpointMjdTai FROM (SELECT unnest(prvDiaSources) AS p FROM ${SRC}))
      SELECT CAST(oid AS VARCHAR) AS id, min(m) AS first FROM t GROUP BY oid`);
    const firstOf = new Map(first.map((f) => [String(f.id), f.first as number]));
    const all = idsIn(await (await post('/api/v1/conesearch', base)).text(), 'r:diaObjectId');
    const old = all.filter((id) => (firstOf.get(id) ?? 0) < 61030);
    expect(old.length).toBeGreaterThan(0);
    expect(old.length).toBeLessThan(all.length);
    // MJD 61030 TAI = 2025-12-21 00:00:37 UTC
    const recent = idsIn(
      await (await post('/api/v1/conesearch', { ...base, startdate: '2025-12-21 00:00:37' })).text(),
      'r:diaObjectId',
    );
    expect(recent).toEqual(all.filter((id) => !old.includes(id)));
    const early = idsIn(
      await (
        await post('/api/v1/conesearch', { ...base, startdate: '2025-11-01', stopdate: '2025-12-21' })
      ).text(),
      'r:diaObjectId',
    );
    expect(early).toEqual(old);
  });

  it('rejects a radius over 18,000″ and answers [] far from every source', async () => {
    const res = await post('/api/v1/conesearch', { ra: 59.5, dec: -48.2, radius: 36000 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { status: string }).status).toBe('error');
    expect(await (await post('/api/v1/conesearch', { ra: 0, dec: 80, radius: 1 })).json()).toEqual([]);
  });
});

describe('LSST cutouts', () => {
  const ID = '169813006131658851';
  let stamps: Record<string, Uint8Array>;
  beforeAll(async () => {
    const [r] = await sql(
      `SELECT cutoutScience, cutoutTemplate, cutoutDifference FROM ${SRC} WHERE diaSourceId = ${ID}`,
    );
    stamps = {
      Science: r.cutoutScience as Uint8Array,
      Template: r.cutoutTemplate as Uint8Array,
      Difference: r.cutoutDifference as Uint8Array,
    };
  });

  it('answers the stored FITS bytes (3 HDUs), the primary image as arrays, and a 30×30 PNG', async () => {
    for (const kind of ['Science', 'Template', 'Difference']) {
      const res = await post('/api/v1/cutouts', { diaSourceId: ID, kind, 'output-format': 'FITS' });
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${ID}_${kind}.fits"`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(Buffer.from(bytes).equals(Buffer.from(stamps[kind]))).toBe(true);
      expect(readFitsOracle(bytes).hdus).toHaveLength(3);
    }
    const arr = (await (
      await post('/api/v1/cutouts', { diaSourceId: ID, kind: 'All', 'output-format': 'array' })
    ).json()) as Record<string, number[][]>;
    expect(Object.keys(arr)).toEqual(['b:cutoutScience', 'b:cutoutTemplate', 'b:cutoutDifference']);
    const hdu = readFitsOracle(stamps.Science).hdus[0];
    expect([arr['b:cutoutScience'].length, arr['b:cutoutScience'][0].length]).toEqual([
      hdu.axes[1],
      hdu.axes[0],
    ]);
    const view = new DataView(stamps.Science.buffer, stamps.Science.byteOffset + hdu.dataStart);
    expect(arr['b:cutoutScience'][0][0]).toBe(Math.fround(view.getFloat32(0, false)));
    expect(arr['b:cutoutScience']).not.toEqual(arr['b:cutoutTemplate']);
    const png = readPng(
      new Uint8Array(await (await post('/api/v1/cutouts', { diaSourceId: ID })).arrayBuffer()),
    );
    expect([png.width, png.height]).toEqual([30, 30]);
  });

  it('answers JSON errors for kind=All without array and an unknown diaSourceId', async () => {
    const all = await post('/api/v1/cutouts', { diaSourceId: ID, kind: 'All' });
    expect(all.status).toBe(400);
    const unknown = await post('/api/v1/cutouts', { diaSourceId: '1', 'output-format': 'FITS' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { status: string }).status).toBe('error');
  });
});

describe('LSST sso', () => {
  it('finds the detections of an object by packed or unpacked designation, with f:sso_name', async () => {
    const truth =
      await sql(`SELECT CAST(diaSourceId AS VARCHAR) AS id, mpc_orbits.packed_primary_provisional_designation AS p,
      mpc_orbits.unpacked_primary_provisional_designation AS u FROM ${SRC} WHERE ssSource IS NOT NULL ORDER BY p`);
    expect(truth).toHaveLength(3);
    for (const t of truth) {
      for (const name of [t.p, String(t.u).toLowerCase()]) {
        const text = await (await post('/api/v1/sso', { n_or_d: name })).text();
        expect(idsIn(text, 'r:diaSourceId')).toEqual([String(t.id)]);
        const [row] = JSON.parse(text) as Record<string, unknown>[];
        expect(row['f:sso_name']).toBe(t.u);
        expect(row['r:packed_primary_provisional_designation']).toBe(t.p);
        expect(idsIn(text, 'r:diaObjectId')).toEqual(['0']);
      }
    }
    const two = await post('/api/v1/sso', {
      n_or_d: `${truth[0].p},${truth[1].u}`,
      columns: 'r:midpointMjdTai',
    });
    const rows = (await two.json()) as Record<string, unknown>[];
    expect(rows.map((r) => r['f:sso_name']).sort()).toEqual([truth[0].u, truth[1].u].sort());
    expect(Object.keys(rows[0]).sort()).toEqual([
      'f:sso_name',
      'r:midpointMjdTai',
      'r:packed_primary_provisional_designation',
    ]);
  });

  it('answers [] for a designation not in the store and 400 for ephemerides', async () => {
    expect(await (await post('/api/v1/sso', { n_or_d: '10P' })).json()).toEqual([]);
    expect((await post('/api/v1/sso', { n_or_d: 'K01S97B', withEphem: true })).status).toBe(400);
  });
});

describe('LSST schema', () => {
  it('lists every field of each endpoint answer in the r:/f: families (Fink check_schema_endpoint)', async () => {
    const answers: Record<string, Record<string, unknown>> = {
      '/api/v1/sources': { diaObjectId: '169738309211783177' },
      '/api/v1/objects': { diaObjectId: '169738309211783177' },
      '/api/v1/conesearch': { ra: 59.4825317, dec: -48.0897337, radius: 5 },
      '/api/v1/sso': { n_or_d: 'K01S97B' },
    };
    for (const [endpoint, payload] of Object.entries(answers)) {
      const schema = (await (await post('/api/v1/schema', { endpoint })).json()) as Record<
        string,
        Record<string, unknown>
      >;
      const known = new Set(
        Object.entries(schema).flatMap(([family, fields]) => {
          const prefix = /\((\w:)\)/.exec(family)?.[1] ?? '';
          return Object.keys(fields).map((k) => prefix + k);
        }),
      );
      const [row] = (await (await post(endpoint, payload)).json()) as Record<string, unknown>[];
      const missing = Object.keys(row).filter((k) => !known.has(k) && k !== 'v:separation_degree');
      expect(missing, endpoint).toEqual([]);
    }
    const cut = (await (await post('/api/v1/schema', { endpoint: '/api/v1/cutouts' })).json()) as object;
    expect(Object.keys(cut)).toEqual(['LSST original cutouts (b:)']);
    expect((await post('/api/v1/schema', { endpoint: '/api/v1/latests' })).status).toBe(400);
  });
});

describe('LSST conventions', () => {
  it('lists arguments on a bare GET, rejects unknown arguments, documents the LSST routes only', async () => {
    const listing = (await (await fx.app.request('/api/v1/sources')).json()) as { args: { name: string }[] };
    expect(listing.args.map((a) => a.name)).toEqual([
      'diaObjectId',
      'columns',
      'output-format',
      'output_format',
      'midpointMjdTai',
    ]);
    const bad = await fx.app.request('/api/v1/objects?diaObjectId=1&objectId=2');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { text: string }).text).toContain('Unknown argument `objectId`');
    const doc = (await (await fx.app.request('/api/v1/openapi.json')).json()) as { paths: object };
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        'blocks',
        'conesearch',
        'cutouts',
        'fp',
        'objects',
        'resolver',
        'schema',
        'skymap',
        'sources',
        'sso',
        'ssobulk',
        'ssoft',
        'statistics',
        'stores',
        'tags',
      ].map((p) => `/api/v1/${p}`),
    );
    expect((await fx.app.request('/api/v1/latests?n=1')).status).toBe(404);
  });
});
