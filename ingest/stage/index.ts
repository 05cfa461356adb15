/** Public face of ingest/stage/: what code outside this folder imports from it. */

export { appendChunks, appendValue, type ChunkColumnKind, ChunkRows } from './chunk-rows.js';
export { deriveAlertValues } from './derive.js';
export { LsstKafkaStaging } from './lsst-kafka-staging.js';
export type { LsstStagedAlert } from './lsst-night-staging.js';
export { LsstIngestPipeline, LsstStager } from './lsst-stager.js';
export { ALERT_ID, LSST_STAGING_TABLES } from './lsst-staging-tables.js';
export { MIN_RB, stampsFileOf } from './night-staging.js';
export { type QuarantineEntry, readQuarantine } from './quarantine.js';
export { readStagedVersion, stagedFingerprint } from './staged-version.js';
export { Stager } from './stager.js';
export { openStagingPipeline } from './staging-thread.js';
