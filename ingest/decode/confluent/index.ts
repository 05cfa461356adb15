/** Public face of ingest/decode/confluent/: Confluent-framed Kafka messages (Rubin's stream) and their schemas. */
export {
  type AvroRecord,
  ConfluentDecoder,
  type ConfluentOutcome,
  type ConfluentSchema,
  UnresolvedSchemaError,
} from './decoder.js';
export {
  CONFLUENT_HEADER_BYTES,
  type ConfluentFrame,
  encodeConfluentFrame,
  parseConfluentFrame,
} from './frame.js';
export { openSchemaSource, type SchemaSourceOptions } from './open-schema-source.js';
export { type SchemaRegistryOptions, SchemaRegistrySource } from './registry-client.js';
export { lsstSchemaVersionOf, rubinSchemaId } from './rubin-schema-id.js';
export { SchemaDirSource } from './schema-dir.js';
export { type SchemaLookup, type SchemaSource, SchemaSourceError } from './schema-source.js';
