/**
 * The Solar System records of the simulator's LSST schema: `ssSource` (a detection associated with a known
 * Solar System object, with its predicted geometry) and `mpc_orbits` (that object's orbit as the Minor Planet
 * Center's orbit table holds it). Names, types and nullability follow Rubin's alert schema 10.0 for the fields
 * carried (ssSource: all 39; mpc_orbits: the identification, elements, uncertainties and fit statistics, without
 * the non-gravitational terms, the JSON orbit and the timestamps).
 * Units: angles deg, distances AU, velocities AU/day, angular rates deg/day, offsets arcsec.
 * Reference: Rubin's Science Data Model (`SSSource`), the MPC `mpc_orbits` table documentation (MPC Explorer).
 */
import { type LsstRecordSchema, optional, required } from './schema-fields.js';

const VECTOR_AXES = ['x', 'y', 'z'] as const;

/** The ssSource record. */
export const SS_SOURCE_SCHEMA: LsstRecordSchema = {
  type: 'record',
  name: 'ssSource',
  doc: 'A diaSource associated with a known Solar System object, with the geometry predicted from its orbit.',
  fields: [
    required('diaSourceId', 'long', 'Id of the associated diaSource.'),
    required(
      'ssObjectId',
      'long',
      'Id of the Solar System object: its packed designation read as ASCII bytes.',
    ),
    optional(
      'designation',
      'string',
      'Unpacked primary provisional designation of the object (e.g. 2004 JQ12).',
    ),
    required('eclLambda', 'double', 'Ecliptic longitude of the observed position (deg, J2000 ecliptic).'),
    required('eclBeta', 'double', 'Ecliptic latitude of the observed position (deg).'),
    required('galLon', 'double', 'Galactic longitude of the observed position (deg).'),
    required('galLat', 'double', 'Galactic latitude of the observed position (deg).'),
    optional('elongation', 'float', 'Solar elongation of the object seen by the observer (deg).'),
    optional('phaseAngle', 'float', 'Phase angle Sun-object-observer (deg).'),
    optional('topoRange', 'float', 'Observer-object distance at light-emission time (AU).'),
    optional('topoRangeRate', 'float', 'Rate of topoRange, positive when receding (AU/day).'),
    optional('helioRange', 'float', 'Sun-object distance at light-emission time (AU).'),
    optional('helioRangeRate', 'float', 'Rate of helioRange, positive when receding (AU/day).'),
    optional(
      'ephRa',
      'double',
      'Right ascension predicted from the orbit in mpc_orbits (deg, ICRS, astrometric).',
    ),
    optional(
      'ephDec',
      'double',
      'Declination predicted from the orbit in mpc_orbits (deg, ICRS, astrometric).',
    ),
    optional('ephVmag', 'float', 'V magnitude predicted from the orbit and its H, G (mag).'),
    optional('ephRate', 'float', 'Predicted total angular rate on the sky (deg/day).'),
    optional('ephRateRa', 'float', 'Predicted rate in right ascension, times cos(dec) (deg/day).'),
    optional('ephRateDec', 'float', 'Predicted rate in declination (deg/day).'),
    optional(
      'ephOffset',
      'float',
      'Angular distance between the observed and the predicted positions (arcsec).',
    ),
    optional('ephOffsetRa', 'double', 'Observed minus predicted right ascension, times cos(dec) (arcsec).'),
    optional('ephOffsetDec', 'double', 'Observed minus predicted declination (arcsec).'),
    optional('ephOffsetAlongTrack', 'float', 'Offset along the predicted direction of motion (arcsec).'),
    optional('ephOffsetCrossTrack', 'float', 'Offset across the predicted direction of motion (arcsec).'),
    ...VECTOR_AXES.map((a) =>
      optional(`helio_${a}`, 'float', `Heliocentric ${a} at light-emission time (AU, ICRS axes).`),
    ),
    ...VECTOR_AXES.map((a) =>
      optional(`helio_v${a}`, 'float', `Heliocentric velocity along ${a} at light-emission time (AU/day).`),
    ),
    optional('helio_vtot', 'float', 'Norm of the heliocentric velocity (AU/day).'),
    ...VECTOR_AXES.map((a) =>
      optional(`topo_${a}`, 'float', `Observer-centred ${a} at light-emission time (AU, ICRS axes).`),
    ),
    ...VECTOR_AXES.map((a) =>
      optional(`topo_v${a}`, 'float', `Observer-centred velocity along ${a} (AU/day).`),
    ),
    optional('topo_vtot', 'float', 'Norm of the observer-centred velocity (AU/day).'),
    optional(
      'diaDistanceRank',
      'int',
      'Rank of this diaSource among those near the predicted position (1 = nearest).',
    ),
  ],
};

