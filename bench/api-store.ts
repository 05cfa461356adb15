/**
 * The store of `bench:api`: simulated alerts built with the CLI, `skyalert simulate` for all the nights at once
 * and `skyalert ingest` on chunks of finished night directories while the simulation goes on. Each chunk's input
 * and the store's `staging/` are deleted once the chunk is published, and the simulator is paused (SIGSTOP) when
 * it gets more than two chunks ahead, so the disk holds the store plus a few nights of input (≈ 21 KB per alert)
 * rather than the whole input and its staging twice over. A marker file records what was built, for --reuse.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readCatalog, StoreLayout } from '../data/index.js';
import { spawnCli } from './cli-child.js';
import { runCli } from './run-cli.js';

/** What to simulate. */
export interface StoreSpec {
  readonly alerts: number;
  readonly nights: number;
  readonly seed: number;
  /** First night, YYYY-MM-DD. */
  readonly startNight: string;
  /** The survey simulated (default ztf); LSST alerts are simulated without stamps. */
  readonly survey?: 'ztf' | 'lsst';
}

/** The store in use and how it was made. */
export interface BenchStore {
  readonly dir: string;
  readonly spec: StoreSpec;
  /** Alerts staged by the ingest runs (from their summaries). */
  readonly alertsStaged: number;
  readonly buildSeconds: number;
  /** Largest peak RSS (MiB) of the ingest runs. */
  readonly ingestPeakRssMiB: number;
  readonly reused: boolean;
  readonly sizeMiB: number;
}

const NIGHT_DIR = /^\d{8}$/;
const POLL_MS = 500;

