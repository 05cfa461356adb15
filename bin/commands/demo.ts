/**
 * `skyalert demo`: the quick start. Simulates 30 nights (≥ 20,000 alerts including asteroids), ingests them
 * through the production path (decode → stage → publish), loads the simulated asteroids' MPCORB.DAT as the orbit
 * catalogue, builds the SSOFT tables, and serves the store. A store already built with the same settings is
 * reused, so a restart is immediate.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Logger } from 'pino';
import {
  LSST_PART_FILES,
  OBJECT_BLOCK_FORMAT,
  readCatalog,
  SSOFT_FLAVORS,
  StoreLayout,
  sqlPathList,
} from '../../data/index.js';
import { buildLsstSsoft, buildSsoft } from '../../data/jobs/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { loadOrbitFiles } from '../../ingest/orbits/index.js';
import { runSimulate, runSimulateLsst } from '../../ingest/simulate/index.js';
import { startServer } from '../../serve/index.js';
import { parsePort } from './serve.js';
import { currentVersion } from './ssoft.js';

/** Settings of the demo data set. */
export const DEMO = { nights: 30, alertsPerNight: 720, seed: 42, startNight: '2024-03-01' } as const;
/**
 * Fewest detections of an asteroid in the demo's SSOFT: 30 nights give each simulated asteroid 10 to 40
 * detections, fewer than the production threshold of 50 (a month of survey is short for phase curves).
 */
export const DEMO_SSOFT_MIN_DETECTIONS = 10;

export interface DemoArgs {
  port?: string;
  store?: string;
}

/**
 * Builds the demo store in `layout.root` unless a store built with the same settings, block format and SSOFT
 * flavours is there (then returns at once): a store left by an earlier version of the code is rebuilt, not
 * refused. Also used by the portal's browser tests and benchmarks.
 */
export async function buildDemoStore(layout: StoreLayout, log: Logger): Promise<void> {
  const marker = path.join(layout.root, 'demo.json');
  const wanted = JSON.stringify({
    ...DEMO,
    ssoftMinDetections: DEMO_SSOFT_MIN_DETECTIONS,
    blockFormat: OBJECT_BLOCK_FORMAT,
    flavors: SSOFT_FLAVORS,
  });
  const built =
    fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === wanted && readCatalog(layout).version > 0;
  if (built) return;
  fs.rmSync(layout.root, { recursive: true, force: true });
  fs.mkdirSync(layout.root, { recursive: true });
  const input = path.join(layout.root, 'demo-input');
  console.log(`demo: simulating ${DEMO.nights} nights x ${DEMO.alertsPerNight} alerts into ${input}`);
  await runSimulate({ outDir: input, ...DEMO, log });
  console.log('demo: ingesting and publishing');
  const summary = await ingestFiles(layout, [input], {
    ingesterId: 'demo',
    log,
    publish: true,
    compact: true,
  });
  console.log(
    `demo: ${summary.staged} alerts staged, ${summary.quarantined} quarantined, ${summary.nights.length} nights published`,
  );
  const orbits = await loadOrbitFiles(layout, [path.join(input, 'MPCORB.DAT')], log);
  const version = currentVersion();
  const ssoft = await buildSsoft(layout, {
    version,
    flavors: SSOFT_FLAVORS,
    minDetections: DEMO_SSOFT_MIN_DETECTIONS,
    log,
  });
  console.log(
    `demo: ${orbits.objects} asteroid orbits loaded; SSOFT ${version} built for ${ssoft.objects} asteroids`,
  );
  fs.writeFileSync(marker, wanted);
}

/** Settings of the LSST demo data set (Rubin alerts of the simulator, served under /lsst/). */
export const LSST_DEMO = { nights: 5, alertsPerNight: 400, seed: 42, startNight: 20240301 } as const;
/** Fewest detections for an LSST demo asteroid to enter its SSOFT (five nights give a few each). */
const LSST_DEMO_SSOFT_MIN_DETECTIONS = 3;

/** The LSST demo store: `lsst/` inside the demo's directory (rebuilt with it). */
export function lsstDemoLayout(layout: StoreLayout): StoreLayout {
  return new StoreLayout(path.join(layout.root, 'lsst'));
}

/**
 * Builds the LSST demo store (simulated Rubin alerts ingested through the production path) unless one built with
 * the same settings is there.
 */
export async function buildLsstDemoStore(layout: StoreLayout, log: Logger): Promise<void> {
  const marker = path.join(layout.root, 'demo.json');
  const wanted = JSON.stringify(LSST_DEMO);
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === wanted && readCatalog(layout).version > 0)
    return;
  fs.rmSync(layout.root, { recursive: true, force: true });
  fs.mkdirSync(layout.root, { recursive: true });
  const input = path.join(layout.root, 'demo-input');
  console.log(
    `demo: simulating ${LSST_DEMO.nights} nights x ${LSST_DEMO.alertsPerNight} LSST alerts into ${input}`,
  );
  await runSimulateLsst({ outDir: input, ...LSST_DEMO, log });
  const summary = await ingestFiles(layout, [input], {
    ingesterId: 'demo',
    log,
    publish: true,
    survey: 'lsst',
  });
  console.log(`demo: ${summary.staged} LSST alerts staged, ${summary.nights.length} nights published`);
  const ssoft = await buildLsstSsoft(layout, {
    version: currentVersion(),
    flavors: ['HG', 'HG1G2'],
    minDetections: LSST_DEMO_SSOFT_MIN_DETECTIONS,
    log,
  });
  console.log(`demo: LSST SSOFT built for ${ssoft.objects} asteroids`);
  fs.writeFileSync(marker, wanted);
}

