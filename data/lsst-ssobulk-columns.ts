/**
 * Columns of an LSST store's bulk table of Solar System light curves (`ssoft/ssobulk_<YYYY.MM>.parquet`, served by
 * the LSST `/api/v1/ssobulk`): one row per object, its detections as list columns, oldest first. Names, order and
 * meaning as Fink's Rubin table (fink-object-api `apps/routes/v1/lsst/ssobulk/utils.py` schema; fink-utils
 * `sso/ssoft.py` `aggregate_rubin_sso_data`), with units stated and distances in AU (docs/api.md, "LSST API").
 */

/** Value type of a column, as the schema request names it. */
export type LsstSsobulkType = 'str' | 'list';

export interface LsstSsobulkColumn {
  readonly name: string;
  readonly type: LsstSsobulkType;
  /** DuckDB type of the stored column. */
  readonly sqlType: 'VARCHAR' | 'VARCHAR[]' | 'DOUBLE[]' | 'FLOAT[]';
  readonly description: string;
}

const list = (
  name: string,
  sqlType: LsstSsobulkColumn['sqlType'],
  description: string,
): LsstSsobulkColumn => ({ name, type: 'list', sqlType, description });

/** Every column of the table, in file order. */
export const LSST_SSOBULK_COLUMNS: readonly LsstSsobulkColumn[] = [
  {
    name: 'designation',
    type: 'str',
    sqlType: 'VARCHAR',
    description: "Unpacked primary provisional designation of the object in Rubin's alerts",
  },
  list('cra', 'DOUBLE[]', 'Right ascension of each detection (deg)'),
  list('cdec', 'DOUBLE[]', 'Declination of each detection (deg)'),
  list('cband', 'VARCHAR[]', 'Rubin band of each detection (u, g, r, i, z, y)'),
  list('cmidpointMjdTai', 'DOUBLE[]', 'Exposure midpoint of each detection, MJD (TAI)'),
  list('cphaseAngle', 'FLOAT[]', 'Phase angle Sun-object-observer (deg), from ssSource'),
  list('cephRa', 'DOUBLE[]', 'Predicted right ascension from the orbit (deg), from ssSource'),
  list('cephDec', 'DOUBLE[]', 'Predicted declination from the orbit (deg), from ssSource'),
  list('ctopoRange', 'FLOAT[]', 'Observer-object distance (AU), from ssSource'),
  list('chelioRange', 'FLOAT[]', 'Sun-object distance (AU), from ssSource'),
  list(
    'cephOffsetRa',
    'DOUBLE[]',
    'Observed minus predicted position in R.A., with cos(dec) (arcsec), from ssSource',
  ),
  list('cephOffsetDec', 'DOUBLE[]', 'Observed minus predicted declination (arcsec), from ssSource'),
  list('cjdUtc', 'DOUBLE[]', 'Exposure midpoint of each detection, JD (UTC)'),
  list(
    'chelioRa',
    'DOUBLE[]',
    'Right ascension of the object seen from the Sun (deg, ICRS), from ssSource helio_x/y/z',
  ),
  list(
    'chelioDec',
    'DOUBLE[]',
    'Declination of the object seen from the Sun (deg, ICRS), from ssSource helio_x/y/z',
  ),
  list(
    'cmagpsf',
    'FLOAT[]',
    'AB magnitude of the PSF flux, 31.4 - 2.5 log10(psfFlux/nJy) (null for a flux <= 0)',
  ),
  list('csigmapsf', 'FLOAT[]', '1-sigma uncertainty of that magnitude, 1.0857 psfFluxErr/psfFlux (mag)'),
  { name: 'version', type: 'str', sqlType: 'VARCHAR', description: 'Table version YYYY.MM' },
];
