/** `skyalert ssocand load`: load fink-fat candidate orbits and their detections into the store. */
import type { Logger } from 'pino';
import { StoreLayout } from '../../data/index.js';
import { loadSsoCand } from '../../ingest/ssocand/index.js';
import { resolveStoreDir } from '../store-option.js';
import { UsageError } from './usage-error.js';

/** Runs `skyalert ssocand <action> PATH...`; the only action is `load`. */
export async function runSsoCand(
  args: { store?: string },
  positionals: readonly string[],
  log: Logger,
): Promise<number> {
  const [action, ...paths] = positionals;
  if (action !== 'load') throw new UsageError(`unknown ssocand action: ${action ?? '(none)'}; use load`);
  if (paths.length === 0) throw new UsageError('give fink-fat output directories or parquet files to load');
  const layout = new StoreLayout(resolveStoreDir(args.store));
  const started = Date.now();
  const s = await loadSsoCand(layout, paths, log.child({ component: 'ssocand.load' }));
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `ssocand load: ${s.orbitsRead} orbits and ${s.detectionsRead} detections read; ` +
      `${s.orbitsAdded} orbits added, ${s.orbitsReplaced} replaced, ${s.idsAssigned} ids given; ` +
      `${s.detectionsWritten} detections written (${s.trajectoriesReplaced} trajectories replaced, ` +
      `${s.detectionsUnlinked} without a candidate dropped); store holds ${s.storedOrbits} orbits and ` +
      `${s.storedDetections} detections (${seconds.toFixed(1)} s)`,
  );
  return 0;
}
