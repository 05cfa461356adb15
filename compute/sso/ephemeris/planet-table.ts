/**
 * Heliocentric positions of the eight planets for the perturbed propagation, tabulated as Chebyshev series on
 * fixed segments of TT (the way JPL's DE files store planets) from astronomy-engine's VSOP87 `HelioVector`; the
 * barycentre; and the barycentric acceleration of a massless body under the Sun and the planets.
 *
 * Segments are memoised at module level. This memo cannot change results: segment k of a planet always covers
 * the same TT interval [k L, (k + 1) L) counted from J2000 and its coefficients depend on nothing else, so a
 * segment recomputed after eviction is bit-identical. Memory is bounded by `MAX_SEGMENTS_PER_PLANET` per planet
 * (oldest segment evicted first; at most ~2.6 MB in all).
 * Reference: Newhall 1989, Celest. Mech. 45, 305 (Chebyshev ephemerides); Bretagnon & Francou 1988, A&A 202,
 *   309 (VSOP87); masses from astronomy-engine `MassProduct` (DE405), the same as its `GravitySimulator`.
 */
import { AstroTime, Body, HelioVector, MassProduct } from 'astronomy-engine';

/** One perturbing planet: its mass product and how it is tabulated. */
interface PlanetSpec {
  readonly body: Body;
  /** GM (AU^3/day^2). */
  readonly gm: number;
  /** Length of a Chebyshev segment (days). */
  readonly segmentDays: number;
}

/**
 * Chebyshev points (and coefficients) per segment. Interpolation error ~ 2 (n L / 4)^N / N! times the amplitude
 * of each periodic term of angular frequency n: below 1e-9 AU for every planet with the segment lengths below
 * (the Earth's 27.3-day lunar wobble of 4.6e-5 AU sets its 32 days; checked against `HelioVector` in the tests).
 */
export const CHEBYSHEV_POINTS = 12;
/** Upper bound on the memoised segments of each planet (Earth: 2048 x 32 days = 179 years). */
export const MAX_SEGMENTS_PER_PLANET = 2048;

/**
 * The perturbers, as in astronomy-engine's `GravitySimulator`: Mercury to Neptune, the Earth carrying the
 * Earth-Moon mass at the Earth's centre (the barycentre would cost a lunar theory per point; the difference is a
 * tidal term below 1e-13 AU/day^2 beyond 0.1 AU from the Earth).
 */
const PLANETS: readonly PlanetSpec[] = [
  { body: Body.Mercury, gm: MassProduct(Body.Mercury), segmentDays: 32 },
  { body: Body.Venus, gm: MassProduct(Body.Venus), segmentDays: 128 },
  { body: Body.Earth, gm: MassProduct(Body.Earth) + MassProduct(Body.Moon), segmentDays: 32 },
  { body: Body.Mars, gm: MassProduct(Body.Mars), segmentDays: 128 },
  { body: Body.Jupiter, gm: MassProduct(Body.Jupiter), segmentDays: 1024 },
  { body: Body.Saturn, gm: MassProduct(Body.Saturn), segmentDays: 2048 },
  { body: Body.Uranus, gm: MassProduct(Body.Uranus), segmentDays: 2048 },
  { body: Body.Neptune, gm: MassProduct(Body.Neptune), segmentDays: 2048 },
];

/** Number of perturbing planets (Mercury ... Neptune, in that order). */
export const PLANET_COUNT = PLANETS.length;
/** GM of the Sun (AU^3/day^2) = k^2 (Gaussian constant). */
export const SUN_GM = MassProduct(Body.Sun);

const segmentMemo: Map<number, Float64Array>[] = PLANETS.map(() => new Map());

