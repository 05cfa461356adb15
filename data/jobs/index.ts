/** Public face of data/jobs/: what code outside this folder imports from it. */
export { buildSsoft, type SsoftBuildSummary } from './ssoft-build.js';
export { DEFAULT_SSOFT_CRON, SSOFT_MIN_DETECTIONS } from './ssoft-defaults.js';
