/**
 * The LSST alert simulator: simulated Rubin/LSST alerts (diaObjects with light curves of several classes,
 * forced photometry, asteroids on real-looking orbits with ssSource and mpc_orbits, 3-HDU FITS cutouts) in the
 * project's own LSST schema, to Avro container files or to Kafka in the Confluent wire format.
 */
export { lsstAlertRecord } from './alert-record.js';
export { BAND_MINUS_V_MAG, LsstAsteroids, lsstAsteroidCohort, type SsoObservation } from './asteroids.js';
export { buildLsstNight, LSST_FIELDS, type LsstNight, type LsstVisit, TAI_MINUS_UTC_S } from './cadence.js';
export {
  CONFLUENT_HEADER_BYTES,
  CONFLUENT_MAGIC,
  frameConfluent,
  LSST_SCHEMA_SUBJECT,
  registerSchema,
  SchemaRegistryError,
  writeSchemaFile,
} from './confluent.js';
export { DIA_FORCED_SOURCE_ID_BASE, DIA_SOURCE_ID_BASE, ssObjectIdOf } from './ids.js';
export {
  AB_MAG_OF_ONE_NJY,
  abMagToNJy,
  nJyToAbMag,
  sourceBandMag,
  templateBandMag,
  trueFluxes,
} from './photometry.js';
export { type LsstNightPlan, type LsstPlannedAlert, LsstSimulation } from './planner.js';
export type { LsstSource, LsstSourceClass } from './population.js';
export { runSimulateLsst, type SimulateLsstOptions, type SimulateLsstResult } from './run.js';
export {
  compileLsstSchema,
  LSST_ALERT_SCHEMA,
  LSST_ALERT_SCHEMA_TEXT,
  LSST_SCHEMA_ID,
  LSST_SCHEMA_NAMESPACE,
} from './schema.js';
export { LSST_BANDS, type LsstBand } from './schema-fields.js';
export { LsstStampRenderer, PIXEL_SCALE_ARCSEC, PSF_SIZE_PX, STAMP_SIZE_PX } from './stamps.js';
