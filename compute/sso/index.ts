/** Public face of compute/sso/: what code outside this folder imports from it. */

export {
  AB_MAG_OF_ONE_NJY,
  type LsstSsoColumns,
  lsstSsoObservations,
  MIN_PHYSICAL_RANGE_AU,
  nJyToAbMag,
  ssSourceRangeAu,
} from './lsst-sso-observations.js';
export {
  formatMpcorbLine,
  MpcFormatError,
  type MpcorbRecord,
  packEpoch,
  packNumber,
  packProvisional,
  parseMpcorbLine,
  unpackEpoch,
  unpackNumber,
  unpackProvisional,
  ztfSsnamenr,
} from './mpcorb-format.js';
export type { Orbit, OrbitElements } from './orbit.js';
export { assignSsoCandIds, isSsoCandId } from './sso-cand-id.js';
export { type SsobulkRow, shg1g2RowResiduals, ssobulkRow } from './ssobulk-row.js';
export {
  type SsoDetections,
  type SsoftIdentity,
  type SsoftModel,
  type SsoftRowValues,
  ssoftRow,
} from './ssoft-row.js';
