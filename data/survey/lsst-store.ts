/**
 * Files of a published LSST part (docs/surveys.md, "The LSST store"). Column names inside them are the API names
 * (`"r:diaObjectId"`), so that what is stored is what is served.
 */

/** Files of an LSST part, relative to the part directory. */
export const LSST_PART_FILES = {
  /** One row per diaSource (alerts and earlier detections), unique on r:diaSourceId; sorted by object then time. */
  sources: 'sources.parquet',
  /** One row per diaObject, its newest alert's diaObject record; sorted by r:diaObjectId. */
  objects: 'objects.parquet',
  /** One row per forced source, unique on r:diaForcedSourceId; sorted by object then time. */
  fp: 'fp.parquet',
  /** One row per Solar System detection; sorted by packed designation then time. */
  sso: 'sso.parquet',
  /** r:diaSourceId, r:diaObjectId and the three FITS stamps; sorted by r:diaSourceId. */
  cutouts: 'cutouts.parquet',
} as const;

export type LsstPartFile = keyof typeof LSST_PART_FILES;

/** Columns the LSST store adds to the `r:`/`f:` columns (`v:` = values of Sky-alert, not of Rubin or Fink). */
export const LSST_STORE_COLUMNS = {
  /** In sources.parquet: true for a diaSource received as an alert, false for one only seen in a history. */
  alert: 'v:alert',
  /** The night (Rubin's dayObs, YYYYMMDD) of the row's midpoint time. */
  night: 'v:night',
  /** HEALPix NESTED index at order 29 of the row's r:ra, r:dec (sky searches by pixel ranges). */
  hpix29: 'v:hpix29',
  /** In sources.parquet and sso.parquet: the LSST tags of an alert (comma-separated, LSST_TAGS order); null for none. */
  tags: 'v:tags',
  /** In compacted parts: the night of the nightly part the row was published in (YYYYMMDD). */
  publishedNight: 'v:publishedNight',
  /**
   * In sso.parquet: the object's IAU number, from the MPC orbit JSON of the alert (`mpc_orbits.mpc_orb_jsonb`,
   * schema 10.0 on: `designation_data.permid` when all digits); null when unnumbered, a comet, or unknown.
   */
  ssoNumber: 'v:ssoNumber',
  /** In sso.parquet: the object's IAU name from the same JSON (`designation_data.iau_name`); null when unnamed or unknown. */
  ssoName: 'v:ssoName',
} as const;

/**
 * Sky index of an LSST part: `v:hpix29` and `r:diaObjectId` of every alert row of its sources, sorted by pixel
 * (cones read only the row groups of their pixel ranges). Nightly parts published before 2026-11-28 have none.
 */
export const LSST_SKY_INDEX_FILE = 'sky.parquet';

/**
 * Object blocks of an LSST part (docs/store.md, "Object blocks"): each diaObject's rows of `objects`, `sources`
 * and `fp` as one block of `blocks.bin` (data/lsst-object-blocks.ts), so that a lookup of one diaObject reads
 * one block per part holding it; `blocks.parquet` locates them (`objectId` = the diaObjectId in decimal,
 * `block_offset`, `block_length`) and `blocks.json` names each table's columns in the part.
 */
export const LSST_BLOCK_FILES = {
  blocks: 'blocks.bin',
  index: 'blocks.parquet',
  columns: 'blocks.json',
} as const;
