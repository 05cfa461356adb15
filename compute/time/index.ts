/** Public face of compute/time/: what code outside this folder imports from it. */

export { DATE_FORMS, JD_THRESHOLD, MAX_DATE_JD, type ParsedDate, parseDateToJd } from './date-text.js';
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
export { mjdTaiToJdUtc, TAI_MINUS_UTC_S } from './tai.js';
