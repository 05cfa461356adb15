/** Public face of data/queries/lsst/: the queries of the LSST API over an LSST store's published tables. */
export { type BandQuery, FIRST_MJD_KEY, readLastAlertsInBand } from './cone.js';
export {
  findLsstSourcesWithStamps,
  LSST_STAMP_COLUMNS,
  type LsstStampBytes,
  type LsstStampKind,
  readLsstStamps,
} from './cutouts.js';
export { LSST_VERSION_FIELDS, type NightVersions, readNightVersions } from './night-versions.js';
export {
  type LsstBlockPart,
  type LsstObjectBlocks,
  type LsstSkyIndex,
  MJD_MATCH_DAYS,
  readRowsOfObjects,
} from './object-blocks.js';
export { readAlertsInSkyRegion, type SkyRegionQuery } from './sky-region.js';
export { readSsoDetections, SSO_DESIGNATION_COLUMNS } from './sso.js';
export { readSsoByObjectId } from './sso-ids.js';
export { describeLsstTable, type LsstSsoLightcurve, readLsstSsoLightcurves } from './sso-lightcurves.js';
export {
  hasColumn,
  type LsstStoredColumn,
  type LsstTable,
  type LsstTables,
  relationSql,
} from './tables.js';
export { readTaggedAlerts, type TaggedAlertsQuery } from './tags.js';
export { findLsstObjectsByXmatchName, LSST_XMATCH_NAME_FIELDS } from './xmatch-names.js';
