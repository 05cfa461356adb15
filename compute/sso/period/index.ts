/** Period searches in light curves (multiband Lomb–Scargle). Reference: docs/references.md#socca. */
export {
  type FrequencyGrid,
  multibandPeriodogram,
  type PeriodogramPeak,
  type PeriodSearchSeries,
  periodogramPeaks,
  sinusoidAt,
} from './lomb-scargle.js';
