/**
 * Columns of the SSOFT (Solar System object Fink table) per flavour: name, type, unit and description, in file
 * order. The monthly builder writes exactly these columns and `/api/v1/ssoft?schema=true` answers them.
 * Band suffix `_1` = ZTF g (fid 1), `_2` = ZTF r (fid 2); on an LSST store `_u` … `_y` (Rubin's bands), the object
 * named by `designation` instead of `ssnamenr`, and only the HG and HG1G2 flavours, as Fink's LSST table
 * (fink-utils `sso/ssoft.py` `get_ssoft_columns('lsst')`). Reference: docs/references.md#ssoft-columns (the builder's 35 common
 * columns; SOCCA's columns as fink-science `ztf/ssoft/processor.py` `COLUMNS_SOCCA` lists them, with `period` and
 * `period_chi2red`) and the CDS ReadMe of Carry et al. 2024 (A&A 689, A252).
 */

import type { Survey } from './survey/index.js';

/** Phase-curve flavours of the table. */
export const SSOFT_FLAVORS = ['HG', 'HG1G2', 'SHG1G2', 'SOCCA'] as const;
export type SsoftFlavor = (typeof SSOFT_FLAVORS)[number];
/** Flavours of an LSST store's table (Fink's LSST SSOFT: HG, its default, and HG1G2). */
export const LSST_SSOFT_FLAVORS: readonly SsoftFlavor[] = ['HG', 'HG1G2'];

/** The flavours a store of `survey` builds and serves. */
export function ssoftFlavorsOf(survey: Survey): readonly SsoftFlavor[] {
  return survey === 'lsst' ? LSST_SSOFT_FLAVORS : SSOFT_FLAVORS;
}
/** Other names of flavours: Fink's documentation calls SOCCA `SSHG1G2`. */
export const SSOFT_FLAVOR_ALIASES: Readonly<Record<string, SsoftFlavor>> = { SSHG1G2: 'SOCCA' };

/** Value type of a column, as the schema request names it. */
export type SsoftType = 'str' | 'int' | 'double';

export interface SsoftColumn {
  readonly name: string;
  readonly type: SsoftType;
  /** Unit when the value has one (deg, mag, arcsec, d). */
  readonly unit: string | null;
  readonly description: string;
}

const col = (name: string, type: SsoftType, unit: string | null, description: string): SsoftColumn => ({
  name,
  type,
  unit,
  description,
});

/** Column suffix and band name of each band of a survey's table. */
type Bands = readonly (readonly [string, string])[];
const ZTF_BANDS: Bands = [
  ['1', 'ZTF g'],
  ['2', 'ZTF r'],
];
const LSST_BANDS: Bands = ['u', 'g', 'r', 'i', 'z', 'y'].map((b) => [b, `LSST ${b}`] as const);

/** One column per band, `<base>_1` and `<base>_2` (ZTF). */
function perBand(
  base: string,
  type: SsoftType,
  unit: string | null,
  what: string,
  bands: Bands = ZTF_BANDS,
): SsoftColumn[] {
  return bands.map(([suffix, band]) => col(`${base}_${suffix}`, type, unit, `${what} in the ${band} band`));
}

/** A statistic over all points, then per band. */
function allAndBands(
  base: string,
  type: SsoftType,
  unit: string | null,
  what: string,
  bands: Bands = ZTF_BANDS,
): SsoftColumn[] {
  return [col(base, type, unit, `${what}, all bands`), ...perBand(base, type, unit, what, bands)];
}

const ZTF_ID = col('ssnamenr', 'str', null, 'Name or number of the object as given in the ZTF alerts (MPC)');
const LSST_ID = col(
  'designation',
  'str',
  null,
  "Unpacked primary provisional designation of the object in Rubin's alerts (mpc_orbits)",
);

