/**
 * LSST `/api/v1/skymap` on a store of the 25 real Rubin alerts and Fink's 7 transferred alerts (test/data/lsst/),
 * adapted from Fink's LSST sky-map test (fink-object-api apps/routes/v1/lsst/skymap/test.py: the repository map
 * G617545 at credible level 0.1 gives no row): the same map with `t0` on our night, and maps made here around
 * chosen alerts. The expected diaObjects come from the parquet's positions and times and the map's pixels, read
 * here (the region by a full sort of the pixels' probabilities), never from the store.
 */
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFitsBinTable } from '../../compute/fits/index.js';
import { ang2pixNest } from '../../compute/sky/index.js';
import { readSkymap } from '../../compute/skymap/index.js';
import { withGraceDbStub } from '../support/gracedb-stub.js';
import { type LsstFixtureApp, lsstSampleSql } from '../support/lsst-fixture-store.js';
import { openLsstTwoNightApp, postJson } from '../support/lsst-two-night-store.js';
import { pythonBytesRepr } from '../support/python-bytes.js';
import { sql } from '../support/sql.js';
import { parseCsv } from '../support/table-readers.js';
import { testDataPath } from '../support/test-data.js';

const PATH = '/api/v1/skymap';
/** TAI − UTC in 2026 (days). */
const TAI_UTC_DAYS = 37 / 86_400;
/** The map made here: NSIDE 256. */
const ORDER = 8;

interface SampleAlert {
  id: string;
  raDeg: number;
  decDeg: number;
  mjdTai: number;
}

let fx: LsstFixtureApp;
let alerts: SampleAlert[];

beforeAll(async () => {
  fx = await openLsstTwoNightApp();
  alerts = (
    await sql(`
      SELECT CAST(diaSource.diaObjectId AS VARCHAR) AS id, diaSource.ra AS ra, diaSource.dec AS dec,
        diaSource.midpointMjdTai AS mjd
      FROM ${lsstSampleSql()} WHERE diaSource.diaObjectId <> 0`)
  ).map((r) => ({ id: String(r.id), raDeg: Number(r.ra), decDeg: Number(r.dec), mjdTai: Number(r.mjd) }));
}, 120_000);
afterAll(() => fx?.close());

/** A gzipped flat NESTED map of order ORDER: `weights` on given pixels, the rest spread evenly over all others. */
function makeMap(weights: Map<number, number>, dateObs: string): Uint8Array<ArrayBuffer> {
  const n = 12 * 4 ** ORDER;
  const placed = [...weights.values()].reduce((a, b) => a + b, 0);
  const prob = new Float64Array(n).fill((1 - placed) / (n - weights.size));
  for (const [pix, w] of weights) prob[pix] = w;
  const fits = writeFitsBinTable({
    columns: [{ name: 'PROB', type: 'D', values: prob }],
    cards: [
      { keyword: 'PIXTYPE', value: 'HEALPIX' },
      { keyword: 'ORDERING', value: 'NESTED' },
      { keyword: 'NSIDE', value: 2 ** ORDER },
      { keyword: 'INDXSCHM', value: 'IMPLICIT' },
      { keyword: 'OBJECT', value: 'G000001' },
      { keyword: 'DATE-OBS', value: dateObs },
    ],
  });
  return Uint8Array.from(gzipSync(fits));
}

/** The greedy region of a NESTED map (pixels inside) by a full sort, and the smallest probability inside. */
function regionOf(prob: Float64Array, level: number): { inside: (pix: number) => boolean; edge: number } {
  const sorted = prob.slice().sort().reverse();
  let sum = 0;
  let i = 0;
  while (i < sorted.length && sum + sorted[i] <= level) sum += sorted[i++];
  const edge = i === 0 ? Number.POSITIVE_INFINITY : sorted[i - 1];
  return { inside: (pix) => prob[pix] >= edge, edge };
}

/** diaObject → MJD TAI of its latest alert inside the region and the window. */
function expected(order: number, inside: (pix: number) => boolean, mjdMin: number, mjdMax: number) {
  const latest = new Map<string, number>();
  for (const a of alerts) {
    if (a.mjdTai < mjdMin || a.mjdTai > mjdMax) continue;
    if (!inside(Number(ang2pixNest(order, a.raDeg, a.decDeg)))) continue;
    latest.set(a.id, Math.max(latest.get(a.id) ?? Number.NEGATIVE_INFINITY, a.mjdTai));
  }
  return latest;
}

/** diaObjectId → r:midpointMjdTai of an answer, ids read from the text (exact). */
function answered(text: string): Map<string, number> {
  const ids = [...text.matchAll(/"r:diaObjectId":(\d+)[,}]/g)].map((m) => m[1]);
  const rows = JSON.parse(text) as Record<string, unknown>[];
  return new Map(rows.map((r, i) => [ids[i], r['r:midpointMjdTai'] as number]));
}

function upload(bytes: Uint8Array<ArrayBuffer>, fields: Record<string, string | number>) {
  const f = new FormData();
  f.set('file', new Blob([bytes]), 'bayestar.fits.gz');
  for (const [k, v] of Object.entries(fields)) f.set(k, String(v));
  return fx.app.request(PATH, { method: 'POST', body: f });
}

