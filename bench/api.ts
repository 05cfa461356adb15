/**
 * `npm run bench:api`: latency and throughput of the HTTP API on a store of simulated alerts (issue 3 targets, on
 * ≥ 1,000,000 alerts over ≥ 100 nights): objects p50 ≤ 10 ms and p99 ≤ 50 ms; cone search 5″ ≤ 10 ms, 1° ≤ 200 ms,
 * 5° ≤ 2 s; latests n=1000 ≤ 100 ms; cutout PNG ≤ 5 ms; ≥ 1,000 req/s on objects under 50 clients with no error;
 * server RSS ≤ 500 MB. Single-figure targets apply to the p50; p99 is reported beside it.
 *
 * The store is built with the CLI (api-store.ts) unless --reuse finds one of the same size; the server is
 * `skyalert serve` in a child process on a free port. Requests are drawn from a seeded generator: object ids
 * from the object index, cone centres at the positions of random alerts (inside the simulated footprint).
 * Endpoints that answer 404 are reported as not available. Writes `<work>/report.json` and prints it.
 *
 * Options: --alerts N (default 1000000), --nights K (default 100), --work DIR (default bench-output/api),
 * --reuse, --chunk-nights C (nights per ingest run, default 10), --duration S (autocannon, default 20),
 * --connections C (default 50), --log-level L (server log level, default info: one line per request), --workers N
 * (server processes, `skyalert serve --workers`; RSS is then summed over them), --load-only (only the load series
 * of api-load.ts: explorer by id, latests, the mix of 15 endpoints, with the server's event-loop delay),
 * --series A,B (with --load-only: only the named load series, e.g. mix15),
 * --server-cli FILE (the bin/skyalert.js that serves, e.g. a copy of an earlier build, to compare A/B on one store),
 * --store DIR (a published store used as it is, instead of the simulated one; e.g. one whose build is under way),
 * --survey lsst (the LSST series of api-lsst.ts on a store of simulated LSST alerts, 20 nights by default).
 * Quick run: --alerts 20000 --nights 10.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import {
  type Catalog,
  partFilePath,
  readCatalog,
  STATS_SIMBAD_COLUMNS,
  StoreLayout,
  sqlPathList,
  sqlPathLiteral,
} from '../data/index.js';
import { type LoadSummary, type LoadTargets, loadSeries, measureLoad } from './api-load.js';
import { runLsstApiBench } from './api-lsst.js';
import {
  type BenchRequest,
  type LatencySummary,
  measureSequential,
  measureThroughput,
  type NotAvailable,
  type ThroughputSummary,
} from './api-measure.js';
import { writeReport } from './api-report.js';
import { type BenchServer, startBenchServer } from './api-server.js';
import { ensureStore, existingStore } from './api-store.js';

const SEED = 5;
/**
 * Nights of the LSST store (--survey lsst; 50,000 alerts a night for 1,000,000): few nights keep the histories,
 * which ingestion copies into every alert, short (ingestion runs at a few hundred alerts/s with long ones).
 */
const LSST_NIGHTS = '20';
const START_NIGHT = '2024-01-01';
const SAMPLE_OBJECTS = 5000;
const SAMPLE_POSITIONS = 1000;
const SAMPLE_SSO_NAMES = 200;

/** Deterministic uniform numbers in [0, 1) (mulberry32). */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Requests are aimed at: object ids, alert positions (degrees), the most frequent class but Unknown, Solar System
 * objects seen, nights.
 */
interface Targets {
  readonly objectIds: string[];
  readonly positions: [number, number][];
  readonly commonClass: string | null;
  readonly ssoNames: string[];
  readonly nights: number[];
}

