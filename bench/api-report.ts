/**
 * The report of the API benchmark: figures beside the targets of issue 3 (latency, throughput, memory) and issue
 * 27 §2 (under load), printed as a table and written as JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadSummary } from './api-load.js';
import type { LatencySummary, NotAvailable, ThroughputSummary } from './api-measure.js';
import type { BenchStore } from './api-store.js';

/** Latency targets (ms) of each series; a series meets them with every bound held and no error answer. */
const LATENCY_TARGETS: Readonly<Record<string, { readonly p50Ms: number; readonly p99Ms?: number }>> = {
  objects: { p50Ms: 10, p99Ms: 50 },
  cone5arcsec: { p50Ms: 10 },
  cone1deg: { p50Ms: 200 },
  cone5deg: { p50Ms: 2000 },
  latests1000: { p50Ms: 100 },
  cutoutPng: { p50Ms: 5 },
};
/** Targets of the load series (issue 27 §2): p99 latency (none: reported only) and event-loop delay p99 (ms). */
const LOAD_TARGETS: Readonly<Record<string, { readonly p99Ms: number | null }>> = {
  explorerById: { p99Ms: 100 },
  latests1000: { p99Ms: null },
  mix15: { p99Ms: 250 },
};
const MAX_EVENT_LOOP_P99_MS = 50;
const MIN_REQUESTS_PER_SECOND = 1000;
const MAX_RSS_MB = 500;
const BYTES_PER_MIB = 2 ** 20;

/** What the benchmark measured. */
export interface BenchFigures {
  readonly machine: string;
  readonly store: BenchStore;
  readonly latestsClass: string;
  readonly serverLogLevel: string;
  /** Server processes (`skyalert serve --workers`). */
  readonly workers: number;
  /** The CLI that served, when not this build's. */
  readonly serverCli: string | null;
  /** Sequential series and objects throughput; empty and null with --load-only. */
  readonly latency: Readonly<Record<string, LatencySummary | NotAvailable>>;
  readonly throughput: ThroughputSummary | null;
  readonly load: Readonly<Record<string, LoadSummary>>;
  /** os.loadavg() at the end (1, 5, 15 min): the machine is shared. */
  readonly loadAverage: readonly number[];
  /** Server VmHWM at the end, MiB. */
  readonly peakRssMiB: number | null;
}

type Verdict = { readonly target: string; readonly met: boolean | null };

function latencyVerdict(name: string, r: LatencySummary | NotAvailable): Verdict {
  const t = LATENCY_TARGETS[name];
  const text = `p50 ≤ ${t.p50Ms} ms${t.p99Ms !== undefined ? `, p99 ≤ ${t.p99Ms} ms` : ''}, no error`;
  if (!r.available) return { target: text, met: null };
  const met = r.p50Ms <= t.p50Ms && (t.p99Ms === undefined || r.p99Ms <= t.p99Ms) && r.errors === 0;
  return { target: text, met };
}

const mark = (met: boolean | null) => (met === null ? 'n/a' : met ? 'met' : 'MISSED');

/** Writes `<work>/report.json`, prints the table of figures and targets, and returns the report. */
export function writeReport(work: string, f: BenchFigures): Record<string, unknown> {
  const rows: string[][] = [];
  const results: Record<string, unknown> = {};
  for (const [name, r] of Object.entries(f.latency)) {
    const v = latencyVerdict(name, r);
    results[name] = { ...r, ...v };
    rows.push([
      name,
      r.available ? `p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors` : r.reason.slice(0, 60),
      v.target,
      mark(v.met),
    ]);
  }
  const t = f.throughput;
  if (t !== null) {
    const failures = t.errors + t.timeouts + t.non2xx;
    const throughputMet = t.requestsPerSecond >= MIN_REQUESTS_PER_SECOND && failures === 0;
    results.objectsThroughput = {
      ...t,
      target: `≥ ${MIN_REQUESTS_PER_SECOND} req/s with ${t.connections} connections, no error`,
      met: throughputMet,
    };
    rows.push([
      'objectsThroughput',
      `${t.requestsPerSecond} req/s, ${t.errors} errors, ${t.timeouts} timeouts, ${t.non2xx} non-2xx`,
      `≥ ${MIN_REQUESTS_PER_SECOND} req/s, no error`,
      mark(throughputMet),
    ]);
  }
  for (const [name, r] of Object.entries(f.load)) {
    const p99Target = LOAD_TARGETS[name]?.p99Ms ?? null;
    const loop = r.eventLoop;
    const target =
      `${p99Target === null ? '' : `p99 ≤ ${p99Target} ms, `}event-loop delay p99 ≤ ${MAX_EVENT_LOOP_P99_MS} ms, ` +
      'no connection error';
    const met =
      (p99Target === null || r.latencyP99Ms <= p99Target) &&
      loop !== null &&
      loop.p99Ms <= MAX_EVENT_LOOP_P99_MS &&
      r.errors + r.timeouts === 0;
    results[`load:${name}`] = { ...r, target, met };
    rows.push([
      `load:${name}`,
      `${r.requestsPerSecond} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, ${r.non2xx} non-2xx, ` +
        `event loop p99 ${loop?.p99Ms ?? '?'} ms (max ${loop?.maxMs ?? '?'})`,
      target,
      mark(met),
    ]);
  }
  const rssMb = f.peakRssMiB === null ? null : Math.round((f.peakRssMiB * BYTES_PER_MIB) / 1e6);
  const rssMet = rssMb === null ? null : rssMb <= MAX_RSS_MB;
  results.serverPeakRss = {
    peakRssMiB: f.peakRssMiB,
    peakRssMB: rssMb,
    target: `≤ ${MAX_RSS_MB} MB`,
    met: rssMet,
  };
  rows.push([
    'serverPeakRss',
    rssMb === null ? 'unknown' : `${rssMb} MB (VmHWM)`,
    `≤ ${MAX_RSS_MB} MB`,
    mark(rssMet),
  ]);

  const report = {
    machine: f.machine,
    store: {
      dir: f.store.dir,
      alerts: f.store.alertsStaged,
      nights: f.store.spec.nights,
      seed: f.store.spec.seed,
      startNight: f.store.spec.startNight,
      sizeMiB: f.store.sizeMiB,
      reused: f.store.reused,
      buildSeconds: Math.round(f.store.buildSeconds),
      ingestPeakRssMiB: f.store.ingestPeakRssMiB,
      builtWith:
        'skyalert simulate (all nights) + skyalert ingest per chunk of nights (stage, publish, compact)',
    },
    serverLogLevel: f.serverLogLevel,
    workers: f.workers,
    serverCli: f.serverCli,
    loadAverage: f.loadAverage,
    latestsClass: f.latestsClass,
    results,
    allTargetsMet: Object.values(results).every((r) => (r as { met: boolean | null }).met !== false),
  };
  fs.writeFileSync(path.join(work, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
  console.log(
    `\nbench:api on ${f.store.alertsStaged} alerts over ${f.store.spec.nights} nights (${f.machine}; load ` +
      `average ${f.loadAverage.join(', ')})`,
  );
  for (const r of rows) console.log(`  ${r.map((c, i) => c.padEnd(widths[i])).join('  ')}`);
  console.log(`report: ${path.join(work, 'report.json')}\n`);
  return report;
}