describe('LSST skymap', () => {
  it('test_bayestar: G617545 at credible level 0.1 (DATE-OBS 2025-11-12) finds no alert of ours', async () => {
    const bytes = Uint8Array.from(fs.readFileSync(testDataPath('skymaps', 'G617545_bayestar.fits.gz')));
    const res = await postJson(fx.app, PATH, { bayestar: pythonBytesRepr(bytes), credible_level: 0.1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it("G617545's 99.9 % region on our night (t0): exactly the diaObjects with an alert inside, latest alert each", async () => {
    const bytes = Uint8Array.from(fs.readFileSync(testDataPath('skymaps', 'G617545_bayestar.fits.gz')));
    const map = readSkymap(bytes);
    const order = Math.log2(Math.sqrt(map.prob.length / 12));
    const t0Utc = Math.min(...alerts.map((a) => a.mjdTai)) - TAI_UTC_DAYS - 0.5;
    const res = await upload(bytes, { credible_level: 0.999, t0: t0Utc });
    expect(res.status).toBe(200);
    const t0Tai = t0Utc + TAI_UTC_DAYS;
    const { inside, edge } = regionOf(map.prob, 0.999);
    const want = expected(order, inside, t0Tai - 1, t0Tai + 6);
    const got = answered(await res.clone().text());
    // a pixel exactly at the region's edge could go either way: none of ours is
    for (const a of alerts) expect(map.prob[Number(ang2pixNest(order, a.raDeg, a.decDeg))]).not.toBe(edge);
    expect(got).toEqual(want);
    expect(want.size).toBeGreaterThan(0); // the region covers some of our diaObjects, not all
    expect(want.size).toBeLessThan(new Set(alerts.map((a) => a.id)).size);
    for (const r of (await res.json()) as Record<string, unknown>[])
      expect(r['v:startgwMjdTai']).toBeCloseTo(t0Tai, 9);
  });

  it('a map made around chosen alerts: the region at two levels, densest first, and the time window', async () => {
    const byPixel = new Map<number, SampleAlert[]>();
    for (const a of alerts) {
      const pix = Number(ang2pixNest(ORDER, a.raDeg, a.decDeg));
      byPixel.set(pix, [...(byPixel.get(pix) ?? []), a]);
    }
    const [pixA, pixB, pixC] = [...byPixel.keys()].sort((x, y) => x - y);
    const weights = new Map([
      [pixA, 0.4],
      [pixB, 0.3],
      [pixC, 0.2],
    ]);
    // DATE-OBS half a day before the first alert (UTC)
    const t0Tai = Math.floor(Math.min(...alerts.map((a) => a.mjdTai)) - 0.5) + TAI_UTC_DAYS;
    const dateObs = new Date((t0Tai - TAI_UTC_DAYS - 40587) * 86_400_000).toISOString().slice(0, 19);
    const bytes = makeMap(weights, dateObs);
    const prob = readSkymap(bytes).prob;
    for (const [level, pixels] of [
      [0.45, [pixA]],
      [0.75, [pixA, pixB]],
    ] as const) {
      const { inside } = regionOf(prob, level);
      expect([...weights.keys()].filter(inside)).toEqual(pixels);
      const res = await upload(bytes, { credible_level: level });
      const text = await res.text();
      const got = answered(text);
      expect(got).toEqual(expected(ORDER, inside, t0Tai - 1, t0Tai + 6));
      expect(got.size).toBeGreaterThan(0);
      // densest first: the ids of pixA's objects come before pixB's
      const rank = [...got.keys()].map((id) =>
        pixels.findIndex((p) => byPixel.get(p)?.some((a) => a.id === id)),
      );
      expect(rank).toEqual([...rank].sort((x, y) => x - y));
    }
    // a window ending before the alerts: nothing; n_day_before out of range: 400
    const early = await upload(bytes, { credible_level: 0.75, n_day_before: 0, n_day_after: 0.1 });
    expect(await early.json()).toEqual([]);
    const bad = await upload(bytes, { credible_level: 0.75, n_day_before: 8 });
    expect(bad.status).toBe(400);
    // the same answer from the bytes literal, from GraceDB by event name, and in csv with columns
    const viaFile = await (await upload(bytes, { credible_level: 0.75 })).text();
    const viaLiteral = await postJson(fx.app, PATH, {
      bayestar: pythonBytesRepr(bytes),
      credible_level: 0.75,
    });
    expect(await viaLiteral.text()).toBe(viaFile);
    await withGraceDbStub('S260101a', bytes, async () => {
      const viaEvent = await postJson(fx.app, PATH, { event_name: 'S260101a', credible_level: 0.75 });
      expect(await viaEvent.text()).toBe(viaFile);
    });
    const csv = await postJson(fx.app, PATH, {
      bayestar: pythonBytesRepr(bytes),
      credible_level: 0.75,
      columns: 'r:diaObjectId,r:nDiaSources',
      'output-format': 'csv',
    });
    const table = parseCsv(await csv.text());
    expect(table[0]).toEqual(['r:diaObjectId', 'r:nDiaSources', 'v:startgwMjdTai']);
    expect(table.slice(1).map((r) => r[0])).toEqual([...answered(viaFile).keys()]);
  });

  it('refuses a request without a map, an event name without a configured download, and bad arguments', async () => {
    for (const body of [
      { credible_level: 0.9 },
      { event_name: 'S251112cm', credible_level: 0.9 },
      { bayestar: "__import__('os').system('true')", credible_level: 0.9 },
      { bayestar: "b'\\x1f'", credible_level: 2 },
      { bayestar: "b'\\x1f'", credible_level: 0.9, kind: 'x' },
    ]) {
      const res = await postJson(fx.app, PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ status: 'error' });
    }
    const listing = await fx.app.request(PATH);
    expect(JSON.stringify(await listing.json())).toContain('credible_level');
  });
});
