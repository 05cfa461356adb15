/**
 * Two-body (Keplerian) heliocentric orbits and the geocentric astrometric position of an asteroid, with the
 * Earth's position from astronomy-engine. Elements are heliocentric, mean ecliptic and equinox J2000, as in
 * MPCORB.DAT (docs/references.md#orbit-formats, #ephemeris-algorithm). Pure.
 */
import { AstroTime, Body, HelioVector } from 'astronomy-engine';
import {
  eclipticToEquatorial,
  GAUSS_K,
  JD_J2000,
  LIGHT_SPEED_AU_PER_DAY,
  OBLIQUITY_J2000_DEG,
  RAD_PER_DEG,
  TT_MINUS_UTC_S,
  type Vec3,
} from '../sso/ephemeris/index.js';

export {
  eclipticToEquatorial,
  GAUSS_K,
  JD_J2000,
  LIGHT_SPEED_AU_PER_DAY,
  OBLIQUITY_J2000_DEG,
  TT_MINUS_UTC_S,
  type Vec3,
};

const DEG = RAD_PER_DEG;

/** Osculating heliocentric elements, mean ecliptic and equinox J2000. */
export interface OrbitalElements {
  /** Semi-major axis (AU), > 0 (elliptic orbits only). */
  readonly aAu: number;
  /** Eccentricity, 0 <= e < 1. */
  readonly e: number;
  /** Inclination to the ecliptic (deg). */
  readonly inclDeg: number;
  /** Longitude of the ascending node (deg). */
  readonly nodeDeg: number;
  /** Argument of perihelion (deg). */
  readonly periDeg: number;
  /** Mean anomaly at the epoch (deg). */
  readonly meanAnomalyDeg: number;
  /** Epoch of the elements (JD TT). */
  readonly epochJdTt: number;
  /** Mean daily motion (deg/day); when absent, k / a^1.5. */
  readonly meanMotionDegPerDay?: number;
}

/**
 * Mean daily motion of an elliptic orbit around the Sun (massless body).
 * @returns n (deg/day) = k / a^1.5.
 * Reference: Gauss; docs/references.md#ephemeris-algorithm.
 */
export function meanMotionDegPerDay(aAu: number): number {
  return GAUSS_K / aAu ** 1.5 / DEG;
}

/**
 * Solves Kepler's equation E - e sin E = M by Newton iterations.
 * @param meanAnomalyRad M (rad), any value; @param e eccentricity in [0, 1).
 * @returns eccentric anomaly E (rad), with |E - e sin E - M| < 1e-14 after reduction of M to [-pi, pi].
 * Reference: Danby 1988, Fundamentals of Celestial Mechanics, §6.6 (starting value E0 = M + 0.85 e sign(sin M)).
 */
export function solveKepler(meanAnomalyRad: number, e: number): number {
  const m = Math.atan2(Math.sin(meanAnomalyRad), Math.cos(meanAnomalyRad));
  let ecc = m + 0.85 * e * Math.sign(Math.sin(m));
  for (let i = 0; i < 50; i++) {
    const f = ecc - e * Math.sin(ecc) - m;
    const step = f / (1 - e * Math.cos(ecc));
    ecc -= step;
    if (Math.abs(step) < 1e-15) break;
  }
  return ecc;
}

/**
 * Heliocentric position on the orbit at a time, in the J2000 ecliptic frame.
 * @param jdTt time (JD TT).
 * @returns position (AU), ecliptic J2000.
 * Reference: Murray & Dermott 1999, Solar System Dynamics, eqs 2.41 and 2.122.
 */
