/**
 * The difference-image records of the simulator's LSST schema: `diaSource` (one detection on a difference image),
 * `diaForcedSource` (forced photometry at a diaObject's position) and `diaObject` (the aggregate of a position's
 * detections). Field names, types and nullability follow Rubin's alert schema 10.0 (Science Data Model, DPDD) for
 * the fields carried; diaSource carries a subset of Rubin's 98 fields, the other two records all of theirs.
 * Fluxes are in nJy, times are MJD in TAI, positions ICRS degrees.
 * Reference: LSE-163 (Data Products Definition Document) §3.3; Rubin's Science Data Model schema browser (sdm_schemas,
 * `apdb.yaml`); docs/surveys.md.
 */
import {
  LSST_BANDS,
  type LsstBand,
  type LsstFieldSchema,
  type LsstRecordSchema,
  optional,
  required,
} from './schema-fields.js';

/** The diaSource record: one detection above threshold on a difference image. */
export const DIA_SOURCE_SCHEMA: LsstRecordSchema = {
  type: 'record',
  name: 'diaSource',
  doc: 'A source detected on a difference image (science minus template) of one visit and detector.',
  fields: [
    required('diaSourceId', 'long', 'Unique id of this detection.'),
    required(
      'visit',
      'long',
      'Id of the visit (exposure) the detection was made on: dayObs * 100000 + sequence number.',
    ),
    required('detector', 'int', 'Id of the detector (CCD) of the focal plane, 0-188.'),
    optional(
      'diaObjectId',
      'long',
      'Id of the diaObject this detection belongs to; 0 for a Solar System source.',
    ),
    optional('ssObjectId', 'long', 'Id of the Solar System object it was associated with; 0 when none.'),
    optional('parentDiaSourceId', 'long', 'Id of the parent source when deblended; 0 when not deblended.'),
    required('midpointMjdTai', 'double', 'Time of the middle of the exposure (MJD, TAI).'),
    required('ra', 'double', 'Right ascension of the centroid (deg, ICRS).'),
    optional('raErr', 'float', 'Uncertainty of ra (deg).'),
    required('dec', 'double', 'Declination of the centroid (deg, ICRS).'),
    optional('decErr', 'float', 'Uncertainty of dec (deg).'),
    optional('ra_dec_Cov', 'float', 'Covariance of ra and dec (deg^2).'),
    required('x', 'float', 'Column of the centroid on the detector (pixel).'),
    optional('xErr', 'float', 'Uncertainty of x (pixel).'),
    required('y', 'float', 'Row of the centroid on the detector (pixel).'),
    optional('yErr', 'float', 'Uncertainty of y (pixel).'),
    optional('centroid_flag', 'boolean', 'True when the centroid measurement failed.'),
    optional('apFlux', 'float', 'Aperture flux on the difference image (nJy).'),
    optional('apFluxErr', 'float', 'Uncertainty of apFlux (nJy).'),
    optional('apFlux_flag', 'boolean', 'True when the aperture flux measurement failed.'),
    optional(
      'isNegative',
      'boolean',
      'True when the source is negative on the difference image (fainter than in the template).',
    ),
    optional(
      'snr',
      'float',
      'Signal-to-noise ratio of the detection (maximum of the PSF-convolved difference image over its noise).',
    ),
    optional(
      'psfFlux',
      'float',
      'PSF-fit flux on the difference image (nJy); negative for a source fainter than in the template.',
    ),
    optional('psfFluxErr', 'float', 'Uncertainty of psfFlux (nJy).'),
    optional('psfChi2', 'float', 'Chi-square of the PSF fit.'),
    optional('psfNdata', 'int', 'Number of pixels in the PSF fit.'),
    optional('psfFlux_flag', 'boolean', 'True when the PSF flux measurement failed.'),
    optional('trailFlux', 'float', 'Flux of a trailed-source fit (nJy), for moving objects.'),
    optional('trailFluxErr', 'float', 'Uncertainty of trailFlux (nJy).'),
    optional('trailRa', 'double', 'Right ascension of the trail centroid (deg, ICRS).'),
    optional('trailDec', 'double', 'Declination of the trail centroid (deg, ICRS).'),
    optional('trailLength', 'float', 'Length of the fitted trail (arcsec).'),
    optional('trailAngle', 'float', 'Angle of the trail from the detector x axis (deg).'),
    optional('scienceFlux', 'float', 'PSF flux of the source on the science (direct) image (nJy).'),
    optional('scienceFluxErr', 'float', 'Uncertainty of scienceFlux (nJy).'),
    optional('templateFlux', 'float', 'PSF flux at the position on the template image (nJy).'),
    optional('templateFluxErr', 'float', 'Uncertainty of templateFlux (nJy).'),
    optional('ixx', 'float', 'Second moment of the source along x (arcsec^2).'),
    optional('iyy', 'float', 'Second moment of the source along y (arcsec^2).'),
    optional('ixy', 'float', 'Cross second moment of the source (arcsec^2).'),
    optional('ixxPSF', 'float', 'Second moment of the PSF along x (arcsec^2).'),
    optional('iyyPSF', 'float', 'Second moment of the PSF along y (arcsec^2).'),
    optional('ixyPSF', 'float', 'Cross second moment of the PSF (arcsec^2).'),
    optional('shape_flag', 'boolean', 'True when the shape measurement failed.'),
    optional(
      'extendedness',
      'float',
      'Probability-like measure that the source is extended (0 point-like, 1 extended).',
    ),
    optional('reliability', 'float', 'Real/bogus score of the detection, 0 (artefact) to 1 (astrophysical).'),
    optional('band', 'string', 'Filter of the visit: one of u, g, r, i, z, y.'),
    optional(
      'isDipole',
      'boolean',
      'True when the source looks like a dipole (a positive and a negative lobe).',
    ),
    optional('dipoleFitAttempted', 'boolean', 'True when a dipole model was fitted.'),
    required(
      'timeProcessedMjdTai',
      'double',
      'Time this record was produced by the prompt processing (MJD, TAI).',
    ),
    optional('timeWithdrawnMjdTai', 'double', 'Time this record was withdrawn (MJD, TAI); null when valid.'),
    optional('bboxSize', 'int', 'Side of the square footprint of the detection (pixel).'),
    optional('pixelFlags', 'boolean', 'True when any pixel flag is set in the footprint.'),
    optional('pixelFlags_bad', 'boolean', 'True when a bad pixel is in the footprint.'),
    optional('pixelFlags_cr', 'boolean', 'True when a cosmic ray is in the footprint.'),
    optional('pixelFlags_edge', 'boolean', 'True when the footprint touches the detector edge.'),
    optional('pixelFlags_interpolated', 'boolean', 'True when an interpolated pixel is in the footprint.'),
    optional('pixelFlags_saturated', 'boolean', 'True when a saturated pixel is in the footprint.'),
    optional('pixelFlags_suspect', 'boolean', 'True when a pixel near saturation is in the footprint.'),
    optional('pixelFlags_streak', 'boolean', 'True when a satellite streak crosses the footprint.'),
    optional('pixelFlags_injected', 'boolean', 'True when the footprint holds an injected synthetic source.'),
    optional(
      'glint_trail',
      'boolean',
      'True when the detection lies on a glint trail (a satellite flash sequence).',
    ),
  ],
};

