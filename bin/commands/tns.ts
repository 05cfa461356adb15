/** `skyalert tns load`: load the Transient Name Server objects table into the store. */
import type { Logger } from 'pino';
import { StoreLayout } from '../../data/index.js';
import { loadTns, TnsInputError } from '../../ingest/tns/index.js';
import { resolveStoreDir } from '../store-option.js';
import { UsageError } from './usage-error.js';

/** Runs `skyalert tns <action> FILE`; the only action is `load`. */
export async function runTns(
  args: { store?: string },
  positionals: readonly string[],
  log: Logger,
): Promise<number> {
  const [action, ...files] = positionals;
  if (action !== 'load') throw new UsageError(`unknown tns action: ${action ?? '(none)'}; use load`);
  if (files.length !== 1) throw new UsageError('give one TNS objects file (CSV or parquet) to load');
  const layout = new StoreLayout(resolveStoreDir(args.store));
  try {
    const s = await loadTns(layout, files[0], log.child({ component: 'tns.load' }));
    console.log(
      `tns load: ${s.rowsRead} rows read, ${s.rowsSkipped} skipped; store holds ${s.storedObjects} TNS objects ` +
        `(${s.seconds.toFixed(1)} s)`,
    );
    return 0;
  } catch (err) {
    if (err instanceof TnsInputError) throw new UsageError(err.message);
    throw err;
  }
}
