/** Public face of ingest/sources/: what code outside this folder imports from it. */
export { readAvroFile } from './avro-file.js';
export { KafkaSource, type PartitionLag } from './kafka.js';
export { ReadArena } from './read-arena.js';
export { readTableFile, UnreadableTableError } from './table-file.js';
export { readTarball } from './tarball.js';