/** The columns every flavour has, for one survey's identifier and bands. */
const commonColumns = (id: SsoftColumn, bands: Bands): readonly SsoftColumn[] => [
  id,
  col(
    'sso_name',
    'str',
    null,
    'Official name or provisional designation (null when the orbit catalogue has none)',
  ),
  col('sso_number', 'int', null, 'IAU number (null when unnumbered)'),
  col('last_jd', 'double', 'd', 'Julian date (UTC) of the last detection used'),
  ...perBand('H', 'double', 'mag', 'Absolute magnitude', bands),
  ...perBand('err_H', 'double', 'mag', '1-sigma uncertainty of the absolute magnitude', bands),
  ...allAndBands('min_phase', 'double', 'deg', 'Smallest phase angle observed', bands),
  ...allAndBands('max_phase', 'double', 'deg', 'Largest phase angle observed', bands),
  col('chi2red', 'double', null, 'Reduced chi-square of the fit, sum((res/sigmapsf)^2)/(N - p - 1)'),
  ...allAndBands('rms', 'double', 'mag', 'RMS of the fit residuals', bands),
  ...allAndBands('median_error_phot', 'double', 'mag', 'Median photometric uncertainty (sigmapsf)', bands),
  col('mean_astrometry', 'double', 'arcsec', 'Mean separation between observed and ephemeris positions'),
  col('std_astrometry', 'double', 'arcsec', 'Standard deviation of that separation'),
  col('skew_astrometry', 'double', null, 'Skewness of that separation'),
  col('kurt_astrometry', 'double', null, 'Excess kurtosis (Fisher) of that separation'),
  ...allAndBands('n_obs', 'int', null, 'Number of observations', bands),
  ...allAndBands('n_days', 'double', 'd', 'Time between the first and last observation', bands),
  col(
    'fit',
    'int',
    null,
    'Fit quality code: 0 success, 1 bad values, 2 no ephemerides, 3 solver failure, 4 singular',
  ),
  col(
    'status',
    'int',
    null,
    'Least-squares status: -2 failure, -1 improper input, 0 max evaluations, 1 gtol, 2 ftol, 3 xtol, 4 ftol and xtol',
  ),
  col('flag', 'int', null, 'Reserved (always 0)'),
  col('version', 'str', null, 'Table version YYYY.MM'),
];

const COMMON = commonColumns(ZTF_ID, ZTF_BANDS);
const LSST_COMMON = commonColumns(LSST_ID, LSST_BANDS);

const G1G2: readonly SsoftColumn[] = [
  ...perBand('G1', 'double', null, 'Phase parameter G1'),
  ...perBand('G2', 'double', null, 'Phase parameter G2'),
];
const ERR_G1G2: readonly SsoftColumn[] = [
  ...perBand('err_G1', 'double', null, '1-sigma uncertainty of G1'),
  ...perBand('err_G2', 'double', null, '1-sigma uncertainty of G2'),
];

const SPIN_AXIS: readonly SsoftColumn[] = [
  col('alpha0', 'double', 'deg', 'Right ascension of the spin axis (equatorial J2000)'),
  col('delta0', 'double', 'deg', 'Declination of the spin axis (equatorial J2000)'),
  col(
    'alpha0_alt',
    'double',
    'deg',
    'Right ascension of the antipodal spin solution, (alpha0 + 180) mod 360',
  ),
  col('delta0_alt', 'double', 'deg', 'Declination of the antipodal spin solution, -delta0'),
  col('obliquity', 'double', 'deg', 'Angle between the spin axis and the orbit pole (null without an orbit)'),
];
const COS_LAMBDA: readonly SsoftColumn[] = [
  col('max_cos_lambda', 'double', null, 'Largest |cos| of the aspect angle'),
  col('mean_cos_lambda', 'double', null, 'Mean |cos| of the aspect angle'),
  col('min_cos_lambda', 'double', null, 'Smallest |cos| of the aspect angle'),
];

