/** Public face of ingest/orbits/: what code outside this folder imports from it. */
export { loadOrbitFiles } from './load-orbits.js';
