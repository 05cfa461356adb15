/**
 * Phase curves of Solar System objects: basis functions, HG / HG1G2 / sHG1G2 models and their fits as Fink makes
 * them. Reference: docs/references.md#phase-curves.
 */
export {
  type Hg1g2BasisValues,
  hg1g2Basis,
  hg1g2Phi1,
  hg1g2Phi2,
  hg1g2Phi3,
  hgPhi1,
  hgPhi2,
} from './basis.js';
export {
  type FitCode,
  type FitStatus,
  fitPhaseCurve,
  type PhaseCurveFit,
  type PhaseFitOptions,
  shg1g2Residuals,
} from './fit-phase-curve.js';
export {
  ALPHA0_BOUNDS_RAD,
  DELTA0_BOUNDS_RAD,
  G_BOUNDS_CLASSIC,
  G_BOUNDS_WIDE,
  type GBounds,
  H_BOUNDS_MAG,
  type ParameterSetup,
  type PhaseFlavor,
  parameterSetup,
  R_BOUNDS,
  START_ALPHA0_RAD,
  START_DELTA0_RAD,
  START_G,
  START_H_MAG,
  START_R,
} from './fit-setup.js';
export {
  cosAspectAngle,
  type Hg1g2Parameters,
  type HgParameters,
  hg1g2Mag,
  hg1g2PhaseIntegral,
  hgMag,
  hgPhaseIntegral,
  type Shg1g2Parameters,
  shapeFromResiduals,
  shg1g2Mag,
} from './models.js';
export {
  bandSuffix,
  LSST_BAND_NAMES,
  LSST_PHASE_BANDS,
  type LsstBandName,
  lsstBandCode,
  type PhaseBands,
  ZTF_PHASE_BANDS,
} from './phase-bands.js';
export type { PhaseObservations } from './phase-design.js';
export { MIN_BAND_POINTS, type SoccaObservations } from './socca-columns.js';
export { fitSocca, SOCCA_PERIOD_RANGE_HOURS, type SoccaFit } from './socca-fit.js';
export {
  LIGHT_TIME_DAYS_PER_AU,
  lightTimeCorrectedJd,
  SOCCA_REFERENCE_JD,
  type SoccaSpin,
  soccaRotationMag,
} from './socca-model.js';
