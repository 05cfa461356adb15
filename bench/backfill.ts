/**
 * `npm run bench -- backfill`: a backfill of many small nights (issue 26 §7; target ≤ 20 s): the real export of
 * 30 asteroids (Fink API format, 9,519 alerts over 418 nights, test/data/sso) ingested and published into a
 * fresh store by `skyalert ingest`, then `skyalert publish --all`, which must find nothing to publish.
 *
 * Each run starts after `sync` in a fresh store; times are the commands' wall times, process start and exit
 * included. Options: --runs R (default 3; medians reported), --work DIR (default bench-output/backfill).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { median, runCli, succeeded } from './run-cli.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    work: { type: 'string', default: 'bench-output/backfill' },
  },
});
const runs = Number(values.runs);
const EXPORT = path.resolve('test', 'data', 'sso', 'fink-fat_mpc_example_30sso.parquet');
if (!fs.existsSync(EXPORT))
  throw new Error(`bench backfill reads the repository's test/data: ${EXPORT} is missing`);

const ingestSeconds: number[] = [];
const republishSeconds: number[] = [];
let summary = '';
for (let run = 0; run < runs; run++) {
  const store = path.resolve(values.work, 'store');
  fs.rmSync(store, { recursive: true, force: true });
  execFileSync('sync');
  const ingest = succeeded(await runCli(['ingest', '--store', store, EXPORT]), 'ingest');
  ingestSeconds.push(ingest.seconds);
  summary = ingest.stdout.trim();
  const again = succeeded(await runCli(['publish', '--all', '--store', store]), 'publish --all');
  if (!/nothing to publish/.test(again.stdout))
    throw new Error(`publish --all after the backfill published again: ${again.stdout.trim()}`);
  republishSeconds.push(again.seconds);
  console.log(
    `run ${run + 1}: ingest ${ingest.seconds.toFixed(1)} s, publish --all ${again.seconds.toFixed(1)} s (${again.stdout.trim()})`,
  );
}
console.log(
  JSON.stringify(
    {
      bench: 'backfill',
      machine: `${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
      input: path.basename(EXPORT),
      lastIngest: summary,
      ingestSeconds: { median: median(ingestSeconds), runs: ingestSeconds },
      publishAllSeconds: { median: median(republishSeconds), runs: republishSeconds },
      target: 'ingest ≤ 20 s',
    },
    null,
    1,
  ),
);