/** The diaObject of the LSST demo store with the most diaSources (an example for the "try:" lines). */
async function lsstExample(layout: StoreLayout): Promise<string | null> {
  const parts = readCatalog(layout).parts.map((p) =>
    path.join(layout.partDir(p.id), LSST_PART_FILES.objects),
  );
  if (parts.length === 0) return null;
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  try {
    const rows = (
      await conn.runAndReadAll(`SELECT CAST("r:diaObjectId" AS VARCHAR) FROM read_parquet(${sqlPathList(parts)},
        union_by_name = true) ORDER BY "r:nDiaSources" DESC NULLS LAST, "r:diaObjectId" LIMIT 1`)
    ).getRows();
    return rows.length > 0 ? String(rows[0][0]) : null;
  } finally {
    conn.closeSync();
    db.closeSync();
  }
}

/** TCP port of `skyalert demo` (and `npm start`) unless `--port` or `$PORT` says otherwise. */
export const DEMO_PORT = 8080;

/** Latest alerts read to choose the examples of the "try:" lines. */
const EXAMPLE_ALERTS = 1000;

/** Real objects of a demo store, named in the lines printed once it is served. */
export interface DemoExamples {
  /** The object with the longest alert history among the latest alerts. */
  readonly objectId: string;
  /** The known asteroid (`i:ssnamenr`: its number, when numbered) with the most of the latest alerts. */
  readonly ssnamenr: string;
}

/** The key with the largest value; ties go to the smallest key, so that the choice does not depend on order. */
function largest(values: ReadonlyMap<string, number>): string | null {
  let best: string | null = null;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const [key, value] of values) {
    if (value > bestValue || (value === bestValue && best !== null && key < best)) {
      best = key;
      bestValue = value;
    }
  }
  return best;
}

/** JSON records of a GET on the served API; throws on an HTTP error. */
async function getRecords(url: string): Promise<Record<string, unknown>[]> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as Record<string, unknown>[];
}

/**
 * Chooses the examples of the "try:" lines by asking the served API, as a user would: among the latest
 * `EXAMPLE_ALERTS` alerts, the object with the largest `d:nalerthist` (alerts so far), and the `i:ssnamenr` most
 * frequent among the latest known-asteroid alerts (class `Solar System MPC`), a numbered asteroid when there is
 * one. Null when the store has neither.
 *
 * @param baseUrl the server's URL (`http://localhost:<port>`).
 */
export async function findDemoExamples(baseUrl: string): Promise<DemoExamples | null> {
  const api = `${baseUrl}/api/v1/latests?n=${EXAMPLE_ALERTS}`;
  const alerts = await getRecords(`${api}&class=allclasses&columns=i:objectId,d:nalerthist`);
  const histories = new Map<string, number>();
  for (const a of alerts) {
    const id = a['i:objectId'];
    const n = a['d:nalerthist'];
    if (typeof id === 'string' && typeof n === 'number')
      histories.set(id, Math.max(n, histories.get(id) ?? 0));
  }
  const asteroids = await getRecords(
    `${api}&class=${encodeURIComponent('Solar System MPC')}&columns=i:ssnamenr`,
  );
  const counts = new Map<string, number>();
  const numbered = new Map<string, number>();
  for (const a of asteroids) {
    const name = a['i:ssnamenr'];
    if (typeof name !== 'string' || name === '') continue;
    counts.set(name, (counts.get(name) ?? 0) + 1);
    if (/^\d+$/.test(name)) numbered.set(name, (numbered.get(name) ?? 0) + 1);
  }
  const objectId = largest(histories);
  const ssnamenr = largest(numbered) ?? largest(counts);
  return objectId === null || ssnamenr === null ? null : { objectId, ssnamenr };
}

export async function runDemo(args: DemoArgs, log: Logger): Promise<number> {
  const port = parsePort(args.port ?? process.env.PORT, DEMO_PORT);
  const layout = new StoreLayout(path.resolve(args.store ?? 'skyalert-demo'));
  await buildDemoStore(layout, log);
  const lsst = lsstDemoLayout(layout);
  await buildLsstDemoStore(lsst, log);
  const server = await startServer(
    [
      { name: 'ztf', layout },
      { name: 'lsst', layout: lsst },
    ],
    { port, log },
  );
  console.log(
    `\nSky-alert demo is up: ${server.url}/ (portal), ${server.url}/api/v1/ (ZTF API, also /ztf/api/v1/), ` +
      `${server.url}/lsst/api/v1/ (LSST API)  (store ${layout.root})`,
  );
  const diaObjectId = await lsstExample(lsst);
  if (diaObjectId !== null)
    console.log(
      `  try: curl '${server.url}/lsst/api/v1/sources?diaObjectId=${diaObjectId}&columns=r:midpointMjdTai,r:band,r:psfFlux'\n` +
        `       ${server.url}/lsst/object/${diaObjectId} (its portal page)`,
    );
  const examples = await findDemoExamples(server.url).catch((err: unknown) => {
    log.warn({ err }, 'demo: no example object found');
    return null;
  });
  if (examples === null) {
    console.log(`  try: curl '${server.url}/api/v1/latests?class=allclasses&n=10'\n`);
  } else {
    console.log(`  try: curl '${server.url}/api/v1/objects?objectId=${examples.objectId}'`);
    console.log(`       curl '${server.url}/api/v1/sso?n_or_d=${examples.ssnamenr}&withEphem=true'`);
    console.log(`       ${server.url}/${examples.objectId} in a browser\n`);
  }
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      server.close().then(resolve, resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
