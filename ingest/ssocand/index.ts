/** Public face of ingest/ssocand/: what code outside this folder imports from it. */
export { loadSsoCand } from './load-ssocand.js';
