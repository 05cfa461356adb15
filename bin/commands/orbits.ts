/** `skyalert orbits load`: load orbit catalogues (MPCORB.DAT, CometEls.txt, JPL SBDB JSON) into the store. */
import type { Logger } from 'pino';
import { StoreLayout } from '../../data/index.js';
import { loadOrbitFiles } from '../../ingest/orbits/index.js';
import { peakRssMiB } from '../resources.js';
import { resolveStoreDir } from '../store-option.js';
import { UsageError } from './usage-error.js';

export async function runOrbits(
  args: { store?: string },
  positionals: readonly string[],
  log: Logger,
): Promise<number> {
  const [action, ...files] = positionals;
  if (action !== 'load')
    throw new UsageError(`unknown orbits action: ${action ?? '(none)'}; use 'orbits load'`);
  if (files.length === 0) throw new UsageError('give the orbit files to load');
  const layout = new StoreLayout(resolveStoreDir(args.store));
  const s = await loadOrbitFiles(layout, files, log.child({ component: 'orbits.load' }));
  const read = s.files.reduce((n, f) => n + f.read, 0);
  for (const f of s.files) {
    console.log(`  ${f.file} (${f.format}): ${f.read} read, ${f.records} orbits, ${f.rejected} rejected`);
  }
  for (const r of s.rejectedExamples) console.log(`  rejected ${r.file}:${r.line}: ${r.reason}`);
  if (s.rejected > s.rejectedExamples.length) {
    console.log(`  ... and ${s.rejected - s.rejectedExamples.length} more rejected lines`);
  }
  const rate = s.seconds > 0 ? Math.round(read / s.seconds) : read;
  console.log(
    `orbits: ${read} lines read; loaded ${s.loaded.asteroid} asteroids, ${s.loaded.comet} comets ` +
      `(${s.replaced} replaced); ${s.rejected} rejected; catalogue v${s.version}: ${s.objects} objects, ` +
      `${s.keys} name keys; ${s.seconds.toFixed(1)} s (${rate} lines/s), peak RSS ${peakRssMiB()} MiB`,
  );
  return 0;
}
