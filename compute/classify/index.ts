/** Public face of compute/classify/: what code outside this folder imports from it. */
export { classifyAlert, isSimbadClassification } from './fink-classification.js';
export {
  EG_HOST_LABELS,
  EG_HOST_LABELS_LATER,
  FINK_CLASSES,
  type FinkClass,
  UNKNOWN_CLASS,
} from './fink-labels.js';
export * from './lsst-tags/index.js';
export {
  BLAZAR_LOW_STATE_TRENDS,
  followsTrend,
  TRENDS,
  type Trend,
  type TrendValues,
} from './trends.js';