/** Chebyshev coefficients of x, y, z (3 N values, coordinate-major) of one planet on one segment. */
function computeSegment(planet: PlanetSpec, segment: number): Float64Array {
  const n = CHEBYSHEV_POINTS;
  const half = planet.segmentDays / 2;
  const mid = (segment + 0.5) * planet.segmentDays;
  const values = new Float64Array(3 * n);
  for (let j = 0; j < n; j++) {
    const x = Math.cos((Math.PI * (j + 0.5)) / n);
    const p = HelioVector(planet.body, AstroTime.FromTerrestrialTime(mid + half * x));
    values[j] = p.x;
    values[n + j] = p.y;
    values[2 * n + j] = p.z;
  }
  const coefficients = new Float64Array(3 * n);
  for (let c = 0; c < 3; c++) {
    for (let k = 0; k < n; k++) {
      let sum = 0;
      for (let j = 0; j < n; j++) sum += values[c * n + j] * Math.cos((Math.PI * k * (j + 0.5)) / n);
      coefficients[c * n + k] = ((k === 0 ? 1 : 2) / n) * sum;
    }
  }
  return coefficients;
}

function segmentCoefficients(index: number, segment: number): Float64Array {
  const memo = segmentMemo[index];
  const hit = memo.get(segment);
  if (hit) return hit;
  const coefficients = computeSegment(PLANETS[index], segment);
  if (memo.size >= MAX_SEGMENTS_PER_PLANET) {
    const oldest = memo.keys().next();
    if (!oldest.done) memo.delete(oldest.value);
  }
  memo.set(segment, coefficients);
  return coefficients;
}

/** Writes the heliocentric positions of the eight planets at a time (TT days since J2000) into `out`. */
export type PlanetPositionsFunction = (ttDays: number, out: Float64Array) => void;

/**
 * A reader of the planet table that remembers the segment it last used for each planet (the integrator asks for
 * nearby times), falling back to the shared memo.
 * @returns a function of ttDays (TT days since J2000.0, i.e. JD TT - 2451545, any finite value) writing x, y,
 *   z (AU, EQJ) of Mercury ... Neptune into out[0 .. 3 x PLANET_COUNT - 1].
 * Reference: Clenshaw recurrence on the memoised Chebyshev segments (see the file comment).
 */
export function createPlanetPositions(): PlanetPositionsFunction {
  const n = CHEBYSHEV_POINTS;
  const lastSegment = PLANETS.map(() => Number.NaN);
  const lastCoefficients: Float64Array[] = PLANETS.map(() => new Float64Array(3 * n));
  return (ttDays, out) => {
    for (let p = 0; p < PLANETS.length; p++) {
      const length = PLANETS[p].segmentDays;
      const segment = Math.floor(ttDays / length);
      if (segment !== lastSegment[p]) {
        lastCoefficients[p] = segmentCoefficients(p, segment);
        lastSegment[p] = segment;
      }
      const coefficients = lastCoefficients[p];
      const u = (2 * (ttDays - segment * length)) / length - 1;
      const u2 = 2 * u;
      for (let c = 0; c < 3; c++) {
        const o = c * n;
        let b1 = 0;
        let b2 = 0;
        for (let k = n - 1; k >= 1; k--) {
          const b0 = coefficients[o + k] + u2 * b1 - b2;
          b2 = b1;
          b1 = b0;
        }
        out[3 * p + c] = coefficients[o] + u * b1 - b2;
      }
    }
  };
}

/**
 * An acceleration function: `(ttDays, x, y, z, out)` writes the acceleration (AU/day^2, EQJ) of a massless body
 * at position (x, y, z) (AU, EQJ) at time ttDays (TT days since J2000) into out[0..2].
 */
export type AccelerationFunction = (
  ttDays: number,
  x: number,
  y: number,
  z: number,
  out: Float64Array,
) => void;

/**
 * Weights of the planets in the barycentre, GM_p / (GM_sun + GM_p), as astronomy-engine's `GravitySimulator`
 * (and `HelioState(Body.SSB)`) sums them. Not GM_p / GM_total: over 3 years the exact heliocentric equations
 * (or the true barycentre) move a main-belt orbit by ~6e-6 AU from these, and fit the 5,400 ZTF detections of
 * test/sso/ephemeris-accuracy.test.ts slightly worse (pooled median 0.236" against 0.221", every object within
 * 0.04"), so the propagation keeps the simulator's definition.
 */
const BARYCENTRE_WEIGHTS = PLANETS.map((p) => p.gm / (SUN_GM + p.gm));

/**
 * Heliocentric position of the Solar System barycentre (Sun and eight planets), written into out[0..2].
 * @param planetPositions a reader from `createPlanetPositions`.
 * @param ttDays time (TT days since J2000); @param planets scratch (3 x PLANET_COUNT values).
 * Reference: astronomy-engine `GravitySimulator` (barycentre weights above).
 */
