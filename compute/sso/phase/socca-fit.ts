/**
 * The SOCCA fit of one object: sidereal period, spin axis, axis ratios a/b and a/c, rotation phase and the HG1G2
 * parameters of each band, in four steps: an sHG1G2 fit for the phase functions and a first pole (HG1G2 and four
 * fixed poles when sHG1G2 fails); a multiband Lomb–Scargle search of its residuals for the period (two maxima per
 * rotation); for the best periodogram peaks and both poles (the sHG1G2 pole and its antipode), a scan of the
 * rotation phase and a short Levenberg–Marquardt run; the best of these runs is then carried to convergence. A fit that cannot be made is a value (NaN parameters, a code and a reason), never an exception. Pure.
 * Reference: Carry et al. 2024, A&A 687, A38 (SOCCA); fink-utils `sso/spins.py` (`fit_spin`, bounds) and
 * `sso/periods.py` (`estimate_synodic_period`); docs/references.md#socca.
 */
import { periodogramPeaks, sinusoidAt } from '../period/index.js';
import { hg1g2Phi1, hg1g2Phi2, hg1g2Phi3 } from './basis.js';
import { parameterErrors } from './covariance.js';
import { type FitCode, type FitStatus, fitPhaseCurve } from './fit-phase-curve.js';
import { G_BOUNDS_WIDE, H_BOUNDS_MAG } from './fit-setup.js';
import { solveLeastSquares } from './projected-lm.js';
import {
  A_B,
  A_C,
  ALPHA0,
  DELTA0,
  fillColumns,
  HOURS_PER_DAY,
  MIN_BAND_POINTS,
  PERIOD,
  PHI0,
  pointsOfWellSampledBands,
  SHARED,
  type SoccaObservations,
  templateColumns,
} from './socca-columns.js';
import { SOCCA_REFERENCE_JD, type SoccaSpin, soccaRotationMag } from './socca-model.js';

/** Result of a SOCCA fit. */
export interface SoccaFit {
  /** Fink quality code: 0 success, 1 bad input values, 3 no start or solver failure, 4 singular JᵀJ. */
  readonly fit: FitCode;
  readonly status: FitStatus;
  /** True when fit = 0 and the solver met a tolerance. */
  readonly converged: boolean;
  /** Why there is no fit or no convergence; null otherwise. */
  readonly reason: string | null;
  /**
   * SSOFT columns of the SOCCA flavour that follow from the observations (data/ssoft-columns.ts): period and
   * err_period (hours), period_chi2red, a_b, a_c, phi0 (rad), alpha0, delta0, alpha0_alt, delta0_alt (deg), their
   * `err_`, H/G1/G2 per band, |cos Λ| statistics, chi2red, rms, the observation statistics, fit and status. NaN
   * where a value does not exist.
   */
  readonly columns: Record<string, number>;
  readonly iterations: number;
}

/** Shortest and longest rotation period searched (hours): Fink's lower bound, and 2.5 days. */
export const SOCCA_PERIOD_RANGE_HOURS: readonly [number, number] = [2.2, 60];
/**
 * Bounds of the sidereal period in the fit (days): the searched range, 20 % wider at the long end (Fink allows up
 * to 1000 days, where faint, short light curves of ours wandered to periods of years).
 */
const PERIOD_BOUNDS_DAYS: readonly [number, number] = [2.2 / 24, (1.2 * 60) / 24];
/** Axis ratios a/b and a/c lie in [1, 5] with a/c >= a/b (Fink's bounds). */
const AXIS_RATIO_MAX = 5;
/** Periodogram peaks tried as start periods. */
const START_PEAKS = 2;
/** Cycle-count offsets over the time span tried around the converged period. */
const CYCLE_ALIASES = [-2, -1, 0, 1, 2];
/** Rotation phases scanned per start to pick the phase the solver starts from. */
const PHI0_SCAN = 12;
/** Solver iterations for each start, then for the best start. */
const START_ITERATIONS = 20;
const MAX_ITERATIONS = 200;
/** Grid points per periodogram peak width. */
const PERIODOGRAM_OVERSAMPLING = 3;
/** 2.5 / ln 10: d(−2.5 log10 x)/dx = −MAG_PER_LN / x. */
const MAG_PER_LN = 2.5 / Math.LN10;
/** Smallest flux term used in a magnitude (+25 mag). */
const FLUX_FLOOR = 1e-10;
const DEG_PER_RAD = 180 / Math.PI;
/** Start poles besides sHG1G2's (its pole is weakly constrained): four directions 90° apart in right ascension, alternately ±45° (rad). */
const FALLBACK_POLES_RAD: [number, number][] = [0, 1, 2, 3].map((k) => [
  (k * Math.PI) / 2,
  ((k % 2 === 0 ? 1 : -1) * Math.PI) / 4,
]);

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

