/**
 * The LSST alert schema the simulator writes, defined by the project from Rubin's published field documentation
 * (not a copy of Rubin's schema files): namespace `skyalert.lsst.v10_0`, records `alert`, `diaSource`,
 * `diaObject`, `diaForcedSource`, `ssSource`, `mpc_orbits`, with Rubin's 10.0 names and types for the fields it
 * carries. Readers recognise an LSST schema by a namespace ending in `lsst.vM_m` (docs/surveys.md).
 * Reference: Rubin alert schema 10.0 (lsst/alert_packet), LSE-163 §3.5 (alert contents); schema id rule of
 * alert_packet `Schema.get_schema_id` (major * 100 + minor).
 */
import avro from 'avsc';
import { bigintLongType } from '../../../data/index.js';
import { DIA_FORCED_SOURCE_SCHEMA, DIA_OBJECT_SCHEMA, DIA_SOURCE_SCHEMA } from './schema-dia.js';
import { type LsstRecordSchema, optional, required } from './schema-fields.js';
import { MPC_ORBITS_SCHEMA, SS_SOURCE_SCHEMA } from './schema-sso.js';

/** Schema version the simulator writes (Rubin's numbering). */
export const LSST_SCHEMA_MAJOR = 10;
export const LSST_SCHEMA_MINOR = 0;
/** Namespace of every record: the project's own, ending in Rubin's `lsst.v10_0`. */
export const LSST_SCHEMA_NAMESPACE = 'skyalert.lsst.v10_0';
/** Schema id by Rubin's rule: major followed by the minor on two digits (10.0 → 1000). */
export const LSST_SCHEMA_ID = LSST_SCHEMA_MAJOR * 100 + LSST_SCHEMA_MINOR;

/** The alert record (root of the schema): one diaSource with its context. */
export const LSST_ALERT_SCHEMA: LsstRecordSchema = {
  type: 'record',
  name: 'alert',
  namespace: LSST_SCHEMA_NAMESPACE,
  doc:
    'Simulated Rubin/LSST alert written by skyalert simulate. Follows the field names and types of Rubin alert ' +
    'schema 10.0 for the fields it carries (a subset of diaSource and mpc_orbits, all of diaObject, ' +
    'diaForcedSource and ssSource); fluxes in nJy, times MJD TAI, positions ICRS degrees.',
  fields: [
    required('diaSourceId', 'long', 'Id of the diaSource that triggered the alert (the alert id).'),
    optional('observation_reason', 'string', 'Why the visit was taken: the scheduler survey that chose it.'),
    optional(
      'target_name',
      'string',
      'Name of the targeted field or region, and its tags, when the scheduler gives one.',
    ),
    required('diaSource', DIA_SOURCE_SCHEMA, 'The detection that triggered the alert.'),
    optional(
      'prvDiaSources',
      { type: 'array', items: 'diaSource' },
      'Earlier detections of the same diaObject (up to 12 months), oldest first.',
    ),
    optional(
      'prvDiaForcedSources',
      { type: 'array', items: DIA_FORCED_SOURCE_SCHEMA },
      "Forced photometry at the diaObject's position on earlier visits (up to 12 months), oldest first.",
    ),
    optional(
      'diaObject',
      DIA_OBJECT_SCHEMA,
      'The diaObject of the detection; null for a Solar System source.',
    ),
    optional('ssSource', SS_SOURCE_SCHEMA, 'Solar System association of the detection; null when none.'),
    optional('mpc_orbits', MPC_ORBITS_SCHEMA, 'Orbit of the associated Solar System object; null when none.'),
    optional('cutoutDifference', 'bytes', 'Difference-image stamp: FITS, 3 HDUs (image nJy, variance, PSF).'),
    optional('cutoutScience', 'bytes', 'Science-image stamp: FITS, 3 HDUs (image nJy, variance, PSF).'),
    optional('cutoutTemplate', 'bytes', 'Template-image stamp: FITS, 3 HDUs (image nJy, variance, PSF).'),
  ],
};

/** The schema as JSON text (what container headers, registries and `.avsc` files hold). */
export const LSST_ALERT_SCHEMA_TEXT = JSON.stringify(LSST_ALERT_SCHEMA);

/** Compiles the LSST alert schema with BigInt longs (ids above 2^53). */
export function compileLsstSchema(): avro.Type {
  return avro.Type.forSchema(LSST_ALERT_SCHEMA as unknown as avro.Schema, {
    registry: { long: bigintLongType },
  });
}
