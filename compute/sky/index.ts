/** Sky positions: altitude from a site; Galactic coordinates; HEALPix: NESTED indices of positions, pixel centres, cone coverage, and RING ↔ NESTED conversion. */

export { altitudeDeg, type SiteLocation } from './altitude.js';
export { PositionIndex, separationDeg } from './cross-match.js';
export { type GalacticPosition, icrsToGalactic } from './galactic.js';
export {
  ang2pixNest,
  ang2pixNestBatch,
  chooseConeOrder,
  coneRanges,
  MAX_NUMBER_ORDER,
  MAX_ORDER,
  maxPixelRadiusDeg,
  nestToRing,
  nestToRingTable,
  type PixelRange,
  pix2angNest,
  ringToNest,
  type SkyPosition,
} from './healpix.js';
export {
  localNoonJd,
  type NightObservability,
  nightObservability,
  OBSERVING_SITES,
  type ObservingSite,
} from './observability.js';
export {
  ARCSEC_PER_DEG,
  DEC_FORMS,
  MAX_RADIUS_ARCSEC,
  type ParsedAngle,
  parseDecDeg,
  parseRaDeg,
  parseRadiusArcsec,
  RA_FORMS,
} from './sexagesimal.js';
