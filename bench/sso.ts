/**
 * `npm run bench:sso`: the Solar System targets of the issue, on real data — the 9,519 real ZTF detections of 30
 * asteroids (API export in test/data/sso) ingested into a store with the JPL orbit tables as its catalogue:
 *   /sso of an object with ~400 alerts withEphem ≤ 100 ms; /ssoft one object ≤ 20 ms on a 100,000-row table;
 *   SSOFT build ≥ 200 objects/s for the three phase-curve flavours on 2 cores (SOCCA measured apart);
 *   ephemerides ≥ 10,000 epochs/s.
 * Requests go through the app in-process (no HTTP: about 1 ms less than a client sees). The SSOFT compute rate is
 * measured on the real light curves replicated to `--objects` objects, through the job's worker pool.
 *
 * Options: --work DIR (default bench-output/sso), --reuse (keep the store if built), --runs N (default 20),
 * --objects N (default 600).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import pino from 'pino';
import { computeEphemerides } from '../compute/sso/ephemeris/index.js';
import { currentOrbitCatalogue, readCatalog, SSOFT_FLAVORS, StoreLayout } from '../data/index.js';
import { buildSsoft } from '../data/jobs/index.js';
import type { SsoftBatchItem } from '../data/jobs/ssoft-batch.js';
import { SsoftPool } from '../data/jobs/ssoft-pool.js';
import { SsoftTableWriter } from '../data/jobs/ssoft-writer.js';
import { readOrbitsByIds, readSsoLightcurves } from '../data/queries/index.js';
import { ingestFiles } from '../ingest/index.js';
import { loadOrbitFiles } from '../ingest/orbits/index.js';
import { publishNights } from '../ingest/publish/index.js';
import { createApp } from '../serve/app.js';
import { StoreReader } from '../serve/store-reader.js';

const { values } = parseArgs({
  options: {
    work: { type: 'string', default: 'bench-output/sso' },
    reuse: { type: 'boolean', default: false },
    runs: { type: 'string', default: '20' },
    objects: { type: 'string', default: '600' },
  },
});
const EXPORT = path.resolve('test', 'data', 'sso', 'fink-fat_mpc_example_30sso.parquet');
const ORBITS = path.resolve('test', 'data', 'orbits', 'jpl_sbdb_asteroids_kstars.json');
if (!fs.existsSync(EXPORT))
  throw new Error(`bench:sso reads the repository's test/data: ${EXPORT} is missing`);
const log = pino({ level: 'warn' });
const runs = Number(values.runs);
const layout = new StoreLayout(path.resolve(values.work, 'store'));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function p99(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))];
}

async function ensureStore(): Promise<void> {
  if (values.reuse && readCatalog(layout).version > 0 && currentOrbitCatalogue(layout)) return;
  fs.rmSync(layout.root, { recursive: true, force: true });
  const started = performance.now();
  console.log(`bench:sso: ingesting ${EXPORT} into ${layout.root} ...`);
  const s = await ingestFiles(layout, [EXPORT], { ingesterId: 'bench', log });
  await publishNights(layout, s.nights, log);
  await loadOrbitFiles(layout, [ORBITS], log);
  console.log(
    `bench:sso: store built in ${((performance.now() - started) / 1000).toFixed(0)} s (${s.staged} alerts)`,
  );
}

async function timeRequests(
  app: ReturnType<typeof createApp>,
  url: string,
): Promise<{ cold: number; ms: number[] }> {
  const once = async () => {
    const t = performance.now();
    const res = await app.request(url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    return performance.now() - t;
  };
  const cold = await once();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) ms.push(await once());
  return { cold, ms };
}

await ensureStore();
const report: Record<string, unknown> = {
  machine: `${process.platform} ${process.arch}, node ${process.version}`,
};

// the object with the most detections
const db = await DuckDBInstance.create(':memory:');
const conn = await db.connect();
const [top] = (
  await conn.runAndReadAll(
    `SELECT "i:ssnamenr"::VARCHAR AS s, count(*)::INT AS n FROM read_parquet('${EXPORT}') WHERE "i:ssnamenr" IN (4209, 9857, 265, 1583)
     GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  )
).getRowObjectsJS();
const reader = await StoreReader.open(layout, log);
const app = createApp(reader, log);
const plain = await timeRequests(app, `/api/v1/sso?n_or_d=${top.s}`);
const ephem = await timeRequests(app, `/api/v1/sso?n_or_d=${top.s}&withEphem=true`);
report.sso = {
  object: top.s,
  alerts: top.n,
  plain: { p50: median(plain.ms), p99: p99(plain.ms), cold: plain.cold },
  withEphem: { p50: median(ephem.ms), p99: p99(ephem.ms), cold: ephem.cold, target: 100 },
};

// /ssoft: one object out of a 100,000-row table
fs.mkdirSync(layout.ssoftDir, { recursive: true });
const writer = await SsoftTableWriter.open(conn, 'SHG1G2');
for (let i = 1; i <= 100_000; i++) {
  writer.append({
    ssnamenr: String(i),
    sso_name: `Object${i}`,
    sso_number: i,
    H_1: 15 + (i % 100) / 100,
    version: '2099.01',
  });
}
await writer.finish(layout, '2099.01');
const ssoftMs: number[] = [];
for (let i = 0; i < runs * 5; i++) {
  const n = 1 + ((i * 7919) % 100_000);
  const t = performance.now();
  const res = await app.request(`/api/v1/ssoft?version=2099.01&sso_number=${n}`);
  const rows = (await res.json()) as unknown[];
  ssoftMs.push(performance.now() - t);
  if (rows.length !== 1) throw new Error(`ssoft lookup of ${n} gave ${rows.length} rows`);
}
report.ssoft = { rows: 100_000, p50: median(ssoftMs), p99: p99(ssoftMs), target: 20 };
fs.rmSync(layout.ssoftFile('SHG1G2', '2099.01'));
reader.close();

// ephemerides: one object, cold and warm, for its real epochs
const files = currentOrbitCatalogue(layout);
if (!files) throw new Error('no orbit catalogue');
const query = async (sql: string, params: Parameters<typeof conn.runAndReadAll>[1]) =>
  (await conn.runAndReadAll(sql, params)).getRowObjectsJS() as Record<string, unknown>[];
const orbits = await readOrbitsByIds(query, files, [String(top.s)]);
const orbit = orbits.get(String(top.s));
if (!orbit) throw new Error(`no orbit for ${top.s}`);
const epochs = (
  await query(`SELECT "i:jd" AS jd FROM read_parquet('${EXPORT}') WHERE "i:ssnamenr" = ${top.s}`, [])
).map((r) => Number(r.jd));
const ephemRates: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  computeEphemerides(
    orbit.orbit,
    epochs.map((jd) => jd + i * 1e-4),
  );
  ephemRates.push(epochs.length / ((performance.now() - t) / 1000));
}
report.ephemerides = {
  epochs: epochs.length,
  firstCallPerSecond: ephemRates[0],
  medianPerSecond: median(ephemRates),
  target: 10_000,
};

// SSOFT: the job end to end on the store, then the compute rate on replicated real light curves
const build = await buildSsoft(layout, { version: '2099.02', flavors: SSOFT_FLAVORS, log });
report.ssoftBuild = {
  objects: build.objects,
  seconds: build.seconds,
  objectsPerSecond: build.objectsPerSecond,
};
const ids = (
  await query(`SELECT DISTINCT "i:ssnamenr"::VARCHAR AS s FROM read_parquet('${EXPORT}')`, [])
).map((r) => String(r.s));
const catalogued = await readOrbitsByIds(query, files, ids);
const groups = new Map([...catalogued.keys()].map((id) => [id, id]));
const base: SsoftBatchItem[] = [];
for await (const lc of readSsoLightcurves(conn, layout, readCatalog(layout), groups)) {
  const sso = catalogued.get(lc.key);
  if (sso)
    base.push({
      identity: { ssnamenr: lc.key, ssoName: sso.name, ssoNumber: sso.number },
      orbit: sso.orbit,
      detections: lc,
    });
}
const wanted = Number(values.objects);
const items = Array.from({ length: wanted }, (_, i) => base[i % base.length]);
// the three phase-curve flavours (the target's scope); SOCCA, whose period search dominates, is measured apart
const phaseFlavors = SSOFT_FLAVORS.filter((f) => f !== 'SOCCA');
const pool = new SsoftPool(phaseFlavors, '2099.03');
const t0 = performance.now();
const batches: Promise<unknown>[] = [];
for (let i = 0; i < items.length; i += 32) batches.push(pool.run(items.slice(i, i + 32)));
await Promise.all(batches);
const computeSeconds = (performance.now() - t0) / 1000;
await pool.close();
const meanDetections = items.reduce((s, it) => s + it.detections.jd.length, 0) / items.length;
report.ssoftCompute = {
  objects: items.length,
  meanDetections: Math.round(meanDetections),
  threads: pool.threads,
  seconds: computeSeconds,
  objectsPerSecond: items.length / computeSeconds,
  target: 200,
};
// SOCCA alone, each real light curve once
const soccaPool = new SsoftPool(['SOCCA'], '2099.04');
const t1 = performance.now();
const soccaBatches: Promise<unknown>[] = [];
for (let i = 0; i < base.length; i += 4) soccaBatches.push(soccaPool.run(base.slice(i, i + 4)));
await Promise.all(soccaBatches);
const soccaSeconds = (performance.now() - t1) / 1000;
await soccaPool.close();
report.ssoftSocca = {
  objects: base.length,
  meanDetections: Math.round(base.reduce((s, it) => s + it.detections.jd.length, 0) / base.length),
  threads: soccaPool.threads,
  seconds: soccaSeconds,
  objectsPerSecond: base.length / soccaSeconds,
  coreSecondsPerObject: (soccaSeconds * soccaPool.threads) / base.length,
};
for (const f of SSOFT_FLAVORS) fs.rmSync(layout.ssoftFile(f, '2099.02'), { force: true });
conn.closeSync();
db.closeSync();
fs.mkdirSync(values.work, { recursive: true });
fs.writeFileSync(path.join(values.work, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