/** The diaForcedSource record: forced PSF photometry at a diaObject's position on one visit. */
export const DIA_FORCED_SOURCE_SCHEMA: LsstRecordSchema = {
  type: 'record',
  name: 'diaForcedSource',
  doc: "Forced PSF photometry at a diaObject's position on a visit, whether or not it was detected there.",
  fields: [
    required('diaForcedSourceId', 'long', 'Unique id of this measurement.'),
    required('diaObjectId', 'long', 'Id of the diaObject measured.'),
    required('ra', 'double', 'Right ascension of the forced position (deg, ICRS).'),
    required('dec', 'double', 'Declination of the forced position (deg, ICRS).'),
    required('visit', 'long', 'Id of the visit measured.'),
    required('detector', 'int', 'Id of the detector measured.'),
    optional('psfFlux', 'float', 'PSF flux on the difference image at the position (nJy).'),
    optional('psfFluxErr', 'float', 'Uncertainty of psfFlux (nJy).'),
    required('midpointMjdTai', 'double', 'Time of the middle of the exposure (MJD, TAI).'),
    optional('scienceFlux', 'float', 'PSF flux on the science image at the position (nJy).'),
    optional('scienceFluxErr', 'float', 'Uncertainty of scienceFlux (nJy).'),
    optional('band', 'string', 'Filter of the visit: one of u, g, r, i, z, y.'),
    required('timeProcessedMjdTai', 'double', 'Time this record was produced (MJD, TAI).'),
    optional('timeWithdrawnMjdTai', 'double', 'Time this record was withdrawn (MJD, TAI); null when valid.'),
  ],
};