function directorySize(dir: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

function nightDirs(input: string): string[] {
  if (!fs.existsSync(input)) return [];
  return fs
    .readdirSync(input)
    .filter((n) => NIGHT_DIR.test(n))
    .sort();
}

function sameSpec(a: StoreSpec, b: StoreSpec): boolean {
  return (
    a.alerts === b.alerts &&
    a.nights === b.nights &&
    a.seed === b.seed &&
    a.startNight === b.startNight &&
    (a.survey ?? 'ztf') === (b.survey ?? 'ztf')
  );
}

/** The marker of a finished build, or null. */
function readMarker(
  file: string,
): (Omit<BenchStore, 'reused' | 'sizeMiB' | 'dir'> & { spec: StoreSpec }) | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Returns a store for `spec` under `work`: the existing one when `reuse` is set and its marker names the same
 * spec, else a fresh build (prints progress lines).
 *
 * @param chunkNights night directories ingested (and published) per `skyalert ingest` run.
 * @throws Error when a CLI run fails (with its log tail).
 */
export async function ensureStore(
  work: string,
  spec: StoreSpec,
  reuse: boolean,
  chunkNights: number,
): Promise<BenchStore> {
  const dir = path.join(work, 'store');
  const markerFile = path.join(work, 'store.json');
  const marker = readMarker(markerFile);
  if (reuse && marker && sameSpec(marker.spec, spec) && fs.existsSync(new StoreLayout(dir).currentPointer)) {
    console.log(`bench:api: reusing ${dir} (${marker.alertsStaged} alerts over ${spec.nights} nights)`);
    return { ...marker, dir, reused: true, sizeMiB: Math.round(directorySize(dir) / 2 ** 20) };
  }
  if (reuse) console.log(`bench:api: no store of ${JSON.stringify(spec)} to reuse in ${work}; building it`);
  const input = path.join(work, 'input');
  fs.rmSync(markerFile, { force: true });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(input, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });

  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const perNight = Math.ceil(spec.alerts / spec.nights);
  console.log(
    `bench:api: simulating ${spec.nights} nights × ${perNight} alerts into ${input}, ingesting ${chunkNights} nights at a time into ${dir}`,
  );
  const sim = spawnCli([
    'simulate',
    '--out',
    input,
    '--nights',
    String(spec.nights),
    '--alerts-per-night',
    String(perNight),
    '--seed',
    String(spec.seed),
    '--start',
    spec.startNight,
    ...(spec.survey === 'lsst' ? ['--survey', 'lsst', '--no-stamps'] : []),
  ]);
  const stopSimulation = () => {
    if (!sim.hasExited()) sim.process.kill('SIGKILL');
  };
  process.once('exit', stopSimulation);
  let staged = 0;
  let ingestPeak = 0;
  const done = new Set<string>();
  try {
    for (;;) {
      const simulated = sim.hasExited();
      const all = nightDirs(input);
      // the newest directory is still being written until the simulator has exited
      const finished = (simulated ? all : all.slice(0, -1)).filter((n) => !done.has(n));
      if (finished.length < chunkNights && !simulated) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        continue;
      }
      if (finished.length === 0) break;
      const chunk = finished.slice(0, chunkNights);
      const paused = !simulated && finished.length - chunk.length >= chunkNights;
      if (paused) sim.process.kill('SIGSTOP');
      const run = await runCli([
        'ingest',
        '--store',
        dir,
        '--ingester',
        'bench',
        ...chunk.map((n) => path.join(input, n)),
      ]);
      if (paused) sim.process.kill('SIGCONT');
      if (run.code !== 0)
        throw new Error(`skyalert ingest failed (exit ${run.code}): ${run.stdout}\n${run.stderrTail}`);
      staged += Number(/(\d+) staged/.exec(run.stdout)?.[1] ?? 0);
      ingestPeak = Math.max(ingestPeak, run.peakRssMiB ?? 0);
      for (const n of chunk) {
        fs.rmSync(path.join(input, n), { recursive: true, force: true });
        done.add(n);
      }
      fs.rmSync(path.join(dir, 'staging'), { recursive: true, force: true });
      console.log(
        `  ${done.size}/${spec.nights} nights published (${chunk[0]}..${chunk[chunk.length - 1]}), ` +
          `${staged} alerts, ${run.seconds.toFixed(0)} s for this chunk, ${elapsed()} in all`,
      );
    }
    const end = await sim.exit;
    if (end.code !== 0) throw new Error(`skyalert simulate failed (exit ${end.code}):\n${end.stderrTail}`);
  } finally {
    stopSimulation();
    process.removeListener('exit', stopSimulation);
  }
  fs.rmSync(input, { recursive: true, force: true });
  if (spec.survey === 'lsst') {
    // each ingest run compacts what it can; the last nights are merged by an explicit compaction
    const run = await runCli(['compact', '--store', dir]);
    if (run.code !== 0) throw new Error(`skyalert compact failed (exit ${run.code}): ${run.stderrTail}`);
    console.log(`  compacted: ${run.stdout.trim()}`);
  }
  const buildSeconds = (performance.now() - started) / 1000;
  const built = { spec, alertsStaged: staged, buildSeconds, ingestPeakRssMiB: ingestPeak };
  fs.writeFileSync(markerFile, JSON.stringify(built, null, 2));
  const sizeMiB = Math.round(directorySize(dir) / 2 ** 20);
  console.log(`bench:api: store built in ${buildSeconds.toFixed(0)} s: ${staged} alerts, ${sizeMiB} MiB`);
  return { ...built, dir, reused: false, sizeMiB };
}

/**
 * A published store used as it is (`--store DIR`: e.g. one whose build is still under way, or a real one), with
 * the alerts and nights its catalog names.
 *
 * @throws Error when DIR holds no published catalog.
 */
export function existingStore(dir: string, seed: number): BenchStore {
  const layout = new StoreLayout(dir);
  if (!fs.existsSync(layout.currentPointer)) throw new Error(`${dir} holds no published store`);
  const catalog = readCatalog(layout);
  const nights = [...new Set(catalog.parts.flatMap((p) => p.nights))].sort((a, b) => a - b);
  const alerts = catalog.parts.reduce((sum, p) => sum + p.rows.alerts, 0);
  const first = String(nights[0] ?? '');
  return {
    dir,
    spec: {
      alerts,
      nights: nights.length,
      seed,
      startNight: `${first.slice(0, 4)}-${first.slice(4, 6)}-${first.slice(6, 8)}`,
    },
    alertsStaged: alerts,
    buildSeconds: 0,
    ingestPeakRssMiB: 0,
    reused: true,
    sizeMiB: Math.round(directorySize(dir) / 2 ** 20),
  };
}
