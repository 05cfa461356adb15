/** Public face of serve/heavy/: the heavy endpoints of each survey and the threads that answer them. */
export { HEAVY_ENDPOINTS, heavyPaths, mountHeavyEndpoints, type SurveyReader } from './heavy-endpoints.js';
export {
  DEFAULT_HEAVY_BUDGET_MS,
  HeavyPool,
  type HeavyPoolOptions,
  heavyThreadsPerStore,
  MAX_HEAVY_QUEUE,
  MAX_HEAVY_THREADS,
} from './heavy-pool.js';
