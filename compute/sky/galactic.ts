/**
 * Galactic coordinates of an ICRS direction. Pure.
 * Reference: ESA 1997, The Hipparcos and Tycho Catalogues, Vol. 1, §1.5.3, eq. 1.5.11 (the ICRS-to-Galactic
 * rotation matrix A_G', which defines the Galactic frame on the ICRS).
 */

const RAD_PER_DEG = Math.PI / 180;

/** Rows of the ICRS-to-Galactic rotation (Hipparcos A_G' transposed: galactic = R · icrs). */
const ICRS_TO_GALACTIC: readonly (readonly [number, number, number])[] = [
  [-0.0548755604162154, -0.873437090234885, -0.4838350155487132],
  [0.4941094278755837, -0.4448296299600112, 0.746982244497219],
  [-0.8676661490190047, -0.1980763734312015, 0.4559837761750669],
];

/** A direction in Galactic coordinates. */
export interface GalacticPosition {
  /** Galactic longitude l (deg), [0, 360). */
  readonly lonDeg: number;
  /** Galactic latitude b (deg), [-90, 90]. */
  readonly latDeg: number;
}

/**
 * Converts an ICRS (J2000) right ascension and declination into Galactic longitude and latitude.
 * @param raDeg right ascension (deg, ICRS), any value; @param decDeg declination (deg), [-90, 90].
 * @returns l in [0, 360) and b in [-90, 90] (deg).
 */
export function icrsToGalactic(raDeg: number, decDeg: number): GalacticPosition {
  const ra = raDeg * RAD_PER_DEG;
  const dec = decDeg * RAD_PER_DEG;
  const v = [Math.cos(dec) * Math.cos(ra), Math.cos(dec) * Math.sin(ra), Math.sin(dec)];
  const [x, y, z] = ICRS_TO_GALACTIC.map((r) => r[0] * v[0] + r[1] * v[1] + r[2] * v[2]);
  const lonDeg = (((Math.atan2(y, x) / RAD_PER_DEG) % 360) + 360) % 360;
  const latDeg = Math.asin(Math.max(-1, Math.min(1, z))) / RAD_PER_DEG;
  return { lonDeg, latDeg };
}