function hasNonFinite(values: ArrayLike<number>): boolean {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return true;
  return false;
}

/** The fixed part of the fit: band of each point and the HG1G2 basis functions. */
interface SoccaDesign {
  readonly n: number;
  readonly fids: number[];
  readonly band: Int32Array;
  readonly phi1: Float64Array;
  readonly phi2: Float64Array;
  readonly phi3: Float64Array;
}

function buildDesign(obs: SoccaObservations): SoccaDesign {
  const n = obs.magRed.length;
  const fids = [...new Set(Array.from(obs.fid))].sort((a, b) => a - b);
  const band = Int32Array.from({ length: n }, (_, k) => fids.indexOf(obs.fid[k]));
  const phi1 = Float64Array.from({ length: n }, (_, k) => hg1g2Phi1(obs.phaseAngleRad[k]));
  const phi2 = Float64Array.from({ length: n }, (_, k) => hg1g2Phi2(obs.phaseAngleRad[k]));
  const phi3 = Float64Array.from({ length: n }, (_, k) => hg1g2Phi3(obs.phaseAngleRad[k]));
  return { n, fids, band, phi1, phi2, phi3 };
}

function spinOf(x: ArrayLike<number>): SoccaSpin {
  return {
    alpha0Rad: x[ALPHA0],
    delta0Rad: x[DELTA0],
    periodDays: x[PERIOD],
    aB: x[A_B],
    aC: x[A_C],
    phi0Rad: x[PHI0],
  };
}

/** Residuals model − observed (mag) of parameter vector x. */
function soccaResiduals(
  d: SoccaDesign,
  obs: SoccaObservations,
  x: ArrayLike<number>,
  out: Float64Array,
): void {
  const spin = spinOf(x);
  for (let k = 0; k < d.n; k++) {
    const at = SHARED + 3 * d.band[k];
    const g1 = x[at + 1];
    const g2 = x[at + 2];
    const flux = g1 * d.phi1[k] + g2 * d.phi2[k] + (1 - g1 - g2) * d.phi3[k];
    const rotation = soccaRotationMag(obs.raRad[k], obs.decRad[k], obs.jdLightTime[k], spin);
    out[k] = x[at] - 2.5 * Math.log10(Math.max(flux, FLUX_FLOOR)) + rotation - obs.magRed[k];
  }
}

/** ∂r/∂(H, G1, G2) of every band (columns SHARED and after), analytic: the rotation term does not depend on them. */
function bandJacobian(d: SoccaDesign, x: ArrayLike<number>, jac: Float64Array): ReadonlySet<number> {
  const p = x.length;
  for (let k = 0; k < d.n; k++) {
    const row = k * p;
    for (let j = SHARED; j < p; j++) jac[row + j] = 0;
    const at = SHARED + 3 * d.band[k];
    const g1 = x[at + 1];
    const g2 = x[at + 2];
    const flux = g1 * d.phi1[k] + g2 * d.phi2[k] + (1 - g1 - g2) * d.phi3[k];
    jac[row + at] = 1;
    if (flux > FLUX_FLOOR) {
      jac[row + at + 1] = (-MAG_PER_LN * (d.phi1[k] - d.phi3[k])) / flux;
      jac[row + at + 2] = (-MAG_PER_LN * (d.phi2[k] - d.phi3[k])) / flux;
    }
  }
  return new Set(Array.from({ length: p - SHARED }, (_, j) => SHARED + j));
}

/** Keeps the parameters in their domain; alpha0 and phi0 stay free (wrapped only when reported). */
function project(x: Float64Array): void {
  x[DELTA0] = clamp(x[DELTA0], -Math.PI / 2, Math.PI / 2);
  x[PERIOD] = clamp(x[PERIOD], PERIOD_BOUNDS_DAYS[0], PERIOD_BOUNDS_DAYS[1]);
  x[A_B] = clamp(x[A_B], 1, AXIS_RATIO_MAX);
  x[A_C] = clamp(x[A_C], x[A_B], AXIS_RATIO_MAX);
  for (let i = SHARED; i < x.length; i += 3) {
    x[i] = clamp(x[i], H_BOUNDS_MAG[0], H_BOUNDS_MAG[1]);
    x[i + 1] = clamp(x[i + 1], G_BOUNDS_WIDE[0], G_BOUNDS_WIDE[1]);
    x[i + 2] = clamp(x[i + 2], G_BOUNDS_WIDE[0], G_BOUNDS_WIDE[1]);
  }
}

