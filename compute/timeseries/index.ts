/**
 * Time series of variable sources: multiband Lomb–Scargle periodogram, false-alarm probability, folding, and the
 * harmonic sums every periodogram of the project computes (compute/sso/period/ too).
 */
export { type FalseAlarmInput, falseAlarmLevel, falseAlarmProbability, logGamma } from './false-alarm.js';
export { foldPhase } from './fold.js';
export {
  BAND_TERM_REGULARIZATION,
  fitHarmonics,
  type GroupedPoints,
  groupPoints,
  type HarmonicFit,
  type HarmonicTerms,
  harmonicCount,
  harmonicRow,
  isUsablePoint,
  type PointColumns,
  scanGrid,
  trigAt,
} from './harmonic-sums.js';
export {
  fitMultiband,
  type MultibandFit,
  type MultibandSeries,
  multibandPeriodogram,
  type Periodogram,
  type PeriodogramOptions,
  weightedTimeVariance,
} from './multiband-periodogram.js';
