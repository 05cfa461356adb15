/** Public face of ingest/: what code outside this folder imports from it. */

export { openSchemaSource, SchemaSourceError } from './decode/index.js';
export { unpublishedNights } from './publish/index.js';
export { ingestFiles } from './run-files.js';
export { runKafkaIngest } from './run-kafka.js';
export {
  type QuarantineReasonCount,
  quarantineCounts,
  quarantineReasonKind,
  readStoreStatus,
  type StoreStatus,
} from './store-status.js';
