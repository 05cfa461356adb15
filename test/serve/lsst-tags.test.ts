/**
 * LSST `/api/v1/tags` and `/api/v1/blocks` (Fink's routes, fink-object-api apps/routes/v1/lsst/{tags,blocks}),
 * adapted from Fink's tags test.py to our data: the tags of the 7 Fink-processed alerts (test/data/lsst/
 * part-2-918301.avro) are computed here from the avsc reading of the file with the filter definitions written
 * from fink-filters 7.40 (`rubin/livestream/filter_remove_unlikely_transients`, `rubin/blocks.py`), never from the
 * store; the raw Rubin sample (no Fink values) carries no Fink-dependent tag.
 */
import fs from 'node:fs';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { runSimulateLsst } from '../../ingest/simulate/lsst/index.js';
import { createLsstApp } from '../../serve/app.js';
import { LsstStoreReader } from '../../serve/lsst-store-reader.js';
import { type AvroRecord, avscLsstRecords } from '../support/lsst-avro-records.js';
import { type LsstFixtureApp, lsstSampleSql, openLsstFixtureApp } from '../support/lsst-fixture-store.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { parseCsv, readParquet } from '../support/table-readers.js';
import { testDataPath } from '../support/test-data.js';

const FINK_FILE = () => testDataPath('lsst', 'part-2-918301.avro');

/** fink-filters 7.40 `b_good_quality`: the flags, written from blocks.py. */
const FLAGS = [
  'isDipole',
  'pixelFlags',
  'pixelFlags_bad',
  'pixelFlags_saturated',
  'pixelFlags_streakCenter',
  'pixelFlags_interpolated',
  'pixelFlags_cr',
  'pixelFlags_nodata',
  'pixelFlags_streak',
  'pixelFlags_edge',
  'psfFlux_flag',
  'apFlux_flag',
  'forced_PsfFlux_flag',
  'forced_PsfFlux_flag_edge',
  'shape_flag',
  'centroid_flag',
];

/**
 * `remove_unlikely_transients` on one record: snr > 10, nDiaSources ≥ 2, not SSO, good quality and not negative
 * (fink-filters writes `~f_good_quality`, selecting bad quality alerts; the service keeps good ones, docs/api.md).
 */
function isLikelyTransient(r: AvroRecord): boolean {
  const s = r.diaSource as AvroRecord;
  const o = r.diaObject as AvroRecord | null;
  const pred = r.pred as AvroRecord;
  const flux = s.psfFlux as number;
  const good = FLAGS.every((f) => s[f] !== true) && flux >= 0 && flux / (s.psfFluxErr as number) >= 6;
  return (
    (s.snr as number) > 10 &&
    o !== null &&
    Number(o.nDiaSources) >= 2 &&
    pred.is_sso !== true &&
    good &&
    s.isNegative !== true
  );
}

/** diaSourceIds as text, newest first (by midpoint, then id). */
function newestFirst(records: AvroRecord[]): string[] {
  return records
    .map((r) => r.diaSource as AvroRecord)
    .sort(
      (a, b) =>
        (b.midpointMjdTai as number) - (a.midpointMjdTai as number) ||
        (BigInt(b.diaSourceId as bigint) > BigInt(a.diaSourceId as bigint) ? 1 : -1),
    )
    .map((s) => String(s.diaSourceId));
}

const ids = (text: string): string[] => [...text.matchAll(/"r:diaSourceId":(\d+)/g)].map((m) => m[1]);

