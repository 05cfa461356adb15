/** Public face of ingest/decode/lsst/: decoding Rubin/LSST alerts of any writer schema into LsstAlert. */
export {
  type FieldShape,
  type NamedShape,
  type RootShape,
  shapeFromAvroSchema,
  shapeFromDuckDbColumns,
} from './field-shape.js';
export { inferLsstVersion, type LsstPlan, LsstSchemaError, versionFromName } from './lsst-plan.js';
export { dayObsOfMjdTai, type LsstDecodeOutcome, lsstAlertFromRecord } from './lsst-record.js';
export {
  type CompiledLsstSchema,
  compileLsstWriterSchema,
  decodeLsstDatum,
  type LsstDatumRead,
  LsstSchemaCache,
  lsstAvscOptions,
  lsstColumnsFromAvroSchema,
  lsstColumnsFromParquetSchema,
  lsstPlanFromAvroSchema,
  surveyOfAvroSchema,
} from './lsst-schema.js';
