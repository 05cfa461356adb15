/** Public face of data/jobs/: what code outside this folder imports from it. */

export { buildLsstSsoft } from './lsst-ssoft-build.js';
export { buildSsoft, type SsoftBuildSummary } from './ssoft-build.js';
export { DEFAULT_SSOFT_CRON, LSST_SSOFT_MIN_DETECTIONS, SSOFT_MIN_DETECTIONS } from './ssoft-defaults.js';
