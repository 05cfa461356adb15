/**
 * The orbit of a Solar System object as the ephemeris code consumes it: osculating heliocentric elements in
 * perihelion form (valid for every conic, so asteroids and comets share one type) and the magnitude law of the
 * object. Orbit catalogues (MPCORB.DAT, CometEls.txt, JPL tables) are parsed into this shape.
 * Reference: docs/references.md#orbit-formats, #ephemeris-algorithm.
 */

/** Osculating heliocentric elements, mean ecliptic and equinox J2000, in perihelion form. */
export interface OrbitElements {
  /** Perihelion distance q (AU), > 0. For an elliptic orbit q = a (1 - e). */
  readonly qAu: number;
  /** Eccentricity, >= 0 (< 1 elliptic, = 1 parabolic, > 1 hyperbolic). */
  readonly e: number;
  /** Inclination to the ecliptic J2000 (deg), [0, 180]. */
  readonly inclDeg: number;
  /** Longitude of the ascending node, ecliptic J2000 (deg), [0, 360). */
  readonly nodeDeg: number;
  /** Argument of perihelion (deg), [0, 360). */
  readonly periDeg: number;
  /** Time of perihelion passage (JD TT). For an elliptic orbit, the passage nearest the epoch. */
  readonly perihelionJdTt: number;
  /** Epoch of osculation (JD TT): the time at which these elements describe the orbit exactly. */
  readonly epochJdTt: number;
}

/**
 * How the brightness of the object is predicted.
 * - `asteroid`: the IAU HG system (Bowell et al. 1989), V = H + 5 log10(r Δ) - 2.5 log10((1-G) Φ1 + G Φ2).
 * - `comet`: the MPC total-magnitude law, m = H + 5 log10 Δ + 2.5 G log10 r (CometEls.txt columns 92-100).
 * `hMag` or `gSlope` is null when the catalogue gives none.
 */
export type MagnitudeLaw =
  | { readonly kind: 'asteroid'; readonly hMag: number | null; readonly gSlope: number | null }
  | { readonly kind: 'comet'; readonly hMag: number | null; readonly gSlope: number | null };

/** An orbit with the magnitude law: what an ephemeris needs. */
export interface Orbit {
  readonly elements: OrbitElements;
  readonly magnitude: MagnitudeLaw;
}