export function helioEclipticPosition(el: OrbitalElements, jdTt: number): Vec3 {
  const n = el.meanMotionDegPerDay ?? meanMotionDegPerDay(el.aAu);
  const m = (el.meanAnomalyDeg + n * (jdTt - el.epochJdTt)) * DEG;
  const ecc = solveKepler(m, el.e);
  const xp = el.aAu * (Math.cos(ecc) - el.e);
  const yp = el.aAu * Math.sqrt(1 - el.e * el.e) * Math.sin(ecc);
  const w = el.periDeg * DEG;
  const node = el.nodeDeg * DEG;
  const inc = el.inclDeg * DEG;
  const cw = Math.cos(w);
  const sw = Math.sin(w);
  const cn = Math.cos(node);
  const sn = Math.sin(node);
  const ci = Math.cos(inc);
  const si = Math.sin(inc);
  return {
    x: (cn * cw - sn * sw * ci) * xp + (-cn * sw - sn * cw * ci) * yp,
    y: (sn * cw + cn * sw * ci) * xp + (-sn * sw + cn * cw * ci) * yp,
    z: sw * si * xp + cw * si * yp,
  };
}

/**
 * Heliocentric position of the Earth's centre, equatorial J2000 (EQJ), from astronomy-engine (VSOP87).
 * @param jdUtc time (JD UTC; astronomy-engine applies its own Delta T).
 * @returns position (AU), EQJ.
 */
export function earthHelioEquatorial(jdUtc: number): Vec3 {
  const v = HelioVector(Body.Earth, new AstroTime(jdUtc - JD_J2000));
  return { x: v.x, y: v.y, z: v.z };
}

/** Geocentric astrometric place of an asteroid. */
export interface GeocentricPlace {
  /** Right ascension (deg, 0..360), J2000 astrometric. */
  readonly raDeg: number;
  /** Declination (deg), J2000 astrometric. */
  readonly decDeg: number;
  /** Earth-object distance (AU). */
  readonly geoDistAu: number;
  /** Sun-object distance (AU) at the emission time. */
  readonly helioDistAu: number;
  /** Sun-object-Earth angle (rad). */
  readonly phaseAngleRad: number;
  /** Sun-Earth-object angle (deg), 180 at opposition. */
  readonly elongationDeg: number;
}

/**
 * Geocentric astrometric RA/Dec, distances and phase angle of a body on a Keplerian orbit: one light-time
 * iteration, no aberration or light deflection (as Miriade's astrometric J2000 output).
 * @param jdUtc observation time (JD UTC); TT = UTC + 69.184 s.
 * @param earthEqj heliocentric Earth position at jdUtc (AU, EQJ); computed when absent (pass it to reuse one
 *   value for many bodies at the same exposure).
 * Reference: docs/references.md#ephemeris-algorithm (steps 1, 2, 5, 6).
 */
export function geocentricPlace(el: OrbitalElements, jdUtc: number, earthEqj?: Vec3): GeocentricPlace {
  const earth = earthEqj ?? earthHelioEquatorial(jdUtc);
  const jdTt = jdUtc + TT_MINUS_UTC_S / 86400;
  let body = eclipticToEquatorial(helioEclipticPosition(el, jdTt));
  let dx = body.x - earth.x;
  let dy = body.y - earth.y;
  let dz = body.z - earth.z;
  const tau = Math.hypot(dx, dy, dz) / LIGHT_SPEED_AU_PER_DAY;
  body = eclipticToEquatorial(helioEclipticPosition(el, jdTt - tau));
  dx = body.x - earth.x;
  dy = body.y - earth.y;
  dz = body.z - earth.z;
  const geoDistAu = Math.hypot(dx, dy, dz);
  const helioDistAu = Math.hypot(body.x, body.y, body.z);
  const earthDistAu = Math.hypot(earth.x, earth.y, earth.z);
  const cosPhase = (body.x * dx + body.y * dy + body.z * dz) / (helioDistAu * geoDistAu);
  const cosElong = -(earth.x * dx + earth.y * dy + earth.z * dz) / (earthDistAu * geoDistAu);
  let raDeg = Math.atan2(dy, dx) / DEG;
  if (raDeg < 0) raDeg += 360;
  return {
    raDeg,
    decDeg: Math.asin(dz / geoDistAu) / DEG,
    geoDistAu,
    helioDistAu,
    phaseAngleRad: Math.acos(Math.min(1, Math.max(-1, cosPhase))),
    elongationDeg: Math.acos(Math.min(1, Math.max(-1, cosElong))) / DEG,
  };
}
