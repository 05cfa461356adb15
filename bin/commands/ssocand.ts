/** `skyalert ssocand load`: load fink-fat candidate orbits and their detections into the store. */
import type { Logger } from 'pino';
import { StoreLayout } from '../../data/store-layout.js';
import { loadSsoCand } from '../../ingest/ssocand/load-ssocand.js';
import { resolveStoreDir } from '../store-option.js';
import { UsageError } from './publish.js';

export const SSOCAND_HELP = `Usage: skyalert ssocand load --store DIR PATH...

Loads fink-fat outputs into the store: candidate orbits (orbital.parquet) into ssocand/orbits.parquet and
their linked detections (trajectory_orb.parquet) into ssocand/lightcurves.parquet, served by /api/v1/ssocand.
A PATH is a directory holding either or both files, or one such file (recognised by its columns). Loading a
candidate again replaces it (by ssoCandId; among the PATHs, a later one wins). An orbit without ssoCandId gets
FF + YYYYMMDD of its ref_epoch + 7 letters of a counter that continues from the orbits already stored; its
detections follow through fink-fat's trajectory_id.

Options:
  --store DIR   store directory (default: $SKYALERT_STORE, then ./skyalert-store)
  --help        this text
`;

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
