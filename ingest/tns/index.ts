/** Public face of ingest/tns/: what code outside this folder imports from it. */
export { loadTns, TnsInputError, type TnsLoadSummary } from './load-tns.js';