export function barycentreAt(
  planetPositions: PlanetPositionsFunction,
  ttDays: number,
  planets: Float64Array,
  out: Float64Array,
): void {
  planetPositions(ttDays, planets);
  sumBarycentre(planets, out);
}

function sumBarycentre(planets: Float64Array, out: Float64Array): void {
  let bx = 0;
  let by = 0;
  let bz = 0;
  for (let p = 0; p < BARYCENTRE_WEIGHTS.length; p++) {
    bx += BARYCENTRE_WEIGHTS[p] * planets[3 * p];
    by += BARYCENTRE_WEIGHTS[p] * planets[3 * p + 1];
    bz += BARYCENTRE_WEIGHTS[p] * planets[3 * p + 2];
  }
  out[0] = bx;
  out[1] = by;
  out[2] = bz;
}

/** Half-width (days) of the central differences of `barycentreStateAt` (errors below 1e-13 AU/day). */
const BARYCENTRE_DIFFERENCE_DAYS = 0.05;

/**
 * Heliocentric position (AU), velocity (AU/day) and acceleration (AU/day^2) of the barycentre, EQJ, written into
 * out[0..8], by central differences of `barycentreAt` over ±0.05 day.
 * @param planetPositions a reader from `createPlanetPositions`; @param ttDays time (TT days since J2000).
 */
export function barycentreStateAt(
  planetPositions: PlanetPositionsFunction,
  ttDays: number,
  out: Float64Array,
): void {
  const planets = new Float64Array(3 * PLANETS.length);
  const before = new Float64Array(3);
  const at = new Float64Array(3);
  const after = new Float64Array(3);
  const h = BARYCENTRE_DIFFERENCE_DAYS;
  barycentreAt(planetPositions, ttDays - h, planets, before);
  barycentreAt(planetPositions, ttDays, planets, at);
  barycentreAt(planetPositions, ttDays + h, planets, after);
  for (let c = 0; c < 3; c++) {
    out[c] = at[c];
    out[3 + c] = (after[c] - before[c]) / (2 * h);
    out[6 + c] = (after[c] - 2 * at[c] + before[c]) / (h * h);
  }
}

/**
 * The barycentric acceleration of a massless body under the Sun and the eight planets (Newtonian point masses,
 * no relativity, no asteroid masses), the Sun at minus `barycentreAt` and the planets at their heliocentric
 * positions minus it: the force model of astronomy-engine's `GravitySimulator`.
 * @param planetPositions a reader from `createPlanetPositions`.
 * @returns an `AccelerationFunction` of the barycentric position, with its own scratch buffers.
 * Reference: astronomy-engine 2.1.19 `GravitySimulator.CalcSolarSystem` / `CalcBodyAccelerations`.
 */
export function createBarycentricAcceleration(
  planetPositions: PlanetPositionsFunction,
): AccelerationFunction {
  const planets = new Float64Array(3 * PLANETS.length);
  const sun = new Float64Array(3);
  const gms = PLANETS.map((p) => p.gm);
  return (ttDays, x, y, z, out) => {
    planetPositions(ttDays, planets);
    sumBarycentre(planets, sun);
    // Heliocentric position of the body: r = R + B; the Sun sits at -B, planet p at r_p - B.
    const hx = x + sun[0];
    const hy = y + sun[1];
    const hz = z + sun[2];
    const r2 = hx * hx + hy * hy + hz * hz;
    const sunPull = -SUN_GM / (r2 * Math.sqrt(r2));
    let ax = sunPull * hx;
    let ay = sunPull * hy;
    let az = sunPull * hz;
    for (let p = 0; p < gms.length; p++) {
      const dx = planets[3 * p] - hx;
      const dy = planets[3 * p + 1] - hy;
      const dz = planets[3 * p + 2] - hz;
      const d2 = dx * dx + dy * dy + dz * dz;
      const pull = gms[p] / (d2 * Math.sqrt(d2));
      ax += pull * dx;
      ay += pull * dy;
      az += pull * dz;
    }
    out[0] = ax;
    out[1] = ay;
    out[2] = az;
  };
}
