/** Public face of data/: what code outside this folder imports from it. */

export type { Alert, Cutouts, HistoryPoint, Position, Rejection } from './alert.js';
export { FLOAT32_FIELDS } from './alert-json.js';
export { alertRowCandid, decodeAlertRow, encodeAlertRowView } from './alert-row-codec.js';
export { alertRowJsonTextView } from './alert-row-json.js';
export { AnnotationLog, type AnnotationRecord } from './annotation-log.js';
export { viewBytesType } from './avro-bytes.js';
export { bigintLongType, INT64_MAX, INT64_MIN, readZigzagLong, zigzagLongEnd } from './avro-long.js';
export {
  type AvroRecordSchema,
  FINK_ZTF_SCHEMA,
  FINK_ZTF_SCHEMA_TEXT,
  ZTF_SCHEMA_VERSION,
} from './avro-schema.js';
export {
  type Catalog,
  EMPTY_CATALOG,
  fsyncDir,
  type LastPublication,
  type NightStatistics,
  PART_FILES,
  type PartEntry,
  type PartFile,
  partFilePath,
  readCatalog,
  STAMPS_FILE,
  writeCatalog,
} from './catalog.js';
export {
  ALL_CLASSES,
  FINK_CLASSES,
  FINK_SELECTION_CLASSES,
  type FinkSelectionClass,
  parseClassArgument,
  SIMBAD_LABELS,
  SIMBAD_PREFIX,
  SLSN_MIN_SCORE,
  TNS_PREFIX,
  TNS_TYPES,
  UNKNOWN_CLASS,
} from './classes.js';
export {
  type AvroScalar,
  type ColumnFamily,
  type ColumnSource,
  type ColumnValue,
  DUCKDB_TYPE,
} from './column-types.js';
export { ALERT_COLUMNS, CANDIDATE_FIELD_NAMES, COLUMN_INDEX, findColumn } from './columns.js';
export { ALL_FIELDS, type FieldDef, findField, HAS_CUTOUTS_FIELD, JD_UTC_FIELDS } from './derived-columns.js';
export { ByteSink, type FlatField, FlatRecordWriter, type FlatScalar } from './flat-record-writer.js';
export { encodeJsonFields, encodeJsonRecords, float32Text, jsonValue } from './json-text.js';
export { createLookupFileWriter, LOOKUP_BLOCK_BYTES } from './lookup-file.js';
export {
  decodeLsstBlock,
  encodeLsstBlockTexts,
  LSST_BLOCK_FORMAT,
  LSST_BLOCK_TABLES,
  type LsstBlockColumn,
  type LsstBlockColumns,
  type LsstBlockRows,
  type LsstBlockTable,
  lsstBlockValue,
} from './lsst-object-blocks.js';
export { LSST_SSOBULK_COLUMNS, type LsstSsobulkColumn } from './lsst-ssobulk-columns.js';
export {
  BLOCK_STAMP_FIELDS,
  BLOCK_STAMP_RECORD,
  BLOCK_UPPERLIM_FIELDS,
  BLOCK_UPPERLIM_RECORD,
  ObjectBlockStream,
} from './object-block-stream.js';
export {
  type BlockAlertText,
  decodeBlockAlerts,
  decodeBlockAlertTexts,
  OBJECT_BLOCK_FORMAT,
  OBJECT_BLOCKS_FILE,
  OBJECT_BLOCKS_INDEX_FILE,
  type ObjectBlockFormat,
} from './object-blocks.js';
export {
  currentOrbitCatalogue,
  encodeNameIds,
  NAME_TABLE_COLUMNS,
  type NameLookupEntry,
  ORBIT_ROW_GROUP_ROWS,
  ORBIT_ROW_JSON_SQL,
  ORBIT_TABLE_COLUMNS,
  orbitCatalogueFiles,
} from './orbit-catalogue.js';
export { PART_LAYOUTS, type PartLayout } from './part-layout.js';
export { ReadOnlyFiles } from './read-only-files.js';
export {
  SKY_BLOCKS_FILE,
  SKY_HEADER_BYTES,
  SKY_MAX_ID_BYTES,
  SKY_RECORD_BYTES,
  SKY_RECORDS_PER_BLOCK,
  skyFooter,
  skyHeader,
  writeSkyRecord,
} from './sky-blocks.js';
export { sqlBigintList, sqlIdentifier, sqlPathList, sqlPathLiteral } from './sql-text.js';
export {
  findSsoCandField,
  SSOCAND_COLUMNS,
  SSOCAND_JD_UTC_FIELDS,
  SSOCAND_KINDS,
  SSOCAND_LIGHTCURVE_COLUMNS,
  SSOCAND_ORBIT_COLUMNS,
  type SsoCandColumn,
  type SsoCandKind,
} from './ssocand-columns.js';
export {
  LSST_SSOFT_FLAVORS,
  SSOFT_FLAVOR_ALIASES,
  SSOFT_FLAVORS,
  type SsoftFlavor,
  ssoftColumns,
  ssoftFlavorsOf,
} from './ssoft-columns.js';
export {
  CREATE_SHARED_STAGING_SQL,
  CREATE_STAGING_SQL,
  HISTORY_COLUMNS,
  migrateStagingAlertsSql,
  STAGING_ALERT_COLUMN_NAMES_SQL,
  STAGING_ALERT_COLUMNS,
  STAMP_REF_COLUMNS,
  stagingAlertsSelectList,
} from './staging-schema.js';
export {
  STATS_BASIC_COLUMNS,
  STATS_CLASS_PREFIX,
  STATS_EXTRA_COLUMNS,
  STATS_KEY_COLUMN,
  STATS_SIMBAD_COLUMNS,
  STATS_TIME_COLUMN,
  type StatisticsTable,
  type StatisticsValue,
  statisticsSchema,
  statisticsTable,
} from './statistics.js';
export { isValidIngesterId, StoreLayout } from './store-layout.js';
export {
  type AvroFieldType,
  claimStoreSurvey,
  isSurvey,
  LSST_BLOCK_FILES,
  LSST_PART_FILES,
  LSST_ROW_TABLES,
  LSST_SKY_INDEX_FILE,
  LSST_STORE_COLUMNS,
  type LsstAlert,
  type LsstColumn,
  type LsstColumns,
  type LsstFieldDoc,
  type LsstFieldDocs,
  type LsstPartFile,
  type LsstRow,
  type LsstRowTable,
  type LsstStamps,
  lsstFieldDocsDir,
  readLsstFieldDocs,
  readStoreSurvey,
  recordLsstFieldDocs,
  SURVEYS,
  type Survey,
  SurveyMismatchError,
} from './survey/index.js';
export { TNS_COLUMN_NAMES, TNS_TABLE_COLUMNS } from './tns-table.js';
