/**
 * The alert simulator's model: a seeded, deterministic model of a ZTF-like survey (schedule, sources, asteroids
 * on the production ephemerides, tracklets, bogus detections), Fink scores, ZTF 4.02 records, stamps and MPCORB
 * lines. No I/O; the files and Kafka sinks are in ingest/simulate.
 */

export { hashSeed, Prng } from '../../../compute/random/index.js';
export {
  type AlertParts,
  alertRecord,
  assembleAlert,
  type Cutout,
  FINK_BROKER_VERSION,
  FINK_SCIENCE_VERSION,
  finkFields,
  type HistoryItem,
  historyKey,
  historyOf,
  historyRecord,
  PUBLISHER,
  type ScheduleLookup,
} from './alert-assembler.js';
export { AsteroidEphemerides, type AsteroidPlaces } from './asteroid-ephemerides.js';
export { generateAsteroids, mpcorbOrder, type SimAsteroid, simOrbit } from './asteroid-population.js';
export {
  type AvroRecord,
  candidateRecord,
  prvDetectionRecord,
  prvNonDetectionRecord,
} from './candidate-record.js';
export type { AlertSource, Detection, SourceClass, SsoMatch } from './detection.js';
export { type FinkScores, finkScores } from './fink-scores.js';
export {
  G_MINUS_V_MAG,
  hg1g2ApparentMagV,
  hg1g2ReducedMag,
  R_MINUS_V_MAG,
  vToZtfBandMag,
} from './hg1g2-magnitude.js';
export {
  drwStep,
  type LightCurveModel,
  referenceMag,
  sourceMag,
} from './light-curves.js';
export {
  AlertSimulation,
  addNights,
  HISTORY_DAYS,
  type NightPlan,
  type SimulationOptions,
} from './night-planner.js';
export {
  buildNightSchedule,
  type Exposure,
  type Fid,
  type NightSchedule,
  placeOnFreeSlots,
  wrap180,
} from './night-schedule.js';
export {
  MAIN_BELT_ORBIT,
  type PhaseCurveSampling,
  type PhaseCurveTruth,
  samplePhaseCurve,
} from './phase-curve-sampler.js';
export { drawPeriodicModel } from './population.js';
export { type StampKind, StampPool, type StampSet } from './stamp-pool.js';
