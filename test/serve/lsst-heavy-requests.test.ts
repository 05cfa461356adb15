/**
 * LSST `/skymap` on the heavy-request threads (serve/heavy/): the compiled server (npm run build) answers an LSST
 * store's sky maps on threads that opened that store, as it does ZTF's. Shown by each store's
 * `skyalert_heavy_requests_total` (requests its threads answered; absent when the endpoints run in-process),
 * whose count moves by one for that store's request and not for the other store's; the answers equal the
 * in-process application's on the same store and map (row by row, in the text); a map whose reading overruns the
 * time budget gets the same 503 JSON error, naming what to narrow, on the LSST and the ZTF store.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heavyThreadsPerStore } from '../../serve/heavy/index.js';
import {
  flatMap,
  metricValue,
  multipart,
  request,
  requireCompiledWorker,
  serveCompiled,
} from '../support/heavy-server.js';
import { type LsstFixtureApp, lsstSampleSql } from '../support/lsst-fixture-store.js';
import { openLsstTwoNightApp } from '../support/lsst-two-night-store.js';
import { type ServedStore, SIM_OPTIONS, simulatedStore } from '../support/serve-stores.js';
import { sql } from '../support/sql.js';
import { testDataPath } from '../support/test-data.js';

const SKYMAP = '/api/v1/skymap';
const ANSWERED = 'skyalert_heavy_requests_total';
/** TAI − UTC in 2025-2026 (days). */
const TAI_UTC_DAYS = 37 / 86_400;
/** A real BAYESTAR map (flat, NSIDE 256). */
const MAP = Uint8Array.from(fs.readFileSync(testDataPath('skymaps', 'G617545_bayestar.fits.gz')));

