/**
 * The phase-curve inputs of one Rubin Solar System object from its detections: AB magnitudes from the PSF fluxes
 * (nJy), JD UTC from `midpointMjdTai`, band codes from the band letters, and the geometry Rubin gives in each
 * ssSource (phase angle, distances, predicted position) in place of ephemerides computed here. Pure.
 * Reference: fink-broker/fink-science Rubin SSOFT builder (reduced magnitude from ssSource `topoRange`,
 * `helioRange`, `phaseAngle`; astrometry against `ephRa`, `ephDec`); docs/api.md "LSST API" (ssoft).
 */
import { mjdTaiToJdUtc } from '../time/index.js';
import { type GeometryEphemerides, KM_PER_AU } from './ephemeris/index.js';
import { lsstBandCode } from './phase/index.js';
import type { SsoDetections } from './ssoft-row.js';

/** AB magnitude of a flux of 1 nJy: 2.5 log10(3631 Jy / 1 nJy). */
export const AB_MAG_OF_ONE_NJY = 31.4;
/** 2.5 / ln 10: magnitude error per relative flux error. */
const MAG_PER_RELATIVE_FLUX = 2.5 / Math.LN10;
/**
 * Below this a distance (AU) cannot be physical (inside the Earth for a topocentric one, inside the Sun for a
 * heliocentric one): Rubin's 2026 ssSource divides its ranges in AU once more by the km per AU (a 2.5 AU range
 * reads 1.7e-8), so such a value is multiplied back by KM_PER_AU. Correct values (in AU) are kept as they are.
 */
export const MIN_PHYSICAL_RANGE_AU = 1e-5;

/** One object's detections as the store holds them (arrays of equal length, any order). */
export interface LsstSsoColumns {
  /** Exposure midpoint, MJD (TAI). */
  readonly midpointMjdTai: ArrayLike<number>;
  readonly raDeg: ArrayLike<number>;
  readonly decDeg: ArrayLike<number>;
  /** PSF flux on the difference image (nJy) and its 1-sigma error (nJy). */
  readonly psfFluxNJy: ArrayLike<number>;
  readonly psfFluxErrNJy: ArrayLike<number>;
  /** Rubin band letter (`u` … `y`). */
  readonly band: readonly string[];
  /** ssSource phase angle (deg). */
  readonly phaseAngleDeg: ArrayLike<number>;
  /** ssSource topocentric and heliocentric ranges (AU, or Rubin's mis-scaled values, see MIN_PHYSICAL_RANGE_AU). */
  readonly topoRangeAu: ArrayLike<number>;
  readonly helioRangeAu: ArrayLike<number>;
  /** ssSource predicted position (deg); NaN where the schema has none (before 10.0). */
  readonly ephRaDeg: ArrayLike<number>;
  readonly ephDecDeg: ArrayLike<number>;
}

/**
 * AB magnitude and its error of a PSF flux.
 * @param fluxNJy flux (nJy); @param fluxErrNJy its 1-sigma error (nJy).
 * @returns mag = 31.4 − 2.5 log10(flux), sigma = 1.0857 · err / flux; both NaN for a flux <= 0 or not finite.
 * Reference: Oke & Gunn 1983 (AB system); fink-filters `ZP_NJY` = 31.4.
 */
export function nJyToAbMag(fluxNJy: number, fluxErrNJy: number): { mag: number; sigmaMag: number } {
  if (!(fluxNJy > 0) || !Number.isFinite(fluxNJy)) return { mag: Number.NaN, sigmaMag: Number.NaN };
  return {
    mag: AB_MAG_OF_ONE_NJY - 2.5 * Math.log10(fluxNJy),
    sigmaMag: (MAG_PER_RELATIVE_FLUX * fluxErrNJy) / fluxNJy,
  };
}

/**
 * A range in AU, undoing Rubin's extra division by the km per AU (MIN_PHYSICAL_RANGE_AU).
 * @param rangeAu ssSource `topoRange` or `helioRange` (or `topocentricDist`, `heliocentricDist` before 10.0).
 * @returns the range (AU); NaN stays NaN, values <= 0 give NaN.
 */
export function ssSourceRangeAu(rangeAu: number): number {
  if (!(rangeAu > 0)) return Number.NaN;
  return rangeAu < MIN_PHYSICAL_RANGE_AU ? rangeAu * KM_PER_AU : rangeAu;
}

/**
 * The detections and geometry of one object for `ssoftRow`, input order, keeping only the usable detections: a
 * positive flux, a known band, and a finite phase angle and ranges (Fink's builder likewise drops the detections
 * whose values are null before it fits).
 * @returns detections (JD UTC, position, AB magnitude, band code 1-6), geometry (ssSource phase angle, ranges in
 *   AU, predicted position; NaN where the schema has none) and how many detections were left out.
 */
export function lsstSsoObservations(rows: LsstSsoColumns): {
  detections: SsoDetections;
  geometry: GeometryEphemerides;
  leftOut: number;
} {
  const n = rows.midpointMjdTai.length;
  const kept: number[] = [];
  const mags: { mag: number; sigmaMag: number }[] = [];
  for (let i = 0; i < n; i++) {
    const m = nJyToAbMag(rows.psfFluxNJy[i], rows.psfFluxErrNJy[i]);
    const usable =
      Number.isFinite(m.mag) &&
      Number.isFinite(m.sigmaMag) &&
      Number.isFinite(lsstBandCode(rows.band[i])) &&
      Number.isFinite(rows.phaseAngleDeg[i]) &&
      Number.isFinite(ssSourceRangeAu(rows.topoRangeAu[i])) &&
      Number.isFinite(ssSourceRangeAu(rows.helioRangeAu[i])) &&
      Number.isFinite(rows.midpointMjdTai[i]);
    if (!usable) continue;
    kept.push(i);
    mags.push(m);
  }
  const pick = (values: ArrayLike<number>, f: (v: number) => number = (v) => v) =>
    Float64Array.from(kept, (i) => f(values[i]));
  const jd = pick(rows.midpointMjdTai, mjdTaiToJdUtc);
  return {
    detections: {
      jd,
      raDeg: pick(rows.raDeg),
      decDeg: pick(rows.decDeg),
      magpsf: Float64Array.from(mags, (m) => m.mag),
      sigmapsf: Float64Array.from(mags, (m) => m.sigmaMag),
      fid: Float64Array.from(kept, (i) => lsstBandCode(rows.band[i])),
    },
    geometry: {
      detail: 'geometry',
      jdUtc: jd,
      dobsAu: pick(rows.topoRangeAu, ssSourceRangeAu),
      dhelioAu: pick(rows.helioRangeAu, ssSourceRangeAu),
      phaseDeg: pick(rows.phaseAngleDeg),
      raDeg: pick(rows.ephRaDeg),
      decDeg: pick(rows.ephDecDeg),
    },
    leftOut: n - kept.length,
  };
}
