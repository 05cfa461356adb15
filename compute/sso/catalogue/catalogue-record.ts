/**
 * One object of an orbit catalogue (MPCORB.DAT, CometEls.txt, JPL SBDB tables) once parsed: who it is and its
 * orbit in perihelion form, plus the conversion from the elliptic elements (a, e, M) that asteroid catalogues give.
 * Reference: docs/references.md#mpc-packed-designations and #orbit-formats, #ephemeris-algorithm.
 */
import { meanMotionDegPerDay } from '../ephemeris/index.js';
import type { Orbit } from '../orbit.js';

/** Asteroid (any minor planet, including dwarf planets and TNOs) or comet (including interstellar objects). */
export type SsoKind = 'asteroid' | 'comet';

/** The catalogue format a record came from. */
export type OrbitSource = 'mpcorb' | 'cometels' | 'jpl-sbdb';

/** Who an object is: the identity every name, number and ZTF spelling is derived from. */
export interface SsoIdentity {
  readonly kind: SsoKind;
  /** IAU minor-planet number (1 for Ceres); null for unnumbered asteroids and for every comet. */
  readonly number: number | null;
  /** IAU name ("Ceres", "Benoitcarry"); for a comet its name ("Tempel 2", "Hale-Bopp"); null when none. */
  readonly name: string | null;
  /**
   * Readable designation: an asteroid's principal provisional designation ("2010 JO69", "2040 P-L", "A801 AA"),
   * null when the catalogue does not give it (MPCORB names a numbered object by number and name only); a comet's
   * designation without its name ("10P", "73P-B", "C/2020 V2", "C/1996 J1-B"), never null.
   */
  readonly designation: string | null;
}

/** A parsed catalogue record. */
export interface CatalogueRecord extends SsoIdentity {
  readonly orbit: Orbit;
  readonly source: OrbitSource;
}

/** What parsing one line (or table row) gave. */
export type LineOutcome =
  | { readonly kind: 'record'; readonly record: CatalogueRecord }
  /** Not an orbit line (blank, header, separator): skipped, not counted as an error. */
  | { readonly kind: 'not-orbit' }
  /** An orbit line that cannot be used; `reason` says why. */
  | { readonly kind: 'rejected'; readonly reason: string };

/** JD minus MJD. */
export const MJD_TO_JD = 2400000.5;

/**
 * Perihelion distance and time of perihelion of an elliptic orbit given by its semi-major axis and mean anomaly.
 * @param aAu semi-major axis (AU), > 0; @param e eccentricity in [0, 1).
 * @param meanAnomalyDeg mean anomaly M at the epoch (deg, any value).
 * @param epochJdTt epoch of the elements (JD TT).
 * @param meanMotion mean daily motion n (deg/day) when the catalogue gives it; else k / a^1.5 (Gauss).
 * @returns q = a (1 - e) (AU) and T = epoch - M / n (JD TT) with M reduced to [-180, 180) deg, i.e. the passage
 *   nearest the epoch; null when a <= 0, e outside [0, 1) or a value is not finite.
 * Reference: Murray & Dermott 1999, Solar System Dynamics, eqs 2.21 and 2.40; docs/references.md#ephemeris-algorithm.
 */
export function ellipticToPerihelion(
  aAu: number,
  e: number,
  meanAnomalyDeg: number,
  epochJdTt: number,
  meanMotion?: number,
): { qAu: number; perihelionJdTt: number } | null {
  if (![aAu, e, meanAnomalyDeg, epochJdTt].every(Number.isFinite) || aAu <= 0 || e < 0 || e >= 1) return null;
  const n = meanMotion !== undefined && meanMotion > 0 ? meanMotion : meanMotionDegPerDay(aAu);
  const m = meanAnomalyDeg - 360 * Math.floor((meanAnomalyDeg + 180) / 360);
  return { qAu: aAu * (1 - e), perihelionJdTt: epochJdTt - m / n };
}

/** Reduces an angle to [0, 360) deg. */
export function normalizeDeg(angleDeg: number): number {
  const r = angleDeg % 360;
  return r < 0 ? r + 360 : r;
}

/**
 * Checks the angular and shape elements every orbit needs; returns the reason when one is unusable, else null.
 * Reference: compute/sso/orbit.ts (ranges of OrbitElements).
 */
export function elementProblem(el: {
  qAu: number;
  e: number;
  inclDeg: number;
  nodeDeg: number;
  periDeg: number;
  perihelionJdTt: number;
  epochJdTt: number;
}): string | null {
  for (const [name, v] of Object.entries(el)) if (!Number.isFinite(v)) return `${name} is not a number`;
  if (el.qAu <= 0) return `perihelion distance ${el.qAu} AU is not positive`;
  if (el.e < 0) return `eccentricity ${el.e} is negative`;
  if (el.inclDeg < 0 || el.inclDeg > 180) return `inclination ${el.inclDeg} deg outside [0, 180]`;
  return null;
}
