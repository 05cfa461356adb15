/** Time series of variable sources: multiband Lomb–Scargle periodogram, false-alarm probability, folding. */
export { type FalseAlarmInput, falseAlarmLevel, falseAlarmProbability, logGamma } from './false-alarm.js';
export { foldPhase } from './fold.js';
export {
  fitMultiband,
  type MultibandFit,
  type MultibandSeries,
  multibandPeriodogram,
  type Periodogram,
  type PeriodogramOptions,
  weightedTimeVariance,
} from './multiband-periodogram.js';
