/**
 * `npm run bench:xmatch`: the cross-matching services on the store of `bench:api` (≥ 1,000,000 simulated alerts
 * over 100 nights; built, or reused with --reuse), through `skyalert serve` over HTTP. Targets (issue
 * "Cross-matching"): a 100,000-row catalogue at 1.5″ in ≤ 10 s; bayestar at credible level 0.9 on S200219ac in
 * ≤ 1 s; a VO cone search of 0.1° in ≤ 50 ms.
 *
 * - xmatch: catalogues of 10,000, 30,000 and 100,000 rows (one row in ten 0.5″ from a stored alert, the others
 *   uniform on the sky), uploaded as CSV files; then the 100,000-row catalogue against 10 %, 50 % and 100 % of
 *   the store (a `startdate` leaving out the earlier nights): scaling with catalogue and store size.
 * - bayestar: the real S200219ac map (test/data/skymaps) with t0 moved to the middle of the store's nights
 *   (the default window, 7 days); first request (map parsed) and repeated ones (map cached).
 * - SCS: 0.1° cones centred on stored alerts.
 * Each figure is the median of --runs runs (default 3; 50 requests for SCS). Figures go to stdout and
 * <work>/xmatch-report.json.
 *
 * Options: --work DIR (default bench-output/api, shared with bench:api), --reuse, --runs N.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { Prng } from '../compute/random/index.js';
import { partFilePath, readCatalog, StoreLayout, sqlPathList } from '../data/index.js';
import { startBenchServer } from './api-server.js';
import { ensureStore } from './api-store.js';
import { median } from './run-cli.js';

const SEED = 5;
const START_NIGHT_JD = 2460310.5; // 2024-01-01, the first night of the bench:api store
const STORE_NIGHTS = 100;
const CATALOGUE_SIZES = [10_000, 30_000, 100_000];
const STORE_FRACTIONS = [0.1, 0.5, 1];
const RADIUS_ARCSEC = 1.5;
const SCS_REQUESTS = 50;

/** Deterministic uniform numbers in [0, 1) for a seed. */
function seededRandom(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.uniform();
}