/** The form of a sky-map request: the map as `file`, and the text fields. */
function form(map: Uint8Array, fields: Record<string, string>): FormData {
  const f = new FormData();
  f.set('file', new Blob([Uint8Array.from(map)]), 'bayestar.fits.gz');
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

/** The status and text of a sky-map request to the server at `url` and to the in-process `app`. */
async function servedAndInProcess(
  url: string,
  app: Hono,
  fields: Record<string, string>,
): Promise<{ served: { status: number; text: string }; inProcess: { status: number; text: string } }> {
  const served = await fetch(url, { method: 'POST', body: form(MAP, fields) });
  const local = await app.request(SKYMAP, { method: 'POST', body: form(MAP, fields) });
  return {
    served: { status: served.status, text: await served.text() },
    inProcess: { status: local.status, text: await local.text() },
  };
}

describe('LSST sky maps on the heavy-request threads', () => {
  let lsst: LsstFixtureApp;
  let ztf: ServedStore;
  /** `ztf=DIR lsst=DIR`: /api/v1 is the ZTF store's. */
  let server: { child: ChildProcess; url: string };
  /** Event time (MJD UTC) half a day before the first LSST alert: G617545's region then holds some of them. */
  let lsstT0: number;
  let lsstIds: Set<string>;

  beforeAll(async () => {
    requireCompiledWorker();
    lsst = await openLsstTwoNightApp();
    ztf = await simulatedStore();
    const sample = await sql(`
      SELECT CAST(diaSource.diaObjectId AS VARCHAR) AS id, diaSource.midpointMjdTai AS mjd
      FROM ${lsstSampleSql()} WHERE diaSource.diaObjectId <> 0`);
    lsstT0 = Math.min(...sample.map((r) => Number(r.mjd))) - TAI_UTC_DAYS - 0.5;
    lsstIds = new Set(sample.map((r) => String(r.id)));
    server = await serveCompiled([`ztf=${ztf.layout.root}`, `lsst=${lsst.layout.root}`]);
  }, 180_000);
  afterAll(() => {
    server?.child.kill();
    lsst?.close();
    ztf?.close();
  });

  /** Requests answered by the threads of each store so far. */
  async function answered(): Promise<{ ztf: number | null; lsst: number | null }> {
    return {
      ztf: await metricValue(`${server.url}/ztf/metrics`, ANSWERED),
      lsst: await metricValue(`${server.url}/lsst/metrics`, ANSWERED),
    };
  }

  it('answers /lsst/api/v1/skymap on a thread of the LSST store, with the in-process answer', async () => {
    // each store has its own pool, the process's bound shared between them
    for (const store of ['ztf', 'lsst'])
      expect(await metricValue(`${server.url}/${store}/metrics`, 'skyalert_heavy_threads')).toBe(
        heavyThreadsPerStore(2),
      );
    const before = await answered();
    expect(before.lsst).not.toBeNull();
    const fields = { credible_level: '0.999', t0: String(lsstT0) };
    const { served, inProcess } = await servedAndInProcess(`${server.url}/lsst${SKYMAP}`, lsst.app, fields);
    expect(served.status).toBe(200);
    expect(inProcess.status).toBe(200);
    expect(served.text).toBe(inProcess.text);
    const ids = [...served.text.matchAll(/"r:diaObjectId":(\d+)[,}]/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(lsstIds).toContain(id);
    expect((JSON.parse(served.text) as unknown[]).length).toBe(ids.length);
    expect(await answered()).toEqual({ ztf: before.ztf, lsst: (before.lsst ?? 0) + 1 });
  }, 60_000);

  it('answers /ztf/api/v1/skymap on a thread of the ZTF store, beside the LSST one', async () => {
    const before = await answered();
    expect(before.ztf).not.toBeNull();
    // the simulated nights, from the day before the first
    const fields = { credible_level: '0.999', t0: `${SIM_OPTIONS.startNight}T00:00:00`, n_day_after: '5' };
    const { served, inProcess } = await servedAndInProcess(`${server.url}/ztf${SKYMAP}`, ztf.app, fields);
    expect(served.status).toBe(200);
    expect(served.text).toBe(inProcess.text);
    const rows = JSON.parse(served.text) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row['i:objectId']).toMatch(/^ZTF/);
    expect(await answered()).toEqual({ ztf: (before.ztf ?? 0) + 1, lsst: before.lsst });
  }, 60_000);

  it('stops an LSST map over the time budget with the 503 of a ZTF one, and answers the next request', async () => {
    const short = await serveCompiled([`lsst=${lsst.layout.root}`, `ztf=${ztf.layout.root}`], {
      SKYALERT_REQUEST_BUDGET_S: '0.5',
    });
    try {
      const fine = multipart([['credible_level', '0.9']], [['file', flatMap(1024)]]);
      // /api/v1 is the LSST store's here
      const [overLsst, overZtf] = await Promise.all([
        request(`${short.url}${SKYMAP}`, { method: 'POST', ...fine }),
        request(`${short.url}/ztf${SKYMAP}`, { method: 'POST', ...fine }),
      ]);
      expect(overLsst.status).toBe(503);
      expect(overZtf.status).toBe(503);
      const error = JSON.parse(overLsst.text) as { status: string; text: string };
      expect(error.status).toBe('error');
      expect(error.text).toMatch(/longer than 0.5 s.*multi-order \(UNIQ\/PROBDENSITY\) map/);
      expect(JSON.parse(overZtf.text)).toEqual(error);
      // the thread stopped was replaced: the next request is answered by the new one (the argument listing)
      const before = await metricValue(`${short.url}/metrics`, ANSWERED);
      const next = await request(`${short.url}${SKYMAP}`);
      expect(next.status).toBe(200);
      const listed = (JSON.parse(next.text) as { args: { name: string }[] }).args.map((a) => a.name);
      expect(listed).toEqual(expect.arrayContaining(['credible_level', 'n_day_before', 't0']));
      expect(await metricValue(`${short.url}/metrics`, ANSWERED)).toBe((before ?? 0) + 1);
    } finally {
      short.child.kill();
    }
  }, 120_000);
});
