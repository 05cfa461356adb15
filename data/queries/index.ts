/** Public face of data/queries/: what code outside this folder imports from it. */
export { type AlertRef, BASE_ALERT_COLUMNS } from './alert-refs.js';
export {
  ANOMALIES_PER_NIGHT,
  type FlaggedAlert,
  type FlaggedOfPart,
  findAnomalousAlerts,
  findFlaggedAlertsOfPart,
} from './anomaly.js';
export { findRegionHits } from './bayestar.js';
export {
  type AlertEpoch,
  type AlertStamps,
  STAMP_KINDS,
  type StampKind,
  type StampSelection,
} from './cutouts.js';
export {
  findConeHits,
  findDateHits,
  type JdWindow,
  type TimeField,
} from './explorer.js';
export { findLatestAlerts, type LatestsClass } from './latests.js';
export {
  alertTextOf,
  type BlockAlertHead,
  type BlockLocation,
  blockAlertRows,
  blockStampEpochs,
  blockStamps,
  blockUpperlimRows,
  candidsWithStamps,
  type LatestBlockAlert,
  type LocatedAlertText,
  type LocatedBlock,
  readBlockAlerts,
  readBlockAlertTexts,
  readBlockTexts,
  readLatestBlockAlerts,
  readLatestBlockTexts,
  readObjectBlocks,
} from './object-blocks.js';
export { ZTF_OBJECT_ID } from './objects.js';
export {
  findSsoIdsByPrefix,
  identifySsnamenr,
  OrbitCatalogueFormatError,
  type ResolvedSso,
  readOrbitsByIds,
  resolveSso,
} from './orbits.js';
export { sampleObjects } from './random.js';
export { SkyBlockReader } from './sky-blocks.js';
export {
  findSeenSsnamenrs,
  findSsoAlerts,
  readSsoAlertsOfPart,
  type SsoAlertsOfPart,
} from './sso.js';
export { countSsoDetections, readSsoLightcurves, type SsoLightcurve } from './sso-lightcurves.js';
export { builtSsobulkVersions, readLsstSsobulkRows, readSsobulkRows } from './ssobulk.js';
export { readSsoCand } from './ssocand.js';
export { builtSsoftVersions, readSsoftRows, type SsoftFilter } from './ssoft.js';
export { findTnsByInternalName, findTnsByName, findTnsNear, readTnsTable, type TnsRow } from './tns.js';
export { findTrackletAlerts } from './tracklet.js';
export { type CatalogueMatch, findCatalogueMatches, TooManyMatchesError } from './xmatch.js';
export { findObjectsByXmatchName, XMATCH_NAME_FIELDS, type XmatchNamedObject } from './xmatch-names.js';
