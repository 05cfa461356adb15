/** Public face of ingest/publish/: what code outside this folder imports from it. */
export { BackgroundPublisher, publishBesideWorker } from './background-publisher.js';
export { type CompactResult, compactStore } from './compact.js';
export { acquirePublishLock, LOCK_STALE_MS } from './lock.js';
export { publishLsstNight } from './lsst-publish-night.js';
export { ROW_GROUP_ROWS } from './part-writer.js';
export {
  GROUP_NIGHTS,
  hasStagedAlerts,
  isSmallNight,
  planPublicationGroups,
  unpublishedNights,
} from './publication-plan.js';
export { stagedNights } from './publish-night.js';
export { publishNights } from './publish-nights.js';
export { BESIDE_WORKER_MEMORY, openWorkConnection } from './work.js';