/** Per-band diaObject fields of one band, first group (PSF and forced-photometry means), in Rubin's order. */
function bandMeanFields(b: LsstBand): LsstFieldSchema[] {
  return [
    optional(
      `${b}_psfFluxMean`,
      'float',
      `Weighted mean of the ${b}-band difference-image PSF fluxes (nJy).`,
    ),
    optional(`${b}_psfFluxMeanErr`, 'float', `Uncertainty of ${b}_psfFluxMean (nJy).`),
    optional(`${b}_psfFluxSigma`, 'float', `Standard deviation of the ${b}-band PSF fluxes (nJy).`),
    optional(`${b}_psfFluxNdata`, 'int', `Number of ${b}-band detections in the aggregates.`),
    optional(`${b}_fpFluxMean`, 'float', `Weighted mean of the ${b}-band forced PSF fluxes (nJy).`),
    optional(`${b}_fpFluxMeanErr`, 'float', `Uncertainty of ${b}_fpFluxMean (nJy).`),
  ];
}

function bandScienceFields(b: LsstBand): LsstFieldSchema[] {
  return [
    optional(`${b}_scienceFluxMean`, 'float', `Weighted mean of the ${b}-band science-image fluxes (nJy).`),
    optional(`${b}_scienceFluxMeanErr`, 'float', `Uncertainty of ${b}_scienceFluxMean (nJy).`),
  ];
}

function bandRangeFields(b: LsstBand): LsstFieldSchema[] {
  return [
    optional(`${b}_psfFluxMin`, 'float', `Smallest ${b}-band difference-image PSF flux (nJy).`),
    optional(`${b}_psfFluxMax`, 'float', `Largest ${b}-band difference-image PSF flux (nJy).`),
    optional(
      `${b}_psfFluxMaxSlope`,
      'float',
      `Largest absolute rate of change between consecutive ${b}-band PSF fluxes (nJy/day).`,
    ),
    optional(`${b}_psfFluxErrMean`, 'float', `Mean of the ${b}-band PSF flux uncertainties (nJy).`),
  ];
}

/** The diaObject record: what is known of one position from its detections. */
export const DIA_OBJECT_SCHEMA: LsstRecordSchema = {
  type: 'record',
  name: 'diaObject',
  doc: 'A static-sky position with variable flux: the aggregate of the diaSources associated with it.',
  fields: [
    required('diaObjectId', 'long', 'Unique id of the diaObject.'),
    required(
      'validityStartMjdTai',
      'double',
      'Time from which this version of the record is valid (MJD, TAI).',
    ),
    required('ra', 'double', 'Right ascension, mean of the detections (deg, ICRS).'),
    optional('raErr', 'float', 'Uncertainty of ra (deg).'),
    required('dec', 'double', 'Declination, mean of the detections (deg, ICRS).'),
    optional('decErr', 'float', 'Uncertainty of dec (deg).'),
    optional('ra_dec_Cov', 'float', 'Covariance of ra and dec (deg^2).'),
    ...LSST_BANDS.flatMap(bandMeanFields),
    ...LSST_BANDS.flatMap(bandScienceFields),
    ...LSST_BANDS.flatMap(bandRangeFields),
    optional('firstDiaSourceMjdTai', 'double', 'Time of the first associated detection (MJD, TAI).'),
    optional('lastDiaSourceMjdTai', 'double', 'Time of the latest associated detection (MJD, TAI).'),
    required('nDiaSources', 'int', 'Number of diaSources associated with the object.'),
  ],
};
