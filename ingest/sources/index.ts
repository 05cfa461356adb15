/** Public face of ingest/sources/: what code outside this folder imports from it. */
export { readAvroFile } from './avro-file.js';
export { detectSurvey } from './detect-survey.js';
export {
  consumerConfig,
  KafkaSource,
  MAX_FETCH_BYTES,
  PARTITIONS_CONCURRENTLY,
  type PartitionLag,
} from './kafka.js';
export { readLsstAvroFile } from './lsst-avro-file.js';
export { LSST_BATCH_SIZE, type LsstDecodedItem, type LsstSourceEvent } from './lsst-events.js';
export {
  type LsstInputKind,
  lsstInputFiles,
  lsstInputKind,
  readLsstFile,
  readLsstInputs,
} from './lsst-inputs.js';
export { readLsstParquetFile } from './lsst-parquet-file.js';
export { ReadArena } from './read-arena.js';
export { readTableFile, UnreadableTableError } from './table-file.js';
export { readTarball } from './tarball.js';
