/**
 * Two-body (Keplerian) heliocentric state of a massless body from elements in perihelion form, for every conic
 * (elliptic, parabolic, hyperbolic), with one universal-variable solver: no special case at e = 1 and no loss of
 * precision for near-parabolic orbits. Pure.
 * Reference: Danby 1988, Fundamentals of Celestial Mechanics, 2nd ed., §6.9 (universal variables, Stumpff
 * functions); Vallado 2013, Fundamentals of Astrodynamics, Algorithm 8; docs/references.md#ephemeris-algorithm step 2.
 */
import type { OrbitElements } from '../orbit.js';
import { eclipticToEquatorial, GAUSS_K, RAD_PER_DEG, type StateVector6 } from './frames.js';

const SQRT_MU = GAUSS_K;
const MAX_ITERATIONS = 100;

/**
 * Mean daily motion of an elliptic orbit around the Sun (massless body).
 * @param aAu semi-major axis (AU), > 0.
 * @returns n (deg/day) = k / a^1.5.
 * Reference: Gauss's constant k; Murray & Dermott 1999, Solar System Dynamics, eq. 2.26.
 */
export function meanMotionDegPerDay(aAu: number): number {
  return GAUSS_K / aAu ** 1.5 / RAD_PER_DEG;
}

/**
 * Stumpff functions c2(z) = (1 - cos sqrt z) / z and c3(z) = (sqrt z - sin sqrt z) / z^1.5, continued to z <= 0.
 * Series below |z| = 0.1 (8 terms, error below 1e-17).
 */
export function stumpff(z: number): { c2: number; c3: number } {
  if (Math.abs(z) < 0.1) {
    let c2 = 0;
    let c3 = 0;
    let term2 = 1 / 2;
    let term3 = 1 / 6;
    for (let k = 0; k < 8; k++) {
      c2 += term2;
      c3 += term3;
      term2 *= -z / ((2 * k + 3) * (2 * k + 4));
      term3 *= -z / ((2 * k + 4) * (2 * k + 5));
    }
    return { c2, c3 };
  }
  if (z > 0) {
    const s = Math.sqrt(z);
    return { c2: (1 - Math.cos(s)) / z, c3: (s - Math.sin(s)) / (z * s) };
  }
  const s = Math.sqrt(-z);
  return { c2: (Math.cosh(s) - 1) / -z, c3: (Math.sinh(s) - s) / (-z * s) };
}

/**
 * Solves the universal Kepler equation counted from perihelion, q chi + e chi^3 c3(alpha chi^2) = k dt, for
 * dt >= 0 by Newton's method kept inside a bracket (bisection when a step leaves it). The left side increases
 * with chi (its derivative is the radius r >= q), so the root is unique.
 * @returns chi (AU^0.5), >= 0.
 */
function solveUniversal(qAu: number, e: number, alphaPerAu: number, dtDays: number): number {
  const target = SQRT_MU * dtDays;
  let lo = 0;
  let hi = target / qAu;
  // Start from the parabola q chi + e chi^3 / 6 = target (Cardano), or from the elliptic mean anomaly.
  let chi: number;
  if (e < 0.9 && alphaPerAu > 0) {
    const aAu = 1 / alphaPerAu;
    const meanAnomaly = (SQRT_MU * dtDays) / aAu ** 1.5;
    chi = Math.sqrt(aAu) * (meanAnomaly + e * Math.sin(meanAnomaly));
  } else {
    const p = (6 * qAu) / e;
    const r = (3 * target) / e;
    const disc = Math.sqrt(r * r + (p * p * p) / 27);
    chi = Math.cbrt(r + disc) + Math.cbrt(r - disc);
  }
  if (!(chi > lo && chi < hi)) chi = 0.5 * (lo + hi);
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const z = alphaPerAu * chi * chi;
    const { c2, c3 } = stumpff(z);
    const f = qAu * chi + e * chi * chi * chi * c3 - target;
    const radius = qAu + e * chi * chi * c2;
    if (f < 0) lo = chi;
    else hi = chi;
    let next = chi - f / radius;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (Math.abs(next - chi) <= 1e-15 * Math.max(1, Math.abs(chi))) return next;
    chi = next;
  }
  return chi;
}