/** The mpc_orbits record. */
export const MPC_ORBITS_SCHEMA: LsstRecordSchema = {
  type: 'record',
  name: 'mpc_orbits',
  doc: "The object's orbit from the Minor Planet Center's orbit table (heliocentric, J2000 ecliptic elements).",
  fields: [
    required('id', 'int', 'Row id in the MPC table.'),
    required('designation', 'string', 'Primary provisional designation, unpacked (e.g. 2008 AB).'),
    required(
      'packed_primary_provisional_designation',
      'string',
      'Primary provisional designation, packed (e.g. K08A00B).',
    ),
    required(
      'unpacked_primary_provisional_designation',
      'string',
      'Primary provisional designation, unpacked.',
    ),
    optional('orbit_type_int', 'int', 'Orbit class code of the MPC classification (null when not given).'),
    optional('u_param', 'int', 'MPC uncertainty parameter U, 0 (best) to 9.'),
    optional('nopp', 'int', 'Number of oppositions observed.'),
    optional('arc_length_total', 'double', 'Arc covered by all observations (days).'),
    optional('arc_length_sel', 'double', 'Arc covered by the observations used in the fit (days).'),
    optional('nobs_total', 'int', 'Number of observations available.'),
    optional('nobs_total_sel', 'int', 'Number of observations used in the fit.'),
    optional('a', 'double', 'Semi-major axis (AU).'),
    optional('q', 'double', 'Perihelion distance (AU).'),
    optional('e', 'double', 'Eccentricity.'),
    optional('i', 'double', 'Inclination to the J2000 ecliptic (deg).'),
    optional('node', 'double', 'Longitude of the ascending node (deg, J2000 ecliptic).'),
    optional('argperi', 'double', 'Argument of perihelion (deg).'),
    optional('peri_time', 'double', 'Time of perihelion passage (MJD, TT).'),
    optional('mean_anomaly', 'double', 'Mean anomaly at the epoch (deg).'),
    optional('period', 'double', 'Orbital period (days).'),
    optional('mean_motion', 'double', 'Mean motion (deg/day).'),
    optional('a_unc', 'double', 'Uncertainty of a (AU).'),
    optional('q_unc', 'double', 'Uncertainty of q (AU).'),
    optional('e_unc', 'double', 'Uncertainty of e.'),
    optional('i_unc', 'double', 'Uncertainty of i (deg).'),
    optional('node_unc', 'double', 'Uncertainty of node (deg).'),
    optional('argperi_unc', 'double', 'Uncertainty of argperi (deg).'),
    optional('peri_time_unc', 'double', 'Uncertainty of peri_time (days).'),
    optional('mean_anomaly_unc', 'double', 'Uncertainty of mean_anomaly (deg).'),
    optional('epoch_mjd', 'double', 'Epoch of the osculating elements (MJD, TT).'),
    optional('h', 'double', 'Absolute magnitude H (mag, V).'),
    optional('g', 'double', 'Slope parameter G of the H, G phase function.'),
    optional('not_normalized_rms', 'double', 'RMS of the astrometric residuals of the fit (arcsec).'),
    optional('normalized_rms', 'double', 'RMS of the residuals normalised by their uncertainties.'),
    optional('earth_moid', 'double', "Minimum orbit intersection distance with the Earth's orbit (AU)."),
  ],
};
