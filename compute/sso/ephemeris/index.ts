/** Offline ephemerides of Solar System objects: the public face of `compute/sso/ephemeris/`. */
export {
  BATCH_CHUNK_SIZE,
  computeEphemerides,
  computeEphemeridesBatch,
  type Ephemerides,
  type EphemerisDetail,
  type EphemerisOptions,
  type EphemerisRequest,
  type GeometryEphemerides,
  LIGHT_TIME_MARGIN_DAYS,
  ZTF_MID_EXPOSURE_OFFSET_S,
} from './ephemerides.js';
export {
  ARCSEC_PER_DEG,
  directionToLonLatDeg,
  eclipticToEquatorial,
  equatorialToEcliptic,
  GAUSS_K,
  JD_J2000,
  KM_PER_AU,
  LIGHT_SPEED_AU_PER_DAY,
  OBLIQUITY_J2000_DEG,
  RAD_PER_DEG,
  type StateVector6,
  type Vec3,
} from './frames.js';
export { airmass, type HorizontalPlace, horizontalPlace } from './horizontal.js';
export {
  apparentVMag,
  DEFAULT_G_SLOPE,
  hgPhaseFunction,
  SDSS_G_MINUS_V_MAG,
  SDSS_R_MINUS_V_MAG,
} from './magnitudes.js';
export {
  EARTH_EQUATORIAL_RADIUS_KM,
  findObserver,
  OBSERVERS,
  type ObserverCode,
  type ObserverSite,
  type ObserverState,
  observerState,
  siteGeodetic,
} from './observers.js';
export {
  BS_MAX_STEP_ANGLE_RAD,
  BS_MAX_STEP_DAYS,
  BS_TOLERANCE_REL,
  type IntegratedTrajectory,
} from './planet-propagation.js';
export {
  DEFAULT_PROPAGATION,
  DEFAULT_STEP_DAYS,
  type NbodyTrajectory,
  type PropagationMode,
  type PropagationOptions,
  propagateOrbits,
  type Trajectory,
  type TwoBodyTrajectory,
  trajectoryState,
  trajectoryStateAt,
} from './propagation.js';
export { jdUtcToTt, TT_MINUS_TAI_S, TT_MINUS_UTC_S, ttMinusUtcSeconds } from './time-scales.js';
export { meanMotionDegPerDay, stumpff, twoBodyState } from './two-body.js';
