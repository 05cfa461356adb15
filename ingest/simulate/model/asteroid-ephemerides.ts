/**
 * Where the simulated asteroids are seen from ZTF: the production ephemerides of compute/sso (perturbed orbit,
 * light time, topocentric from Palomar, I41, at the ZTF mid-exposure) at the alert times, so that a simulated
 * detection sits on the ephemeris that `/api/v1/sso` computes for it. The trajectory of each asteroid is
 * integrated from its element epoch in blocks of `BLOCK_DAYS` and cached, so that a position depends only on its
 * time (never on the length of the run or on what was asked before).
 * Reference: docs/references.md#ephemeris-algorithm (step 1: the ZTF mid-exposure epoch; steps 2-6).
 */
import {
  computeEphemerides,
  type GeometryEphemerides,
  propagateOrbits,
  type Trajectory,
} from '../../../compute/sso/ephemeris/index.js';
import { type SimAsteroid, simOrbit } from './asteroid-population.js';

/** Length of the time blocks over which one trajectory is integrated (days). */
export const BLOCK_DAYS = 32;
/** Margin around a block (days): covers the light time (< 0.05 day within 8 AU), TT - UTC and the exposure. */
const BLOCK_MARGIN_DAYS = 2;

/** Topocentric geometry of one asteroid at a list of alert times (one value per time). */
export interface AsteroidPlaces {
  /** Right ascension (deg), astrometric J2000, [0, 360). */
  readonly raDeg: Float64Array;
  /** Declination (deg), astrometric J2000. */
  readonly decDeg: Float64Array;
  /** Observer-object distance (AU). */
  readonly dobsAu: Float64Array;
  /** Sun-object distance (AU). */
  readonly dhelioAu: Float64Array;
  /** Phase angle Sun-object-observer (deg). */
  readonly phaseDeg: Float64Array;
}

/** The ephemerides of the simulated asteroids, with their integrated trajectories cached per block. */
export class AsteroidEphemerides {
  private readonly cache = new Map<
    SimAsteroid,
    { readonly block: number; readonly trajectory: Trajectory }
  >();

  /**
   * Topocentric places of an asteroid seen from Palomar (I41).
   * @param jdUtc alert times (JD UTC, exposure start, as ZTF `jd`); the ephemeris epoch is 15 s later.
   * @returns one value per time; NaN where the integration stopped early (a close planetary encounter).
   */
  places(asteroid: SimAsteroid, jdUtc: readonly number[]): AsteroidPlaces {
    const n = jdUtc.length;
    const out = {
      raDeg: new Float64Array(n),
      decDeg: new Float64Array(n),
      dobsAu: new Float64Array(n),
      dhelioAu: new Float64Array(n),
      phaseDeg: new Float64Array(n),
    };
    const byBlock = new Map<number, number[]>();
    jdUtc.forEach((jd, i) => {
      const block = Math.floor((jd - asteroid.elements.epochJdTt) / BLOCK_DAYS);
      const group = byBlock.get(block);
      if (group) group.push(i);
      else byBlock.set(block, [i]);
    });
    for (const [block, indices] of byBlock) {
      const eph: GeometryEphemerides = computeEphemerides(
        simOrbit(asteroid),
        indices.map((i) => jdUtc[i]),
        { observer: 'I41', detail: 'geometry', trajectory: this.trajectory(asteroid, block) },
      );
      indices.forEach((i, k) => {
        out.raDeg[i] = eph.raDeg[k];
        out.decDeg[i] = eph.decDeg[k];
        out.dobsAu[i] = eph.dobsAu[k];
        out.dhelioAu[i] = eph.dhelioAu[k];
        out.phaseDeg[i] = eph.phaseDeg[k];
      });
    }
    return out;
  }

  /**
   * The cached trajectory of an asteroid covering a time (its block), to pass to `computeEphemerides` for other
   * observers or columns than `places` gives (the LSST simulator's full ephemerides from Rubin, X05).
   * @param jd time (JD, UTC or TT: the block margin covers the difference).
   */
  trajectoryCovering(asteroid: SimAsteroid, jd: number): Trajectory {
    return this.trajectory(asteroid, Math.floor((jd - asteroid.elements.epochJdTt) / BLOCK_DAYS));
  }

  /** The trajectory covering block `block` (integrated from the element epoch, the production default). */
  private trajectory(asteroid: SimAsteroid, block: number): Trajectory {
    const cached = this.cache.get(asteroid);
    if (cached?.block === block) return cached.trajectory;
    const startJdTt = asteroid.elements.epochJdTt + block * BLOCK_DAYS - BLOCK_MARGIN_DAYS;
    const [trajectory] = propagateOrbits(
      [asteroid.elements],
      startJdTt,
      startJdTt + BLOCK_DAYS + 2 * BLOCK_MARGIN_DAYS,
    );
    this.cache.set(asteroid, { block, trajectory });
    return trajectory;
  }
}
