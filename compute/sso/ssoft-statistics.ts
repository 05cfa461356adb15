/**
 * Small statistics of the SSOFT table that do not come from the phase-curve fit: the distribution of the
 * separations between observed and ephemeris positions, and the obliquity of the fitted spin axis. Pure.
 * Reference: docs/references.md#ssoft-build (items 4 and 6), #ssoft-columns.
 */
import { OBLIQUITY_J2000_DEG } from './ephemeris/index.js';

/** Moments of the astrometric separations, SciPy defaults (population std, biased skew, Fisher kurtosis). */
export interface AstrometryStatistics {
  /** Mean separation (arcsec). */
  readonly meanArcsec: number;
  /** Population standard deviation (ddof = 0) (arcsec). */
  readonly stdArcsec: number;
  /** Biased sample skewness m3 / m2^1.5 (dimensionless). */
  readonly skew: number;
  /** Biased Fisher excess kurtosis m4 / m2² - 3 (dimensionless). */
  readonly kurtosis: number;
}

/**
 * Mean, std, skewness and excess kurtosis of observed-minus-ephemeris separations, as SSOFT reports them in
 * `mean_astrometry`, `std_astrometry`, `skew_astrometry`, `kurt_astrometry`.
 * @param separationsArcsec separations (arcsec), >= 0; non-finite values are ignored.
 * @returns the four moments; all NaN without a finite value; skew and kurtosis NaN when every value is equal
 *   (SciPy returns NaN there too).
 * Reference: docs/references.md#ssoft-build item 4; SciPy `stats.skew` and `stats.kurtosis` (bias=True, fisher=True).
 */
export function astrometryStatistics(separationsArcsec: ArrayLike<number>): AstrometryStatistics {
  const values: number[] = [];
  for (let i = 0; i < separationsArcsec.length; i++) {
    if (Number.isFinite(separationsArcsec[i])) values.push(separationsArcsec[i]);
  }
  const n = values.length;
  if (n === 0)
    return { meanArcsec: Number.NaN, stdArcsec: Number.NaN, skew: Number.NaN, kurtosis: Number.NaN };
  const mean = values.reduce((s, v) => s + v, 0) / n;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (const v of values) {
    const d = v - mean;
    m2 += d * d;
    m3 += d * d * d;
    m4 += d * d * d * d;
  }
  m2 /= n;
  m3 /= n;
  m4 /= n;
  const isConstant = m2 === 0;
  return {
    meanArcsec: mean,
    stdArcsec: Math.sqrt(m2),
    skew: isConstant ? Number.NaN : m3 / m2 ** 1.5,
    kurtosis: isConstant ? Number.NaN : m4 / (m2 * m2) - 3,
  };
}

/**
 * Angular separation between two directions on the sky.
 * @param ra1Deg, dec1Deg first direction (deg); @param ra2Deg, dec2Deg second direction (deg), same frame.
 * @returns separation (arcsec), [0, 648000]; accurate for tiny angles (haversine form).
 * Reference: Sinnott 1984, Sky & Telescope 68, 159 (haversine formula).
 */
export function separationArcsec(ra1Deg: number, dec1Deg: number, ra2Deg: number, dec2Deg: number): number {
  const rad = Math.PI / 180;
  const sinHalfDec = Math.sin(((dec2Deg - dec1Deg) * rad) / 2);
  const sinHalfRa = Math.sin(((ra2Deg - ra1Deg) * rad) / 2);
  const h = sinHalfDec ** 2 + Math.cos(dec1Deg * rad) * Math.cos(dec2Deg * rad) * sinHalfRa ** 2;
  return ((2 * Math.asin(Math.min(1, Math.sqrt(h)))) / rad) * 3600;
}

/**
 * Obliquity of a spin axis: the angle between the spin vector and the pole of the orbit.
 * @param alpha0Deg spin right ascension, equatorial J2000 (deg); @param delta0Deg spin declination (deg).
 * @param orbitNodeDeg longitude of the ascending node Ω, ecliptic J2000 (deg).
 * @param orbitInclDeg inclination i to the ecliptic J2000 (deg), [0, 180].
 * @returns obliquity (deg), [0, 180]; NaN when an input is NaN.
 * Reference: docs/references.md#ssoft-build item 6 (spin converted to ecliptic J2000 lon/lat; orbit pole at lon = Ω - 90 deg,
 *   lat = 90 deg - i); obliquity of the ecliptic 84381.448" (IAU 1976, as `compute/sso/ephemeris/frames.ts`).
 */
export function obliquityDeg(
  alpha0Deg: number,
  delta0Deg: number,
  orbitNodeDeg: number,
  orbitInclDeg: number,
): number {
  const rad = Math.PI / 180;
  const eps = OBLIQUITY_J2000_DEG * rad;
  const [a, d] = [alpha0Deg * rad, delta0Deg * rad];
  const [x, y, z] = [Math.cos(d) * Math.cos(a), Math.cos(d) * Math.sin(a), Math.sin(d)];
  // Equatorial to ecliptic: rotation about x by -ε.
  const spin = [x, Math.cos(eps) * y + Math.sin(eps) * z, -Math.sin(eps) * y + Math.cos(eps) * z];
  const lon = (orbitNodeDeg - 90) * rad;
  const lat = (90 - orbitInclDeg) * rad;
  const pole = [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
  const dot = spin[0] * pole[0] + spin[1] * pole[1] + spin[2] * pole[2];
  return Math.acos(Math.min(1, Math.max(-1, dot))) / rad;
}
