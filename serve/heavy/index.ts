/** Public face of serve/heavy/: the heavy endpoints and the threads that answer them. */
export { HEAVY_ENDPOINTS, heavyEndpointApp } from './heavy-endpoints.js';
export { DEFAULT_HEAVY_BUDGET_MS, HeavyPool, type HeavyPoolOptions, MAX_HEAVY_QUEUE } from './heavy-pool.js';
