/** Public face of serve/: what code outside this folder imports from it. */
export { isClusterWorker, startCluster } from './cluster.js';
export type { StoreProbe, StoreProbeResult } from './metrics.js';
export { defaultStoreName, type RunningServer, type ServedStore, startServer } from './server.js';
export {
  DEFAULT_SETTINGS,
  REQUEST_BUDGET_ENV,
  type ServeSettings,
  SIMBAD_URL_ENV,
  WRITE_TOKENS_ENV,
  WRITE_TOKENS_FILE_ENV,
} from './settings.js';
export { isStorePrefix } from './store-prefixes.js';
export { parseWriteTokens, type WriteToken } from './write-tokens.js';
