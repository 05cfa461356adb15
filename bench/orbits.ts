/**
 * Orbit catalogue at full MPCORB.DAT size: writes a synthetic MPCORB.DAT of N lines (default 1,500,000: the real
 * Ceres line with changed numbers, names and designations, header included), loads it with
 * `skyalert orbits load` in a child process (lines/s and the child's peak RSS from its summary), then times name
 * resolutions (`resolveSso`) and ssnamenr identifications on the resulting catalogue with a DuckDB set up like the
 * server's (2 threads, parquet metadata cache), in rounds, through the lookup files and, for the ratio, through
 * DuckDB over the parquet files alone. Target: one resolution ≤ 5 ms on 1.5 M objects.
 *
 * Run: npx tsx bench/orbits.ts [--lines N] [--work DIR] [--rounds R] [--reuse]
 *   (default work dir bench-output/orbits, 5 rounds; --reuse measures the catalogue a previous run loaded)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { formatMpcorbLine, packNumber, packProvisional, parseMpcorbLine } from '../compute/sso/index.js';
import { currentOrbitCatalogue, StoreLayout } from '../data/index.js';
import { identifySsnamenr, resolveSso } from '../data/queries/index.js';

const { values } = parseArgs({
  options: {
    lines: { type: 'string' },
    work: { type: 'string' },
    rounds: { type: 'string' },
    reuse: { type: 'boolean' },
  },
});
const lines = Number(values.lines ?? 1_500_000);
const rounds = Number(values.rounds ?? 5);
const work = path.resolve(values.work ?? 'bench-output/orbits');
const root = path.resolve(import.meta.dirname, '..');
const excerpt = path.resolve(root, 'test', 'data', 'orbits', 'skyfield_MPCORB.excerpt.DAT');

/** Designation of synthetic object i: "2000 AA1" ... cycling through years, half-months, letters, cycles. */
function designation(i: number): string {
  const letters = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
  const year = 1990 + (i % 35);
  const half = letters[Math.floor(i / 35) % 24];
  const second = letters[Math.floor(i / 840) % 25];
  const cycle = Math.floor(i / 21000) % 600;
  return `${year} ${half}${second}${cycle === 0 ? '' : cycle}`;
}

function writeSynthetic(file: string): void {
  const template = parseMpcorbLine(fs.readFileSync(excerpt, 'utf8').split('\n')[0]);
  if (!template) throw new Error('Ceres line not parsed');
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, `MINOR PLANET CENTER ORBIT DATABASE (MPCORB)\n\n${'-'.repeat(160)}\n`);
  let buffer: string[] = [];
  for (let i = 1; i <= lines; i++) {
    const numbered = i <= lines * 0.6;
    const readable = numbered ? `(${i}) ${i % 3 === 0 ? `Name${i}` : designation(i)}` : designation(i);
    buffer.push(
      formatMpcorbLine({
        ...template,
        meanAnomalyDeg: (i * 0.37) % 360,
        packedDesignation: numbered ? packNumber(i) : packProvisional(designation(i)),
        readableDesignation: readable,
      }),
    );
    if (buffer.length === 10_000) {
      fs.writeSync(fd, `${buffer.join('\n')}\n`);
      buffer = [];
    }
  }
  fs.writeSync(fd, `${buffer.join('\n')}\n`);
  fs.closeSync(fd);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function median(xs: number[]): number {
  return percentile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
}

/** Writes the synthetic file and loads it into a fresh store in a child process. */
function build(store: string): void {
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const file = path.join(work, 'MPCORB.DAT');
  writeSynthetic(file);
  console.log(`synthetic MPCORB.DAT: ${lines} lines, ${(fs.statSync(file).size / 1e6).toFixed(0)} MB`);
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bin', 'skyalert.ts'), 'orbits', 'load', '--store', store, file],
    { encoding: 'utf8', env: { ...process.env, SKYALERT_LOG_LEVEL: 'warn' } },
  );
  console.log(r.stdout.trim());
  if (r.status !== 0) throw new Error(r.stderr);
}

async function main(): Promise<void> {
  const store = path.join(work, 'store');
  if (!values.reuse) build(store);

  const files = currentOrbitCatalogue(new StoreLayout(store));
  if (!files) throw new Error('no catalogue');
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await instance.connect();
  await conn.run('SET parquet_metadata_cache = true');
  const query = async (sql: string, params: Parameters<typeof conn.runAndReadAll>[1] & unknown[]) =>
    (await conn.runAndReadAll(sql, params)).getRowObjectsJS();
  const queries: string[] = [];
  for (let k = 0; k < 300; k++) {
    const i = 1 + Math.floor((((k * 7919) % 1000) / 1000) * lines);
    const named = i <= lines * 0.6 && i % 3 === 0;
    if (k % 3 === 0 && i <= lines * 0.6) queries.push(String(i));
    else if (named) queries.push(`Name${i}`);
    else queries.push(k % 2 === 0 ? designation(i) : packProvisional(designation(i)));
  }
  const ssn = queries.slice(0, 50).map((q) => q.replace(' ', ''));
  // the lookup files (the parquet files through DuckDB answer only batches of more than 500 values)
  for (const [label, f] of [['lookup files', files]] as const) {
    for (const q of queries.slice(0, 20)) resolveSso(f, q); // warm the footer and page caches
    const p50: number[] = [];
    const p99: number[] = [];
    const identifyMs: number[] = [];
    let found = 0;
    let identified = 0;
    for (let round = 0; round < rounds; round++) {
      const timesMs: number[] = [];
      found = 0;
      for (const q of queries) {
        const t = performance.now();
        if (resolveSso(f, q)) found++;
        timesMs.push(performance.now() - t);
      }
      timesMs.sort((a, b) => a - b);
      p50.push(percentile(timesMs, 0.5));
      p99.push(percentile(timesMs, 0.99));
      const t = performance.now();
      identified = (await identifySsnamenr(query, f, ssn)).size;
      identifyMs.push(performance.now() - t);
    }
    const fmt = (xs: number[]) => `${median(xs).toFixed(2)} ms [${xs.map((x) => x.toFixed(2)).join(', ')}]`;
    console.log(
      `${label}: resolveSso ${queries.length} queries, ${found} found; median of ${rounds} rounds:`,
    );
    console.log(`  p50 ${fmt(p50)}\n  p99 ${fmt(p99)}`);
    console.log(`  identifySsnamenr 50 values, ${identified} identified: ${fmt(identifyMs)}`);
  }
  conn.closeSync();
  instance.closeSync();
}

await main();
