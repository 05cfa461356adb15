/**
 * README command 1 in miniature: `skyalert demo` on the demo store, which it serves, and the API answers real
 * objects of it. The store is the one the portal tests share (test/support/portal-store.ts): it is built by the
 * function `skyalert demo` builds with (`buildDemoStore`: simulate 30 nights, ingest them through the production
 * path, publish, load the orbits, build the SSOFT), in the background from the start of the test command, and the
 * command here finds it built with its own settings and reuses it (one build of the demo per test run, not two).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { unpackNumber } from '../../compute/sso/index.js';
import { readCatalog } from '../../data/index.js';
import { portalStore } from '../support/portal-store.js';
import { PROJECT_ROOT } from '../support/project-root.js';

const CLI = path.join(PROJECT_ROOT, 'dist', 'bin', 'skyalert.js');

describe('skyalert demo', () => {
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('serves its store of ≥ 30 nights and ≥ 20,000 alerts including asteroids', async () => {
    if (!fs.existsSync(CLI)) throw new Error(`build first (npm run build): ${CLI} is missing`);
    const layout = await portalStore();
    const store = layout.root;
    child = spawn(process.execPath, [CLI, 'demo', '--port', '0', '--store', store], {
      env: { ...process.env, SKYALERT_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr?.on('data', () => undefined);
    const printed = await new Promise<string>((resolve, reject) => {
      let out = '';
      child?.stdout?.on('data', (c: Buffer) => {
        out += c.toString();
        if (/ in a browser\n/.test(out)) resolve(out);
      });
      child?.on('exit', (code) => reject(new Error(`demo exited with ${code}: ${out}`)));
    });
    const url = /demo is up: (http:\/\/localhost:\d+)/.exec(printed)?.[1];
    if (!url) throw new Error(`no URL in the demo's output: ${printed}`);
    const catalog = readCatalog(layout);
    const nights = Object.keys(catalog.statistics);
    expect(nights.length).toBeGreaterThanOrEqual(30);
    const raw = Object.values(catalog.statistics).reduce((s, st) => s + st['basic:raw'], 0);
    expect(raw).toBeGreaterThanOrEqual(20_000);
    const sso = Object.values(catalog.statistics).reduce(
      (s, st) => s + (st['class:Solar System MPC'] ?? 0),
      0,
    );
    expect(sso).toBeGreaterThan(500);
    expect(fs.existsSync(path.join(store, 'demo-input', 'MPCORB.DAT'))).toBe(true);

    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    const [row] = (
      await conn.runAndReadAll(
        `SELECT objectId FROM read_parquet('${path.join(store, catalog.objectIndex!)}') LIMIT 1 OFFSET 100`,
      )
    ).getRowObjects();
    conn.closeSync();
    db.closeSync();
    const res = await fetch(`${url}/api/v1/objects?objectId=${String(row.objectId)}`);
    expect(res.status).toBe(200);
    const alerts = (await res.json()) as Record<string, unknown>[];
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts.every((a) => a['i:objectId'] === row.objectId)).toBe(true);
    expect((await fetch(`${url}/health`)).status).toBe(200);

    // the "try:" lines name real objects of the store: an object with a long history, a numbered asteroid
    const tryObject = /try: curl '(\S+\/api\/v1\/objects\?objectId=(ZTF\w+))'/.exec(printed);
    const trySso = /curl '(\S+\/api\/v1\/sso\?n_or_d=(\d+)&withEphem=true)'/.exec(printed);
    expect(tryObject, printed).not.toBeNull();
    expect(trySso, printed).not.toBeNull();
    const example = (await (await fetch(tryObject![1])).json()) as Record<string, unknown>[];
    expect(example.every((a) => a['i:objectId'] === tryObject![2])).toBe(true);
    expect(example.length).toBeGreaterThanOrEqual(Math.max(alerts.length, 2));
    const exampleSso = (await (await fetch(trySso![1])).json()) as Record<string, unknown>[];
    expect(exampleSso.length).toBeGreaterThan(0);
    expect(exampleSso.every((d) => d.sso_number === Number(trySso![2]) && typeof d.Dobs === 'number')).toBe(
      true,
    );

    // the LSST demo store answers Fink's LSST API under /lsst/: the example's light curve is its diaSources
    const tryLsst = /try: curl '(\S+\/lsst\/api\/v1\/sources\?diaObjectId=(\d+)\S*)'/.exec(printed);
    expect(tryLsst, printed).not.toBeNull();
    const lsstText = await (await fetch(tryLsst![1])).text();
    const lsstRows = JSON.parse(lsstText) as Record<string, unknown>[];
    expect(lsstRows.length).toBeGreaterThan(1);
    expect(lsstRows.every((r) => ['u', 'g', 'r', 'i', 'z', 'y'].includes(r['r:band'] as string))).toBe(true);
    const lsstObject = await (
      await fetch(`${url}/lsst/api/v1/objects?diaObjectId=${tryLsst![2]}&columns=r:diaObjectId`)
    ).text();
    expect(lsstObject).toBe(`[{"r:diaObjectId":${tryLsst![2]}}]`);

    // the simulated asteroids answer on /sso with ephemerides, and the demo has an SSOFT of each flavour
    const mpcorb = fs.readFileSync(path.join(store, 'demo-input', 'MPCORB.DAT'), 'utf8').split('\n');
    const number = unpackNumber(mpcorb[0].slice(0, 5)) as number;
    const ssoRes = await fetch(`${url}/api/v1/sso?n_or_d=${number}&withEphem=true`);
    expect(ssoRes.status).toBe(200);
    const detections = (await ssoRes.json()) as Record<string, unknown>[];
    expect(detections.length).toBeGreaterThan(0);
    expect(detections.every((d) => d.sso_number === number && typeof d.Dobs === 'number')).toBe(true);
    // each simulated detection sits on the ephemeris the service computes for it: ZTF's astrometric noise is
    // ~0.1" per axis, and real detections are 0.2-0.4" from their ephemerides (docs/sso.md)
    for (const d of detections) {
      const decRad = ((d.Dec as number) * Math.PI) / 180;
      const dRaArcsec = ((d['i:ra'] as number) - (d.RA as number)) * Math.cos(decRad) * 3600;
      const dDecArcsec = ((d['i:dec'] as number) - (d.Dec as number)) * 3600;
      expect(Math.hypot(dRaArcsec, dDecArcsec)).toBeLessThan(0.5);
    }
    for (const flavor of ['HG', 'HG1G2', 'SHG1G2']) {
      const table = await fetch(`${url}/api/v1/ssoft?flavor=${flavor}&output-format=json`);
      expect(table.status, flavor).toBe(200);
      expect(((await table.json()) as unknown[]).length, flavor).toBeGreaterThan(10);
    }
  }, 240_000);
});
