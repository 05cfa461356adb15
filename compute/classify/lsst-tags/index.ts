/** Public face of compute/classify/lsst-tags/: fink-filters' Rubin blocks and livestream filters (the LSST tags). */

export { airmassAtCerroPachon } from './airmass.js';
export {
  isExtragalacticLooseCandidate,
  isExtragalacticNearGalaxyCandidate,
  isFading,
  isGaiaStar,
  isGoodQuality,
  isMangroveGalaxy,
  isNew,
  isOutsideGalacticPlane5Deg,
  isOutsideGalacticPlane20Deg,
  isRising,
  isSimbadGalaxy,
  isSimbadUnknown,
  isSolarSystem,
  isVsxMatch,
  isVsxStar,
  MIN_GOOD_FLUX_SNR,
} from './blocks.js';
export { LSST_BLOCKS, LSST_TAGS, type LsstBlock, type LsstTag, tagsOf } from './catalogue.js';
export {
  QUALITY_FLAGS,
  type QualityFlag,
  type TagFinkValues,
  type TagHistory,
  type TagInput,
  type TagObject,
  type TagPreviousDetection,
  type TagSource,
} from './inputs.js';
export {
  abMagOfFluxNjy,
  absoluteMag,
  FINK_COSMOLOGY,
  type FlatLcdm,
  luminosityDistanceMpc,
  ZP_NJY_MAG,
} from './photometry.js';
export {
  inTns,
  isExtragalacticLt20MagCandidate,
  isExtragalacticNewCandidate,
  isExtragalacticSvom,
  isHostlessCandidate,
  isLikelyTransient,
  isMdwarfFlare,
  isMostLikelySn,
  isSnNearGalaxyCandidate,
  isUniformSample,
} from './tags.js';
