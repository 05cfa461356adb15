/** Resolution of the store directory: `--store`, then env SKYALERT_STORE, then `./skyalert-store`. */
import path from 'node:path';

/** Default store directory when neither --store nor SKYALERT_STORE is given (relative to the working directory). */
export const DEFAULT_STORE_DIR = 'skyalert-store';

export function resolveStoreDir(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(option ?? env.SKYALERT_STORE ?? DEFAULT_STORE_DIR);
}