const FLAVOR_COLUMNS: Record<SsoftFlavor, readonly SsoftColumn[]> = {
  HG: [
    ...perBand('G', 'double', null, 'Phase slope G'),
    ...perBand('err_G', 'double', null, '1-sigma uncertainty of G'),
  ],
  HG1G2: [...G1G2, ...ERR_G1G2],
  SHG1G2: [
    ...G1G2,
    col('R', 'double', null, 'Polar-to-equatorial oblateness of the spheroid (0.3 to 1)'),
    col('a_b', 'double', null, 'Elongation a/b estimated from the fit residuals'),
    col('a_c', 'double', null, 'Oblateness a/c estimated from the residuals and R'),
    ...SPIN_AXIS,
    ...ERR_G1G2,
    col('err_R', 'double', null, '1-sigma uncertainty of R'),
    col('err_alpha0', 'double', 'deg', '1-sigma uncertainty of alpha0'),
    col('err_delta0', 'double', 'deg', '1-sigma uncertainty of delta0'),
    ...COS_LAMBDA,
  ],
  SOCCA: [
    ...G1G2,
    col('a_b', 'double', null, 'Axis ratio a/b of the triaxial ellipsoid (a >= b >= c), 1 to 5'),
    col('a_c', 'double', null, 'Axis ratio a/c of the triaxial ellipsoid, a/b to 5'),
    col('phi0', 'double', 'rad', 'Rotation phase at the reference epoch JD 2459580.5, -pi/2 to pi/2'),
    ...SPIN_AXIS,
    ...ERR_G1G2,
    col('err_a_b', 'double', null, '1-sigma uncertainty of a/b'),
    col('err_a_c', 'double', null, '1-sigma uncertainty of a/c'),
    col('err_phi0', 'double', 'rad', '1-sigma uncertainty of phi0'),
    col('err_alpha0', 'double', 'deg', '1-sigma uncertainty of alpha0'),
    col('err_delta0', 'double', 'deg', '1-sigma uncertainty of delta0'),
    col('err_period', 'double', 'h', '1-sigma uncertainty of the sidereal period'),
    ...COS_LAMBDA,
    col('period', 'double', 'h', 'Sidereal rotation period'),
    col(
      'period_chi2red',
      'double',
      null,
      'Reduced chi-square of the period search: the phase-curve residuals against one sinusoid at twice the rotation frequency',
    ),
  ],
};

/** The LSST table's flavour columns (HG, HG1G2), per Rubin band. */
const LSST_FLAVOR_COLUMNS: Partial<Record<SsoftFlavor, readonly SsoftColumn[]>> = {
  HG: [
    ...perBand('G', 'double', null, 'Phase slope G', LSST_BANDS),
    ...perBand('err_G', 'double', null, '1-sigma uncertainty of G', LSST_BANDS),
  ],
  HG1G2: [
    ...perBand('G1', 'double', null, 'Phase parameter G1', LSST_BANDS),
    ...perBand('G2', 'double', null, 'Phase parameter G2', LSST_BANDS),
    ...perBand('err_G1', 'double', null, '1-sigma uncertainty of G1', LSST_BANDS),
    ...perBand('err_G2', 'double', null, '1-sigma uncertainty of G2', LSST_BANDS),
  ],
};

/**
 * Every column of a flavour's table, common columns first, in file order.
 * @param survey the store's survey (default ZTF).
 * @throws Error for a flavour the survey's table does not have (callers check `ssoftFlavorsOf` first).
 */
export function ssoftColumns(flavor: SsoftFlavor, survey: Survey = 'ztf'): readonly SsoftColumn[] {
  if (survey === 'ztf') return [...COMMON, ...FLAVOR_COLUMNS[flavor]];
  const own = LSST_FLAVOR_COLUMNS[flavor];
  if (own === undefined) throw new Error(`no ${flavor} SSOFT on an LSST store`);
  return [...LSST_COMMON, ...own];
}
