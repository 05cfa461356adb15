/**
 * How a survey's photometric bands appear in the phase-curve fits and the SSOFT columns: observations carry a
 * numeric band code (`fid`), and each code names its columns with a suffix (`H_1` for ZTF g, `H_u` for Rubin u).
 * Plain data, so that it crosses worker threads. Pure.
 * Reference: fink-utils `sso/ssoft.py` `get_ssoft_columns` (band suffixes per survey); docs/references.md#ssoft-columns.
 */

/** The bands of a survey as the SSOFT names them. */
export interface PhaseBands {
  /** Band codes that always get columns, ascending (other codes present get columns too). */
  readonly codes: readonly number[];
  /** Column suffix of each code of `codes`, same order; a code not listed is suffixed with its number. */
  readonly suffixes: readonly string[];
}

/** ZTF: fid 1 (g) and 2 (r) always, suffixed `_1`, `_2` (fid 3, i, gets `_3` when present). */
export const ZTF_PHASE_BANDS: PhaseBands = { codes: [1, 2], suffixes: ['1', '2'] };

/** Rubin's bands in wavelength order; the band code of `u` is 1, of `y` 6. */
export const LSST_BAND_NAMES = ['u', 'g', 'r', 'i', 'z', 'y'] as const;
export type LsstBandName = (typeof LSST_BAND_NAMES)[number];

/** Rubin/LSST: the six bands always, suffixed by their letter (`H_u` … `H_y`), as Fink's LSST SSOFT. */
export const LSST_PHASE_BANDS: PhaseBands = { codes: [1, 2, 3, 4, 5, 6], suffixes: [...LSST_BAND_NAMES] };

/**
 * Band code of a Rubin band name.
 * @param band `u`, `g`, `r`, `i`, `z` or `y` (lower case, as Rubin's `band` field).
 * @returns 1 to 6; NaN for any other text (a fit gives such a point fit code 1, bad values).
 */
export function lsstBandCode(band: string): number {
  const i = LSST_BAND_NAMES.indexOf(band as LsstBandName);
  return i < 0 ? Number.NaN : i + 1;
}

/** Column suffix of a band code: the survey's suffix for a listed code, the number otherwise. */
export function bandSuffix(bands: PhaseBands, code: number): string {
  const i = bands.codes.indexOf(code);
  return i < 0 ? String(code) : bands.suffixes[i];
}
