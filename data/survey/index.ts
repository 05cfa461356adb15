/** Surveys: which one a store holds, and the shape of each survey's alerts. */
export type { LsstAlert, LsstRow, LsstStamps } from './lsst-alert.js';
export {
  type AvroFieldType,
  LSST_ROW_TABLES,
  type LsstColumn,
  type LsstColumns,
  type LsstRowTable,
} from './lsst-columns.js';
export {
  type LsstFieldDoc,
  type LsstFieldDocs,
  lsstFieldDocsDir,
  readLsstFieldDocs,
  recordLsstFieldDocs,
} from './lsst-field-docs.js';
export {
  LSST_BLOCK_FILES,
  LSST_PART_FILES,
  LSST_SKY_INDEX_FILE,
  LSST_STORE_COLUMNS,
  type LsstPartFile,
} from './lsst-store.js';
export {
  claimStoreSurvey,
  isSurvey,
  readStoreSurvey,
  SURVEYS,
  type Survey,
  SurveyMismatchError,
} from './survey.js';