/** Finite-difference steps: the period step keeps the phase change over the time span near 1e-4 rad. */
function differenceSteps(obs: SoccaObservations, periodDays: number, p: number): Float64Array {
  let span = 0;
  for (let k = 0; k < obs.jdLightTime.length; k++) {
    span = Math.max(span, Math.abs(obs.jdLightTime[k] - SOCCA_REFERENCE_JD));
  }
  const steps = new Float64Array(p).fill(1e-6);
  steps[PERIOD] = Math.max((1e-4 * periodDays * periodDays) / (2 * Math.PI * Math.max(span, 1)), 1e-12);
  return steps;
}

/**
 * Fits the SOCCA model to the observations of one object.
 * @param obs observations (equal-length arrays; magRed reduced with the ephemeris distances, phase and position in
 *   rad, jdLightTime light-time corrected).
 * @returns the fit. Bands with fewer than MIN_BAND_POINTS points are left out of the fit (the observation columns
 *   count every point). Non-results: non-finite input gives fit 1, status −2; N <= p + 1 gives fit 3, status −1;
 *   no phase-curve start or an empty periodogram fit 3, status −2; a singular JᵀJ fit 4.
 * @throws Error when the arrays differ in length (a programming error).
 * Reference: Carry et al. 2024, A&A 687, A38; docs/references.md#socca.
 */
