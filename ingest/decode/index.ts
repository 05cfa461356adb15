/** Public face of ingest/decode/: what code outside this folder imports from it. */
export { apiRowToAlertRecord, isApiExportColumns } from './api-record.js';
export {
  type AvroRecord,
  ConfluentDecoder,
  type ConfluentOutcome,
  type ConfluentSchema,
  encodeConfluentFrame,
  openSchemaSource,
  parseConfluentFrame,
  rubinSchemaId,
  SchemaDirSource,
  type SchemaLookup,
  SchemaRegistrySource,
  type SchemaSource,
  SchemaSourceError,
  type SchemaSourceOptions,
} from './confluent/index.js';
export { type ContainerHeader, decompressBlock, readBlock, readHeader, readVarLong } from './container.js';
export { AlertDecoder, BlockRecords, type DecodeOutcome } from './decode.js';
export {
  type CompiledLsstSchema,
  dayObsOfMjdTai,
  decodeLsstDatum,
  type LsstDatumRead,
  type LsstDecodeOutcome,
  type LsstPlan,
  LsstSchemaCache,
  LsstSchemaError,
  lsstAlertFromRecord,
  lsstAvscOptions,
  lsstColumnsFromAvroSchema,
  lsstColumnsFromParquetSchema,
  lsstPlanFromAvroSchema,
  surveyOfAvroSchema,
} from './lsst/index.js';
export { normalizeRecord } from './normalize.js';