/** Positions of `count` stored alerts, drawn reproducibly. */
async function alertPositions(storeDir: string, count: number): Promise<[number, number][]> {
  const layout = new StoreLayout(storeDir);
  const catalog = readCatalog(layout);
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await instance.connect();
  try {
    const files = sqlPathList(catalog.parts.map((p) => partFilePath(layout, p.id, 'sky')));
    const rows = await conn.runAndReadAll(
      `SELECT i_ra, i_dec FROM read_parquet(${files}) USING SAMPLE reservoir(${count} ROWS) REPEATABLE (${SEED})`,
    );
    return rows.getRowObjectsJS().map((r) => [Number(r.i_ra), Number(r.i_dec)] as [number, number]);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** CSV text of a catalogue: one row in ten 0.5″ north of a stored alert, the others uniform on the sky. */
function catalogueCsv(rows: number, onAlerts: readonly [number, number][], seed: number): string {
  const random = seededRandom(seed);
  const lines = ['RA,Dec,ID'];
  for (let i = 0; i < rows; i++) {
    if (i % 10 === 0) {
      const [ra, dec] = onAlerts[(i / 10) % onAlerts.length];
      lines.push(`${ra},${Math.min(90, dec + 0.5 / 3600)},src${i}`);
    } else {
      const dec = (Math.asin(2 * random() - 1) * 180) / Math.PI;
      lines.push(`${(random() * 360).toFixed(6)},${dec.toFixed(6)},src${i}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Posts a multipart form; returns the wall time (ms) and the number of rows answered. */
async function postForm(url: string, form: FormData): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', body: form });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}: ${text.slice(0, 300)}`);
  return { ms, rows: (JSON.parse(text) as unknown[]).length };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      work: { type: 'string', default: path.join('bench-output', 'api') },
      reuse: { type: 'boolean', default: false },
      runs: { type: 'string', default: '3' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a positive integer: ${values.runs}`);
  const work = path.resolve(values.work ?? 'bench-output/api');
  const store = await ensureStore(
    work,
    { alerts: 1_000_000, nights: STORE_NIGHTS, seed: SEED, startNight: '2024-01-01' },
    values.reuse ?? false,
    10,
  );
  const mapFile = path.resolve('test', 'data', 'skymaps', 'S200219ac_G364600_bayestar.fits.gz');
  if (!fs.existsSync(mapFile))
    throw new Error(`bench:xmatch reads the repository's test/data: ${mapFile} is missing`);
  const onAlerts = await alertPositions(store.dir, 20_000);
  const server = await startBenchServer(store.dir, 'warn');
  const report: Record<string, unknown> = {
    machine: `${process.platform} ${process.arch}, ${(await import('node:os')).cpus().length} cores`,
    alerts: store.alertsStaged,
    runs,
  };
  try {
    const xmatchUrl = `${server.url}/api/v1/xmatch`;
    const xmatchOnce = (csv: string, startdate?: number) => {
      const form = new FormData();
      form.set('file', new Blob([csv]), 'catalogue.csv');
      form.set('header', 'RA,Dec,ID');
      form.set('radius', String(RADIUS_ARCSEC));
      if (startdate !== undefined) form.set('startdate', String(startdate));
      return postForm(xmatchUrl, form);
    };
    const bySize: Record<string, unknown> = {};
    const catalogues = new Map(CATALOGUE_SIZES.map((n) => [n, catalogueCsv(n, onAlerts, SEED + n)]));
    for (const n of CATALOGUE_SIZES) {
      const times: number[] = [];
      let rows = 0;
      for (let r = 0; r < runs; r++) {
        const t = await xmatchOnce(catalogues.get(n) as string);
        times.push(t.ms);
        rows = t.rows;
      }
      bySize[n] = { medianMs: Math.round(median(times)), runsMs: times.map(Math.round), matchedRows: rows };
      console.log(
        `xmatch ${n} rows × ${store.alertsStaged} alerts at ${RADIUS_ARCSEC}″: median ${median(times).toFixed(0)} ms, ${rows} rows`,
      );
    }
    const byStore: Record<string, unknown> = {};
    const big = catalogues.get(100_000) as string;
    for (const fraction of STORE_FRACTIONS) {
      const startdate = START_NIGHT_JD + STORE_NIGHTS * (1 - fraction);
      const times: number[] = [];
      let rows = 0;
      for (let r = 0; r < runs; r++) {
        const t = await xmatchOnce(big, fraction < 1 ? startdate : undefined);
        times.push(t.ms);
        rows = t.rows;
      }
      byStore[fraction] = { medianMs: Math.round(median(times)), matchedRows: rows };
      console.log(
        `xmatch 100,000 rows × ${fraction * 100} % of the store: median ${median(times).toFixed(0)} ms, ${rows} rows`,
      );
    }
    report.xmatch = { radiusArcsec: RADIUS_ARCSEC, byCatalogueRows: bySize, byStoreFraction: byStore };

    const map = fs.readFileSync(mapFile);
    const t0 = START_NIGHT_JD + STORE_NIGHTS / 2;
    const bayestarOnce = () => {
      const form = new FormData();
      form.set('file', new Blob([map]), path.basename(mapFile));
      form.set('credible_level', '0.9');
      form.set('t0', String(t0));
      return postForm(`${server.url}/api/v1/bayestar`, form);
    };
    const first = await bayestarOnce();
    const warm: number[] = [];
    let found = first.rows;
    for (let r = 0; r < Math.max(runs, 5); r++) {
      const t = await bayestarOnce();
      warm.push(t.ms);
      found = t.rows;
    }
    report.bayestar = {
      level: 0.9,
      firstMs: Math.round(first.ms),
      warmMedianMs: Math.round(median(warm)),
      objects: found,
    };
    console.log(
      `bayestar S200219ac at 0.9, 7-day window: first ${first.ms.toFixed(0)} ms (map parsed), then median ${median(warm).toFixed(0)} ms; ${found} objects`,
    );

    const random = seededRandom(SEED + 7);
    const scs: number[] = [];
    let rowsSeen = 0;
    for (let i = 0; i < SCS_REQUESTS + 5; i++) {
      const [ra, dec] = onAlerts[Math.floor(random() * onAlerts.length)];
      const started = performance.now();
      const res = await fetch(`${server.url}/vo/scs?RA=${ra}&DEC=${dec}&SR=0.1`);
      const xml = await res.text();
      if (i >= 5) scs.push(performance.now() - started);
      rowsSeen += (xml.match(/<TR>/g) ?? []).length;
    }
    const sorted = [...scs].sort((a, b) => a - b);
    report.scs = {
      srDeg: 0.1,
      p50Ms: Number(median(scs).toFixed(2)),
      p99Ms: Number(sorted[Math.ceil(0.99 * sorted.length) - 1].toFixed(2)),
      meanRows: Math.round(rowsSeen / (SCS_REQUESTS + 5)),
    };
    console.log(`scs 0.1°: p50 ${median(scs).toFixed(1)} ms over ${SCS_REQUESTS} requests`);
    report.serverPeakRssMiB = server.peakRssMiB();
  } finally {
    await server.stop();
  }
  fs.writeFileSync(path.join(work, 'xmatch-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
}

await main();
