/** Public face of compute/time/: what code outside this folder imports from it. */
export {
  isValidNight,
  JD_UNIX_EPOCH,
  jdToIsoText,
  jdToNight,
  MJD_OFFSET,
  MS_PER_DAY,
  nightToJdRange,
  unixMsToJd,
} from './jd.js';
