/** Surveys: which one a store holds, and the shape of each survey's alerts. */
export type { LsstAlert, LsstRow, LsstStamps } from './lsst-alert.js';
export {
  claimStoreSurvey,
  isSurvey,
  readStoreSurvey,
  SURVEYS,
  type Survey,
  SurveyMismatchError,
} from './survey.js';
