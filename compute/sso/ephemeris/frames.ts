/**
 * Constants and frame rotations shared by the two-body and perturbed propagation: Gaussian constant, speed of
 * light, J2000 obliquity, and the rotations between the J2000 ecliptic and the J2000 mean equator (EQJ). Pure.
 * Reference: docs/references.md#ephemeris-algorithm (steps 2 and 6).
 */

/** Radians per degree. */
export const RAD_PER_DEG = Math.PI / 180;
/** Arcseconds per degree. */
export const ARCSEC_PER_DEG = 3600;
/** Gaussian gravitational constant k (rad/day), for AU, days and solar masses; GM_sun = k^2 AU^3/day^2. */
export const GAUSS_K = 0.01720209895;
/** Obliquity of the ecliptic at J2000, 84381.448 arcsec (IAU 1976), in degrees. */
export const OBLIQUITY_J2000_DEG = 23.4392911;
/** Speed of light (AU/day). */
export const LIGHT_SPEED_AU_PER_DAY = 173.1446327;
/** Kilometres per astronomical unit (IAU 2012). */
export const KM_PER_AU = 149_597_870.7;
/** JD of the J2000.0 epoch. */
export const JD_J2000 = 2451545.0;

/** A 3-vector (unit given by its use: AU for positions, AU/day for velocities). */
export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** Heliocentric position (AU) and velocity (AU/day), equatorial J2000 (EQJ) unless stated. */
export interface StateVector6 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly vx: number;
  readonly vy: number;
  readonly vz: number;
}

const COS_EPS = Math.cos(OBLIQUITY_J2000_DEG * RAD_PER_DEG);
const SIN_EPS = Math.sin(OBLIQUITY_J2000_DEG * RAD_PER_DEG);

/**
 * Rotates a vector from the J2000 ecliptic to the J2000 mean equator (EQJ): rotation about x by the obliquity.
 * Reference: docs/references.md#ephemeris-algorithm step 2.
 */
export function eclipticToEquatorial(v: Vec3): Vec3 {
  return { x: v.x, y: COS_EPS * v.y - SIN_EPS * v.z, z: SIN_EPS * v.y + COS_EPS * v.z };
}

/**
 * Rotates a vector from the J2000 mean equator (EQJ) to the J2000 ecliptic; inverse of `eclipticToEquatorial`.
 * Reference: docs/references.md#ephemeris-algorithm step 6.
 */
export function equatorialToEcliptic(v: Vec3): Vec3 {
  return { x: v.x, y: COS_EPS * v.y + SIN_EPS * v.z, z: -SIN_EPS * v.y + COS_EPS * v.z };
}

/**
 * Longitude and latitude of a direction.
 * @param v any non-zero vector.
 * @returns lonDeg in [0, 360) and latDeg in [-90, 90] (deg) in the frame of `v` (RA/Dec for EQJ).
 */
export function directionToLonLatDeg(v: Vec3): { lonDeg: number; latDeg: number } {
  let lonDeg = Math.atan2(v.y, v.x) / RAD_PER_DEG;
  if (lonDeg < 0) lonDeg += 360;
  const latDeg = Math.atan2(v.z, Math.hypot(v.x, v.y)) / RAD_PER_DEG;
  return { lonDeg, latDeg };
}
