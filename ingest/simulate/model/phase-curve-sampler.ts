/**
 * Synthetic phase curves of one asteroid: observation epochs spread over several oppositions of a two-body
 * orbit, the geometry from the orbit (phase angle, observed RA/Dec, from the ephemerides of compute/sso) and reduced magnitudes from the sHG1G2 model
 * with Gaussian noise. Seeded and deterministic; used to check that the phase-curve fits recover injected
 * parameters and to time them.
 * Reference: docs/references.md#shg1g2-model (model), #ephemeris-algorithm (geometry).
 */
import { Prng } from '../../../compute/random/index.js';
import { computeEphemerides } from '../../../compute/sso/ephemeris/index.js';
import type { Orbit, OrbitElements } from '../../../compute/sso/index.js';
import { type PhaseObservations, shg1g2Mag } from '../../../compute/sso/phase/index.js';

const RAD_PER_DEG = Math.PI / 180;

/** Injected parameters: per band H (mag), G1, G2, and the shared oblateness and spin axis. */
export interface PhaseCurveTruth {
  readonly bands: readonly {
    readonly fid: 1 | 2 | 3;
    readonly hMag: number;
    readonly g1: number;
    readonly g2: number;
  }[];
  /** Oblateness R, (0, 1]; 1 gives a plain HG1G2 curve. */
  readonly r: number;
  /** Spin axis right ascension, J2000 (rad). */
  readonly alpha0Rad: number;
  /** Spin axis declination, J2000 (rad). */
  readonly delta0Rad: number;
}

/** How the curve is sampled. */
export interface PhaseCurveSampling {
  readonly seed: number;
  /** Number of observations, >= 1. */
  readonly count: number;
  /** Standard deviation of the Gaussian noise added to each magnitude, also reported as sigma (mag). */
  readonly noiseMag: number;
  /** Orbit, propagated as a two-body orbit; default a = 2.7 AU, e = 0.1, i = 12 deg (a main-belt asteroid). */
  readonly orbit?: OrbitElements;
  /** First possible epoch (JD UTC); default 2458800.5 (2019-11-16). */
  readonly startJd?: number;
  /** Time span of the epochs (days); default 1500 (about three oppositions). */
  readonly spanDays?: number;
  /** Smallest solar elongation observed (deg); default 90 (night-time survey). */
  readonly minElongationDeg?: number;
}

/** Default orbit of `samplePhaseCurve`: a main-belt asteroid (a = 2.7 AU, at perihelion at its epoch). */
export const MAIN_BELT_ORBIT: OrbitElements = {
  qAu: 2.7 * (1 - 0.1),
  e: 0.1,
  inclDeg: 12,
  nodeDeg: 80,
  periDeg: 30,
  perihelionJdTt: 2459000.5,
  epochJdTt: 2459000.5,
};

/**
 * Draws observations of a synthetic phase curve, bands taken in turn, sorted by time.
 * @param truth injected parameters; @param sampling seed, count, noise and geometry.
 * @returns observations (reduced magnitude with noise, sigma = noiseMag, phase angle, fid, observed RA/Dec in rad,
 *   JD UTC), ready for `fitPhaseCurve`.
 * Reference: Carry et al. 2024, A&A 687, A38, eq. 4 (model); docs/references.md#ephemeris-algorithm (geometry).
 */
export function samplePhaseCurve(truth: PhaseCurveTruth, sampling: PhaseCurveSampling): PhaseObservations {
  const prng = new Prng(sampling.seed);
  const orbit: Orbit = {
    elements: sampling.orbit ?? MAIN_BELT_ORBIT,
    magnitude: { kind: 'asteroid', hMag: null, gSlope: null },
  };
  const place = (jd: number) => computeEphemerides(orbit, [jd], { propagation: 'twobody', epochOffsetS: 0 });
  const startJd = sampling.startJd ?? 2458800.5;
  const spanDays = sampling.spanDays ?? 1500;
  const minElongationDeg = sampling.minElongationDeg ?? 90;
  const jds: number[] = [];
  while (jds.length < sampling.count) {
    const jd = startJd + prng.range(0, spanDays);
    if (place(jd).elongationDeg[0] >= minElongationDeg) jds.push(jd);
  }
  jds.sort((a, b) => a - b);
  const n = jds.length;
  const obs = {
    magRed: new Float64Array(n),
    sigmaMag: new Float64Array(n).fill(sampling.noiseMag),
    phaseAngleRad: new Float64Array(n),
    fid: new Float64Array(n),
    raRad: new Float64Array(n),
    decRad: new Float64Array(n),
    jd: Float64Array.from(jds),
  };
  jds.forEach((jd, k) => {
    const eph = place(jd);
    const band = truth.bands[k % truth.bands.length];
    const raRad = eph.raDeg[0] * RAD_PER_DEG;
    const decRad = eph.decDeg[0] * RAD_PER_DEG;
    const phaseAngleRad = eph.phaseDeg[0] * RAD_PER_DEG;
    const model = shg1g2Mag(phaseAngleRad, raRad, decRad, { ...band, ...truth });
    obs.magRed[k] = model + sampling.noiseMag * prng.normal();
    obs.phaseAngleRad[k] = phaseAngleRad;
    obs.fid[k] = band.fid;
    obs.raRad[k] = raRad;
    obs.decRad[k] = decRad;
  });
  return obs;
}