async function sampleTargets(storeDir: string): Promise<Targets> {
  const layout = new StoreLayout(storeDir);
  const catalog: Catalog = readCatalog(layout);
  if (!catalog.objectIndex) throw new Error(`${storeDir} has no object index: nothing published`);
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await instance.connect();
  try {
    const index = sqlPathLiteral(path.join(storeDir, catalog.objectIndex));
    const ids = await conn.runAndReadAll(
      `SELECT DISTINCT objectId FROM read_parquet(${index}) USING SAMPLE reservoir(${SAMPLE_OBJECTS} ROWS) REPEATABLE (${SEED})`,
    );
    const alerts = sqlPathList(catalog.parts.map((p) => partFilePath(layout, p.id, 'alerts')));
    const pos = await conn.runAndReadAll(
      `SELECT i_ra, i_dec FROM read_parquet(${alerts}, union_by_name = true) USING SAMPLE reservoir(${SAMPLE_POSITIONS} ROWS) REPEATABLE (${SEED})`,
    );
    const sso = await conn.runAndReadAll(
      `SELECT DISTINCT i_ssnamenr FROM read_parquet(${alerts}, union_by_name = true) WHERE i_ssnamenr IS NOT NULL ORDER BY 1 LIMIT ${SAMPLE_SSO_NAMES}`,
    );
    const byClass = new Map<string, number>();
    // the SIMBAD counts are not labels
    for (const night of Object.values(catalog.statistics))
      for (const [key, n] of Object.entries(night))
        if (
          key.startsWith('class:') &&
          key !== 'class:Unknown' &&
          !STATS_SIMBAD_COLUMNS.some((c) => c === key)
        )
          byClass.set(key.slice(6), (byClass.get(key.slice(6)) ?? 0) + n);
    const common = [...byClass].sort((a, b) => b[1] - a[1])[0];
    return {
      objectIds: ids.getRowObjectsJS().map((r) => String(r.objectId)),
      positions: pos.getRowObjectsJS().map((r) => [Number(r.i_ra), Number(r.i_dec)] as [number, number]),
      commonClass: common ? common[0] : null,
      ssoNames: sso.getRowObjectsJS().map((r) => String(r.i_ssnamenr)),
      nights: [...new Set(catalog.parts.flatMap((p) => p.nights))].sort((a, b) => a - b),
    };
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** The series of the run, in order: name, request count, warm-up, request maker. */
function series(targets: Targets): [string, number, number, (i: number) => BenchRequest][] {
  const random = seededRandom(SEED);
  const anyOf = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const id = () => encodeURIComponent(anyOf(targets.objectIds));
  const cone = (radiusArcsec: number) => () => {
    const [ra, dec] = anyOf(targets.positions);
    return { path: `/api/v1/explorer?ra=${ra}&dec=${dec}&radius=${radiusArcsec}` };
  };
  const latests = targets.commonClass
    ? `/api/v1/latests?class=${encodeURIComponent(targets.commonClass)}&n=1000`
    : '/api/v1/latests?class=allclasses&n=1000';
  return [
    ['objects', 1000, 20, () => ({ path: `/api/v1/objects?objectId=${id()}` })],
    ['cone5arcsec', 100, 5, cone(5)],
    ['cone1deg', 50, 3, cone(3600)],
    ['cone5deg', 20, 2, cone(18_000)],
    ['latests1000', 50, 3, () => ({ path: latests })],
    ['cutoutPng', 300, 10, () => ({ path: `/api/v1/cutouts?objectId=${id()}&kind=Science` })],
  ];
}

async function measure(
  server: BenchServer,
  targets: Targets,
  connections: number,
  seconds: number,
): Promise<{ latency: Record<string, LatencySummary | NotAvailable>; throughput: ThroughputSummary }> {
  const latency: Record<string, LatencySummary | NotAvailable> = {};
  for (const [name, count, warmup, next] of series(targets)) {
    const started = performance.now();
    const r = await measureSequential(server.url, next, count, warmup);
    latency[name] = r;
    const took = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      r.available
        ? `  ${name}: ${count} requests in ${took} s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors, ` +
            `server peak RSS so far ${server.peakRssMiB() ?? '?'} MiB (now: ${await server.memoryLine()})`
        : `  ${name}: ${r.reason}`,
    );
  }
  console.log(`  objects throughput: autocannon, ${connections} connections, ${seconds} s ...`);
  const random = seededRandom(SEED + 1);
  const throughput = await measureThroughput(
    server.url,
    () =>
      `/api/v1/objects?objectId=${encodeURIComponent(targets.objectIds[Math.floor(random() * targets.objectIds.length)])}`,
    connections,
    seconds,
  );
  console.log(
    `  objects throughput: ${throughput.requestsPerSecond} req/s, ${throughput.errors} errors, ${throughput.non2xx} non-2xx, ` +
      `server peak RSS ${server.peakRssMiB() ?? '?'} MiB (now: ${await server.memoryLine()})`,
  );
  return { latency, throughput };
}

/** The load series (api-load.ts), each with autocannon for `seconds`. */
async function measureLoadSeries(
  server: BenchServer,
  targets: Targets,
  connections: number,
  seconds: number,
  only: ReadonlySet<string> | null,
): Promise<Record<string, LoadSummary>> {
  const load: Record<string, LoadSummary> = {};
  const aimed: LoadTargets = { ...targets, latestsClass: targets.commonClass ?? 'allclasses' };
  for (const [name, nextPath] of loadSeries(aimed, seededRandom(SEED + 2))) {
    if (only !== null && !only.has(name)) continue;
    console.log(`  ${name}: autocannon, ${connections} connections, ${seconds} s ...`);
    const r = await measureLoad(server.url, nextPath, connections, seconds);
    load[name] = r;
    const loop = r.eventLoop;
    console.log(
      `  ${name}: ${r.requestsPerSecond} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, ` +
        `${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx; server event-loop delay ` +
        (loop ? `p50 ${loop.p50Ms} ms, p99 ${loop.p99Ms} ms, max ${loop.maxMs} ms` : 'not exported'),
    );
  }
  return load;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      alerts: { type: 'string', default: '1000000' },
      nights: { type: 'string' },
      survey: { type: 'string', default: 'ztf' },
      work: { type: 'string', default: path.join('bench-output', 'api') },
      reuse: { type: 'boolean', default: false },
      'chunk-nights': { type: 'string', default: '10' },
      duration: { type: 'string', default: '20' },
      connections: { type: 'string', default: '50' },
      'log-level': { type: 'string', default: 'info' },
      workers: { type: 'string', default: '1' },
      'load-only': { type: 'boolean', default: false },
      'server-cli': { type: 'string' },
      series: { type: 'string' },
      store: { type: 'string' },
    },
  });
  const positive = (name: string, text: string | undefined): number => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer: ${text}`);
    return n;
  };
  if (values.survey !== 'ztf' && values.survey !== 'lsst')
    throw new Error(`--survey must be ztf or lsst: ${values.survey}`);
  const survey: 'ztf' | 'lsst' = values.survey;
  const spec = {
    alerts: positive('alerts', values.alerts),
    nights: positive('nights', values.nights ?? (survey === 'lsst' ? LSST_NIGHTS : '100')),
    seed: SEED,
    startNight: START_NIGHT,
    survey,
  };
  const work = path.resolve(values.work ?? `bench-output/api${survey === 'lsst' ? '-lsst' : ''}`);
  const store =
    values.store === undefined
      ? await ensureStore(work, spec, values.reuse ?? false, positive('chunk-nights', values['chunk-nights']))
      : existingStore(path.resolve(values.store), SEED);
  fs.mkdirSync(work, { recursive: true });
  if (survey === 'lsst') {
    await runLsstApiBench(store, work, values['log-level'] ?? 'info', seededRandom(SEED));
    return;
  }
  const targets = await sampleTargets(store.dir);
  console.log(
    `bench:api: ${targets.objectIds.length} object ids and ${targets.positions.length} positions sampled; ` +
      `latests class: ${targets.commonClass ?? 'allclasses'}`,
  );
  const workers = positive('workers', values.workers);
  const cli = values['server-cli'] === undefined ? undefined : path.resolve(values['server-cli']);
  const server = await startBenchServer(store.dir, values['log-level'], workers, cli);
  console.log(
    `bench:api: server ${server.url} (pid ${server.pid}, ${workers} worker process(es)${cli ? `, ${cli}` : ''})`,
  );
  const connections = positive('connections', values.connections);
  const seconds = positive('duration', values.duration);
  let figures: Awaited<ReturnType<typeof measure>> | null = null;
  let load: Record<string, LoadSummary>;
  let peakRssMiB: number | null;
  try {
    if (!values['load-only']) figures = await measure(server, targets, connections, seconds);
    const only = values.series === undefined ? null : new Set(values.series.split(','));
    load = await measureLoadSeries(server, targets, connections, seconds, only);
    peakRssMiB = server.peakRssMiB();
  } finally {
    await server.stop();
  }
  const report = writeReport(work, {
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? ''}, node ${process.version}`,
    store,
    latestsClass: targets.commonClass ?? 'allclasses',
    serverLogLevel: values['log-level'] ?? 'info',
    workers,
    serverCli: cli ?? null,
    latency: figures?.latency ?? {},
    throughput: figures?.throughput ?? null,
    load,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    peakRssMiB,
  });
  console.log(JSON.stringify(report, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
