/**
 * Gravitational-wave sky maps: reading flat and multi-order HEALPix FITS maps, probability density at a
 * position, greedy credible regions (area, membership, NESTED ranges for the store's sky index) and MOCs.
 */
export {
  type CredibleRegion,
  credibleRegion,
  credibleRegionRanges,
  isInCredibleRegion,
} from './credible-region.js';
export {
  type Moc,
  type MocOrderCells,
  mocAreaDeg2,
  mocCells,
  mocContains,
  mocFromCells,
  mocFromCredibleRegion,
  mocFromRanges,
} from './moc.js';
export { formatMocAscii, formatMocJson, MocFormatError, parseMocAscii, parseMocJson } from './moc-format.js';
export {
  cellAreaSr,
  DEG2_PER_SR,
  flatSkymap,
  MAX_SKYMAP_ORDER,
  multiOrderSkymap,
  orderPixelOfUniq,
  type Skymap,
  type SkymapMeta,
  type SkymapOrdering,
  uniqOf,
} from './skymap.js';
export { cellIndexAt, type ProbDensity, probDensityAt } from './skymap-lookup.js';
export { readSkymap, skymapT0Jd } from './skymap-read.js';