export function fitSocca(obs: SoccaObservations): SoccaFit {
  const n = obs.magRed.length;
  for (const [name, arr] of Object.entries(obs) as [string, ArrayLike<number>][]) {
    if (arr.length !== n) throw new Error(`fitSocca: ${name} has ${arr.length} values, magRed has ${n}`);
  }
  const columns = templateColumns(obs);
  const noFit = (fit: FitCode, status: FitStatus, reason: string, iterations = 0): SoccaFit => {
    columns.fit = fit;
    columns.status = status;
    return { fit, status, converged: false, reason, columns, iterations };
  };
  const inputs = [
    obs.magRed,
    obs.phaseAngleRad,
    obs.fid,
    obs.raRad,
    obs.decRad,
    obs.jdLightTime,
    obs.sigmaMag,
  ];
  if (inputs.some(hasNonFinite)) {
    return noFit(1, -2, 'non-finite reduced magnitude, phase angle, fid, position, time or uncertainty');
  }
  const fitObs = pointsOfWellSampledBands(obs);
  const d = buildDesign(fitObs);
  const p = SHARED + 3 * d.fids.length;
  if (d.n <= p + 1) {
    return noFit(
      3,
      -1,
      `not enough points: ${d.n} observations in bands of ${MIN_BAND_POINTS}+ for ${p} parameters`,
    );
  }

  const spinStart = fitPhaseCurve('SHG1G2', fitObs, { gBounds: 'wide' });
  const start = spinStart.fit === 0 ? spinStart : fitPhaseCurve('HG1G2', fitObs, { gBounds: 'wide' });
  if (start.fit !== 0 || !start.residualsMag) {
    return noFit(3, -2, `no phase-curve start: ${spinStart.reason}; HG1G2: ${start.reason ?? 'fit failed'}`);
  }
  const residualSeries = {
    jd: fitObs.jdLightTime,
    valueMag: start.residualsMag,
    sigmaMag: fitObs.sigmaMag,
    band: fitObs.fid,
  };
  const peaks = periodogramPeaks(
    residualSeries,
    {
      // two maxima per rotation: the sinusoid's frequency is twice the rotation frequency
      minFrequencyPerDay: (2 * HOURS_PER_DAY) / SOCCA_PERIOD_RANGE_HOURS[1],
      maxFrequencyPerDay: (2 * HOURS_PER_DAY) / SOCCA_PERIOD_RANGE_HOURS[0],
      oversampling: PERIODOGRAM_OVERSAMPLING,
    },
    START_PEAKS,
  );
  if (peaks.length === 0)
    return noFit(3, -2, 'no period: the periodogram of the phase-curve residuals is empty');

  const sc = start.columns;
  const aB = clamp(Number.isFinite(sc.a_b) ? sc.a_b : 1.1, 1.05, 3);
  const aC = clamp(Number.isFinite(sc.a_c) ? Math.max(sc.a_c, aB + 0.05) : aB + 0.1, aB, AXIS_RATIO_MAX);
  const poles: [number, number][] =
    spinStart.fit === 0
      ? [
          [sc.alpha0 / DEG_PER_RAD, sc.delta0 / DEG_PER_RAD],
          [sc.alpha0 / DEG_PER_RAD + Math.PI, -sc.delta0 / DEG_PER_RAD],
          ...FALLBACK_POLES_RAD,
        ]
      : FALLBACK_POLES_RAD;
  const residuals = new Float64Array(d.n);
  const costOf = (x: Float64Array): number => {
    soccaResiduals(d, fitObs, x, residuals);
    let s = 0;
    for (let k = 0; k < d.n; k++) s += residuals[k] * residuals[k];
    return s;
  };
  const problemFor = (periodDays: number) => ({
    n: d.n,
    residuals: (x: Float64Array, out: Float64Array) => soccaResiduals(d, fitObs, x, out),
    project,
    differenceSteps: differenceSteps(fitObs, periodDays, p),
    analyticColumns: (x: Float64Array, jac: Float64Array) => bandJacobian(d, x, jac),
  });

  let best: ReturnType<typeof solveLeastSquares> | null = null;
  let iterations = 0;
  for (const peak of peaks) {
    const periodDays = 2 / peak.frequencyPerDay;
    for (const [a0, d0] of poles) {
      const x = new Float64Array(p);
      x.set([a0, d0, periodDays, aB, aC, 0]);
      d.fids.forEach((fid, b) => {
        x.set([sc[`H_${fid}`], sc[`G1_${fid}`], sc[`G2_${fid}`]], SHARED + 3 * b);
      });
      project(x);
      let phiBest = 0;
      let costBest = Number.POSITIVE_INFINITY;
      for (let s = 0; s < PHI0_SCAN; s++) {
        x[PHI0] = -Math.PI / 2 + (s * Math.PI) / PHI0_SCAN;
        const c = costOf(x);
        if (c < costBest) [costBest, phiBest] = [c, x[PHI0]];
      }
      x[PHI0] = phiBest;
      const trial = solveLeastSquares(problemFor(periodDays), x, START_ITERATIONS);
      iterations += trial.iterations;
      if (Number.isFinite(trial.cost) && (best === null || trial.cost < best.cost)) best = trial;
    }
  }
  if (best === null) return noFit(3, -2, 'solver failed: non-finite model at every start', iterations);
  let solution = solveLeastSquares(problemFor(best.params[PERIOD]), best.params, MAX_ITERATIONS);
  iterations += solution.iterations;
  // Neighbouring cycle counts over the time span (1/P ± k/T), with the pole or its antipode, are near-equivalent
  // minima; the best start may sit in one of them.
  const times = Array.from(fitObs.jdLightTime);
  const spanDays = Math.max(...times) - Math.min(...times);
  const base = Float64Array.from(solution.params);
  for (const k of CYCLE_ALIASES) {
    for (const flip of [false, true]) {
      const x = Float64Array.from(base);
      x[PERIOD] = 1 / (1 / base[PERIOD] + k / spanDays);
      if (flip) [x[ALPHA0], x[DELTA0]] = [base[ALPHA0] + Math.PI, -base[DELTA0]];
      if (x[PERIOD] <= 0 || (k === 0 && !flip)) continue;
      const trial = solveLeastSquares(problemFor(x[PERIOD]), x, START_ITERATIONS);
      iterations += trial.iterations;
      if (Number.isFinite(trial.cost) && trial.cost < solution.cost) {
        solution = solveLeastSquares(problemFor(trial.params[PERIOD]), trial.params, MAX_ITERATIONS);
        iterations += solution.iterations;
      }
    }
  }
  const x = solution.params;
  if (x.some((v) => !Number.isFinite(v)))
    return noFit(3, -2, 'solver returned non-finite parameters', iterations);
  const errors = parameterErrors(solution.jacobian, d.n, p, solution.cost);
  if (!errors) {
    return noFit(4, solution.termination, 'singular JᵀJ: parameter uncertainties undefined', iterations);
  }
  fillColumns(columns, d, fitObs, x, errors, solution.residuals);
  // the sinusoid at the fitted period (two maxima per rotation) on the phase-curve residuals
  columns.period_chi2red = sinusoidAt(residualSeries, 2 / x[PERIOD]).chi2red;
  const status: FitStatus = solution.termination;
  columns.fit = 0;
  columns.status = status;
  return {
    fit: 0,
    status,
    converged: status > 0,
    reason: status > 0 ? null : `iteration cap reached (${iterations} iterations)`,
    columns,
    iterations,
  };
}
