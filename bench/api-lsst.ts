/**
 * `npm run bench:api -- --survey lsst`: the LSST API on a store of simulated LSST alerts (issue 24 §4 targets, on
 * ≥ 1,000,000 alerts): `objects` and `sources` of one diaObject p50 ≤ 5 ms and p99 ≤ 30 ms, a 1° cone
 * (`conesearch`) ≤ 100 ms, server RSS ≤ 500 MB. The store is built by api-store.ts with `skyalert simulate
 * --survey lsst --no-stamps` and `skyalert ingest`, then `skyalert compact`; or used as it is (`--store DIR`).
 * Requests aim at diaObjectIds and alert positions sampled from the store (seeded). Writes
 * `<work>/report-lsst.json` and prints a summary.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { LSST_PART_FILES, readCatalog, StoreLayout, sqlPathList } from '../data/index.js';
import {
  type BenchRequest,
  type LatencySummary,
  measureSequential,
  type NotAvailable,
} from './api-measure.js';
import { startBenchServer } from './api-server.js';
import type { BenchStore } from './api-store.js';

const SAMPLE_OBJECTS = 2000;
const SAMPLE_POSITIONS = 500;

/** Targets of the issue (ms, MiB). */
const TARGETS = {
  objectsP50: 5,
  objectsP99: 30,
  sourcesP50: 5,
  sourcesP99: 30,
  cone1degP50: 100,
  rssMiB: 500,
};

async function sampleLsstTargets(
  storeDir: string,
  seed: number,
): Promise<{ objectIds: string[]; positions: [number, number][]; parts: number }> {
  const layout = new StoreLayout(storeDir);
  const catalog = readCatalog(layout);
  const files = (table: 'objects' | 'sources') =>
    sqlPathList(
      catalog.parts
        .map((p) => path.join(layout.partDir(p.id), LSST_PART_FILES[table]))
        .filter((f) => fs.existsSync(f)),
    );
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await instance.connect();
  try {
    const ids = await conn.runAndReadAll(
      `SELECT DISTINCT "r:diaObjectId"::VARCHAR AS id FROM read_parquet(${files('objects')}, union_by_name = true)
       USING SAMPLE reservoir(${SAMPLE_OBJECTS} ROWS) REPEATABLE (${seed})`,
    );
    const pos = await conn.runAndReadAll(
      `SELECT "r:ra" AS ra, "r:dec" AS dec FROM read_parquet(${files('sources')}, union_by_name = true)
       WHERE "v:alert" USING SAMPLE reservoir(${SAMPLE_POSITIONS} ROWS) REPEATABLE (${seed})`,
    );
    return {
      objectIds: ids.getRowObjectsJS().map((r) => String(r.id)),
      positions: pos.getRowObjectsJS().map((r) => [Number(r.ra), Number(r.dec)] as [number, number]),
      parts: catalog.parts.length,
    };
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** Runs the LSST series against a server on `store`; prints progress and a summary, writes the report. */
export async function runLsstApiBench(
  store: BenchStore,
  work: string,
  logLevel: string,
  random: () => number,
): Promise<void> {
  const targets = await sampleLsstTargets(store.dir, store.spec.seed);
  console.log(
    `bench:api --survey lsst: ${store.spec.alerts} alerts, ${targets.parts} parts; ` +
      `${targets.objectIds.length} diaObjectIds and ${targets.positions.length} positions sampled`,
  );
  const anyOf = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const series: [string, number, number, () => BenchRequest][] = [
    ['objects', 200, 10, () => ({ path: `/api/v1/objects?diaObjectId=${anyOf(targets.objectIds)}` })],
    ['sources', 200, 10, () => ({ path: `/api/v1/sources?diaObjectId=${anyOf(targets.objectIds)}` })],
    [
      'cone1deg',
      40,
      3,
      () => {
        const [ra, dec] = anyOf(targets.positions);
        return { path: `/api/v1/conesearch?ra=${ra}&dec=${dec}&radius=3600` };
      },
    ],
  ];
  const server = await startBenchServer(store.dir, logLevel, 1);
  console.log(`bench:api --survey lsst: server ${server.url} (pid ${server.pid})`);
  const latency: Record<string, LatencySummary | NotAvailable> = {};
  let peakRssMiB: number | null = null;
  try {
    for (const [name, count, warmup, next] of series) {
      const started = performance.now();
      const r = await measureSequential(server.url, next, count, warmup);
      latency[name] = r;
      const took = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        r.available
          ? `  ${name}: ${count} requests in ${took} s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ` +
              `mean rows ${r.meanRows}, ${r.errors} errors, server peak RSS so far ${server.peakRssMiB() ?? '?'} MiB`
          : `  ${name}: ${r.reason}`,
      );
    }
    peakRssMiB = server.peakRssMiB();
  } finally {
    await server.stop();
  }
  const loadAverage = os.loadavg().map((l) => Math.round(l * 100) / 100);
  const report = {
    survey: 'lsst',
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? ''}, node ${process.version}`,
    loadAverage,
    store: {
      dir: store.dir,
      alerts: store.spec.alerts,
      nights: store.spec.nights,
      parts: targets.parts,
      sizeMiB: store.sizeMiB,
    },
    targets: TARGETS,
    latency,
    peakRssMiB,
  };
  fs.mkdirSync(work, { recursive: true });
  fs.writeFileSync(path.join(work, 'report-lsst.json'), JSON.stringify(report, null, 2));
  const line = (name: string, p50: number, p99: number | null) => {
    const r = latency[name];
    if (!r?.available) return `  ${name}: not available`;
    const ok = r.p50Ms <= p50 && (p99 === null || r.p99Ms <= p99) && r.errors === 0;
    return `  ${name}: p50 ${r.p50Ms} ms (target ≤ ${p50}), p99 ${r.p99Ms} ms${p99 === null ? '' : ` (target ≤ ${p99})`} ${ok ? 'MET' : 'NOT MET'}`;
  };
  console.log(
    [
      `bench:api --survey lsst summary (load average ${loadAverage.join(' ')}):`,
      line('objects', TARGETS.objectsP50, TARGETS.objectsP99),
      line('sources', TARGETS.sourcesP50, TARGETS.sourcesP99),
      line('cone1deg', TARGETS.cone1degP50, null),
      `  server peak RSS ${peakRssMiB ?? '?'} MiB (target ≤ ${TARGETS.rssMiB}) ${peakRssMiB !== null && peakRssMiB <= TARGETS.rssMiB ? 'MET' : 'NOT MET'}`,
    ].join('\n'),
  );
}