function post(app: Hono, body: Record<string, unknown>) {
  return app.request('/api/v1/tags', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('LSST tags on Fink-processed alerts', () => {
  let layout: StoreLayout;
  let reader: LsstStoreReader;
  let app: Hono;
  let records: AvroRecord[];
  beforeAll(async () => {
    layout = tempStore('skyalert-lsst-tags-');
    await ingestFiles(layout, [FINK_FILE()], { ingesterId: 'tags', log: testLog, publish: true });
    reader = await LsstStoreReader.open(layout, testLog);
    app = createLsstApp(reader, testLog);
    records = await avscLsstRecords(FINK_FILE());
  }, 120_000);
  afterAll(() => {
    reader?.close();
    if (layout) fs.rmSync(layout.root, { recursive: true, force: true });
  });

  it('GET without argument lists the 12 tags of fink-filters 7.40, alphabetically, with description and support', async () => {
    const res = await app.request('/api/v1/tags');
    expect(res.status).toBe(200);
    const tags = (await res.json()) as Record<string, { description: string; 'API support': boolean }>;
    expect(Object.keys(tags)).toHaveLength(12);
    expect(Object.keys(tags)).toEqual(Object.keys(tags).sort());
    expect(tags.in_tns).toEqual({
      description:
        'Select alerts with a known counterpart in TNS (AT or confirmed) at the time of emission by Rubin',
      'API support': true,
    });
    expect(tags.uniform_sample['API support']).toBe(true);
    expect(tags.faint_trails['API support']).toBe(false);
  });

  it('answers an unknown tag with a 400 listing the tags, and a tag not computed here with a 400 saying why', async () => {
    const res = await post(app, { tag: 'ldfksjflkdsjf' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { status: string; text: string };
    expect(body.status).toBe('error');
    expect(body.text).toContain('is not a valid tag');
    expect(body.text).toContain('in_tns');
    expect(body.text).toContain('sn_near_galaxy_candidate');
    const trails = await app.request('/api/v1/tags?tag=faint_trails');
    expect(trails.status).toBe(400);
    expect(((await trails.json()) as { text: string }).text).toContain('faint_trails is not served');
  });

  it('returns the alerts of a tag newest first, as computed from the file with the filter definition', async () => {
    const expected = newestFirst(records.filter(isLikelyTransient));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(records.length);
    const res = await post(app, { tag: 'remove_unlikely_transients', startdate: '2026-01-01' });
    expect(res.status).toBe(200);
    expect(ids(await res.text())).toEqual(expected);
    const one = await post(app, { tag: 'remove_unlikely_transients', n: 1 });
    expect(ids(await one.text())).toEqual(expected.slice(0, 1));
  });

  it('gives the same rows in json, csv and parquet; columns selects the fields', async () => {
    const base = { tag: 'remove_unlikely_transients', columns: 'r:diaSourceId,r:midpointMjdTai' };
    const jsonText = await (await post(app, base)).text();
    const json = JSON.parse(jsonText) as Record<string, unknown>[];
    expect(json.every((r) => Object.keys(r).length === 2)).toBe(true);
    const csv = parseCsv(await (await post(app, { ...base, 'output-format': 'csv' })).text());
    expect(csv[0]).toEqual(['r:diaSourceId', 'r:midpointMjdTai']);
    const parquetRes = await post(app, { ...base, 'output-format': 'parquet' });
    const parquet = await readParquet(new Uint8Array(await parquetRes.arrayBuffer()));
    const fromJson = ids(jsonText);
    expect(fromJson).toHaveLength(json.length);
    expect(csv.slice(1).map((r) => r[0])).toEqual(fromJson);
    expect(parquet.rows.map((r) => String(r['r:diaSourceId']))).toEqual(fromJson);
    const two = (await (
      await post(app, { tag: 'remove_unlikely_transients', columns: 'r:midpointMjdTai,r:psfFlux' })
    ).json()) as Record<string, unknown>[];
    expect(Object.keys(two[0])).toEqual(['r:midpointMjdTai', 'r:psfFlux']);
  });

  it('reads startdate and stopdate as UTC in ISO, JD or MJD, the same window each way', async () => {
    const expected = newestFirst(records.filter(isLikelyTransient));
    const times = records
      .filter(isLikelyTransient)
      .map((r) => (r.diaSource as AvroRecord).midpointMjdTai as number);
    // MJD UTC = MJD TAI − 37 s; windows ending one minute after the latest selected alert, or one before the earliest
    const after = Math.max(...times) - 37 / 86_400 + 60 / 86_400;
    const before = Math.min(...times) - 37 / 86_400 - 60 / 86_400;
    const iso = (mjdUtc: number) => new Date(Date.UTC(1858, 10, 17) + mjdUtc * 86_400_000).toISOString();
    for (const [stop, want] of [
      [after, expected],
      [before, []],
    ] as const) {
      for (const [startdate, stopdate] of [
        [61000, stop],
        [2461000.5, stop + 2400000.5],
        ['2025-11-28', iso(stop)],
        ['2025-11-28T00:00:00', String(stop)],
      ]) {
        const res = await post(app, { tag: 'remove_unlikely_transients', startdate, stopdate });
        expect(res.status).toBe(200);
        expect(ids(await res.text()), `${startdate} ${stopdate}`).toEqual(want);
      }
    }
    const swapped = await post(app, { tag: 'in_tns', startdate: '2026-03-01', stopdate: '2026-02-01' });
    expect(swapped.status).toBe(400);
  });

  it('schema lists every field of a full tags answer (r: and f: families)', async () => {
    const res = await app.request('/api/v1/schema', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: '/api/v1/tags' }),
    });
    expect(res.status).toBe(200);
    const schema = (await res.json()) as Record<string, Record<string, unknown>>;
    const known = new Set(
      Object.entries(schema).flatMap(([family, fields]) => {
        const prefix = /\((\w:)\)/.exec(family)?.[1] ?? '';
        return Object.keys(fields).map((k) => prefix + k);
      }),
    );
    const [row] = (await (await post(app, { tag: 'remove_unlikely_transients' })).json()) as Record<
      string,
      unknown
    >[];
    expect(Object.keys(row)).toContain('f:xm_gaiadr3_DR3Name');
    expect(Object.keys(row).filter((k) => !known.has(k))).toEqual([]);
  });

  it('finds no alert for the tags whose cuts no alert of the file passes (no TNS name, no ELEPHANT score)', async () => {
    const xm = records.map((r) => r.xm as AvroRecord);
    expect(xm.every((x) => x.tns_fullname === null)).toBe(true);
    expect(await (await post(app, { tag: 'in_tns' })).json()).toEqual([]);
    const clf = records.map((r) => r.clf as AvroRecord | null);
    expect(clf.every((c) => c === null || c.elephant_kstest_template === null)).toBe(true);
    expect(await (await post(app, { tag: 'hostless_candidate' })).json()).toEqual([]);
  });
});

describe('LSST tags on raw Rubin alerts, and blocks', () => {
  let fx: LsstFixtureApp;
  beforeAll(async () => {
    fx = await openLsstFixtureApp();
  }, 120_000);
  afterAll(() => fx?.close());

  it('tags reading Fink values select nothing; uniform_sample is diaSourceId % 113 = 0', async () => {
    for (const tag of ['in_tns', 'most_likely_sn', 'remove_unlikely_transients', 'extragalactic_svom']) {
      const res = await fx.app.request(`/api/v1/tags?tag=${tag}&n=100`);
      expect(res.status, tag).toBe(200);
      expect(await res.json(), tag).toEqual([]);
    }
    const truth = await sql(`SELECT CAST(diaSource.diaSourceId AS VARCHAR) AS id FROM ${lsstSampleSql()}
      WHERE diaSource.diaSourceId % 113 = 0 ORDER BY diaSource.midpointMjdTai DESC, diaSource.diaSourceId DESC`);
    const res = await fx.app.request('/api/v1/tags?tag=uniform_sample&n=100&columns=r:diaSourceId');
    expect(ids(await res.text())).toEqual(truth.map((t) => String(t.id)));
  });

  it('documents the arguments it validates (OpenAPI), and rejects unknown or ill-typed ones with a 400', async () => {
    const doc = (await (await fx.app.request('/api/v1/openapi.json')).json()) as {
      paths: Record<string, { get: { parameters: { name: string }[] } }>;
    };
    const names = doc.paths['/api/v1/tags'].get.parameters.map((p) => p.name);
    expect(names).toEqual(['tag', 'n', 'startdate', 'stopdate', 'columns', 'output-format', 'output_format']);
    expect(doc.paths['/api/v1/blocks']).toBeDefined();
    for (const query of [
      'tag=in_tns&notAnArgument=1',
      'tag=in_tns&n=0',
      'tag=in_tns&startdate=yesterday',
      'n=5',
    ]) {
      const res = await fx.app.request(`/api/v1/tags?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { status: string }).status).toBe('error');
    }
  });

  it('blocks lists the 16 blocks of fink-filters 7.40 rubin/blocks.py with their description', async () => {
    const res = await fx.app.request('/api/v1/blocks');
    expect(res.status).toBe(200);
    const blocks = (await res.json()) as Record<string, string>;
    expect(Object.keys(blocks)).toHaveLength(16);
    expect(Object.keys(blocks).every((b) => b.startsWith('b_'))).toBe(true);
    expect(blocks.b_good_quality).toBe('Select alerts with good quality for science');
    expect(blocks.b_outside_galactic_plane_20_deg).toBe(
      'Return alerts outside the galactic plane (+/- |20| deg)',
    );
  });
});

describe('LSST tags over more alerts than one DuckDB chunk', () => {
  it('tags every simulated alert whose diaSourceId is divisible by 113 (uniform_sample), Solar System ones included', async () => {
    const layout = tempStore('skyalert-lsst-tags-sim-');
    const out = fs.mkdtempSync(`${layout.root}-sim`);
    try {
      const sim = await runSimulateLsst({
        outDir: out,
        nights: 1,
        alertsPerNight: 5000,
        seed: 7,
        startNight: 20260101,
        noStamps: true,
        log: testLog,
      });
      await ingestFiles(layout, [...sim.files], { ingesterId: 'sim', log: testLog, publish: true });
      const records = (await Promise.all(sim.files.map((f) => avscLsstRecords(f)))).flat();
      expect(records).toHaveLength(5000);
      const expected = newestFirst(records.filter((r) => BigInt(r.diaSourceId as bigint) % 113n === 0n));
      expect(expected.length).toBeGreaterThan(20);
      const reader = await LsstStoreReader.open(layout, testLog);
      try {
        const app = createLsstApp(reader, testLog);
        const res = await post(app, { tag: 'uniform_sample', n: 1000, columns: 'r:diaSourceId' });
        expect(ids(await res.text())).toEqual(expected);
      } finally {
        reader.close();
      }
    } finally {
      fs.rmSync(layout.root, { recursive: true, force: true });
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 300_000);
});