/** Perifocal unit vectors P (towards perihelion) and Q (along the velocity at perihelion), J2000 ecliptic. */
function perifocalAxes(el: OrbitElements): {
  px: number;
  py: number;
  pz: number;
  qx: number;
  qy: number;
  qz: number;
} {
  const cw = Math.cos(el.periDeg * RAD_PER_DEG);
  const sw = Math.sin(el.periDeg * RAD_PER_DEG);
  const cn = Math.cos(el.nodeDeg * RAD_PER_DEG);
  const sn = Math.sin(el.nodeDeg * RAD_PER_DEG);
  const ci = Math.cos(el.inclDeg * RAD_PER_DEG);
  const si = Math.sin(el.inclDeg * RAD_PER_DEG);
  return {
    px: cn * cw - sn * sw * ci,
    py: sn * cw + cn * sw * ci,
    pz: sw * si,
    qx: -cn * sw - sn * cw * ci,
    qy: -sn * sw + cn * cw * ci,
    qz: cw * si,
  };
}

/**
 * Heliocentric two-body state at a time, equatorial J2000 (EQJ), from perihelion-form elements of any conic.
 * The Sun's mass only (GM = k^2); the epoch of osculation is not used (the orbit is fixed by q, e, angles, T).
 * @param el elements (qAu > 0, e >= 0), mean ecliptic and equinox J2000.
 * @param jdTt time (JD TT), any value: elliptic orbits are reduced modulo the period.
 * @returns position (AU) and velocity (AU/day), EQJ; null when q <= 0, e < 0 or a value is not finite.
 * Reference: Danby 1988 §6.9 (universal Kepler equation, f and g functions, from perihelion: sigma0 = 0).
 */
export function twoBodyState(el: OrbitElements, jdTt: number): StateVector6 | null {
  const { qAu, e } = el;
  if (!(qAu > 0) || !(e >= 0) || !Number.isFinite(jdTt) || !Number.isFinite(el.perihelionJdTt)) return null;
  const alphaPerAu = (1 - e) / qAu;
  let dtDays = jdTt - el.perihelionJdTt;
  if (alphaPerAu > 0) {
    const periodDays = (2 * Math.PI) / (SQRT_MU * alphaPerAu ** 1.5);
    if (Number.isFinite(periodDays)) dtDays -= Math.round(dtDays / periodDays) * periodDays;
  }
  const sign = dtDays < 0 ? -1 : 1;
  const chi = sign * solveUniversal(qAu, e, alphaPerAu, Math.abs(dtDays));
  const z = alphaPerAu * chi * chi;
  const { c2, c3 } = stumpff(z);
  const radius = qAu + e * chi * chi * c2;
  const f = 1 - (chi * chi * c2) / qAu;
  const g = dtDays - (chi * chi * chi * c3) / SQRT_MU;
  const fDot = (SQRT_MU * chi * (z * c3 - 1)) / (radius * qAu);
  const gDot = 1 - (chi * chi * c2) / radius;
  const speedPeriAuPerDay = SQRT_MU * Math.sqrt((1 + e) / qAu);
  // Position r = f q P + g vp Q and velocity fDot q P + gDot vp Q, in the perifocal frame.
  const a = f * qAu;
  const b = g * speedPeriAuPerDay;
  const c = fDot * qAu;
  const d = gDot * speedPeriAuPerDay;
  const ax = perifocalAxes(el);
  const pos = eclipticToEquatorial({
    x: a * ax.px + b * ax.qx,
    y: a * ax.py + b * ax.qy,
    z: a * ax.pz + b * ax.qz,
  });
  const vel = eclipticToEquatorial({
    x: c * ax.px + d * ax.qx,
    y: c * ax.py + d * ax.qy,
    z: c * ax.pz + d * ax.qz,
  });
  return { x: pos.x, y: pos.y, z: pos.z, vx: vel.x, vy: vel.y, vz: vel.z };
}
