/**
 * Phase-curve fits of one Solar System object (HG, HG1G2, sHG1G2) reproducing the Fink recipe: bounded soft-L1
 * least squares on reduced magnitudes (unweighted), SSOFT starting values and bounds, SciPy-style uncertainties,
 * Fink fit codes, and the SSOFT columns that follow from the observations. Pure.
 * Reference: docs/references.md#phase-fit-recipe, #sso-residuals and #ssoft-columns; Carry et al. 2024, A&A 687, A38.
 */

import { parameterErrors } from './covariance.js';
import { type GBounds, type PhaseFlavor, parameterSetup } from './fit-setup.js';
import type { PhaseBands } from './phase-bands.js';
import { columnBands, emptyFitColumns, fillFitColumns, observationColumns } from './phase-columns.js';
import { buildPhaseDesign, evaluatePhaseModel, type PhaseObservations } from './phase-design.js';
import { type SolverTermination, solveRobust } from './robust-solve.js';
import { softL1JacobianScale } from './soft-l1.js';
import { leastSquaresH } from './start-values.js';

/** Fink quality code: 0 success, 1 bad values (non-finite input), 2 ephemeris failure, 3 solver error, 4 singular JᵀJ. */
export type FitCode = 0 | 1 | 2 | 3 | 4;
/**
 * Solver status as SciPy reports it: -2 failure (set by Fink), -1 improper input (here: not enough points),
 * 0 iteration cap, 1 gtol, 2 ftol, 3 xtol, 4 ftol and xtol.
 */
export type FitStatus = -2 | -1 | SolverTermination;

/** Options of `fitPhaseCurve`. */
export interface PhaseFitOptions {
  /** G, G1, G2 bounds; default `classic` [0, 1]. */
  readonly gBounds?: GBounds;
  /** Cap on solver iterations; default 200. */
  readonly maxIterations?: number;
  /** The survey's bands: which always get columns and their suffixes; default ZTF (`_1`, `_2`). */
  readonly bands?: PhaseBands;
}

/** Result of a phase-curve fit. */
export interface PhaseCurveFit {
  readonly flavor: PhaseFlavor;
  /** Fink quality code; parameters are present only when 0. */
  readonly fit: FitCode;
  readonly status: FitStatus;
  /** True when fit = 0 and the solver met a tolerance (status 1-4). */
  readonly converged: boolean;
  /** Why there is no fit or no convergence, null otherwise. */
  readonly reason: string | null;
  /**
   * SSOFT columns that depend only on these observations (§2.2): fit, status, band parameters and `err_*`
   * (H mag; alpha0, delta0, alpha0_alt, delta0_alt and their errors in deg), R, a_b, a_c, min/mean/max_cos_lambda,
   * chi2red, rms, rms_b (mag), median_error_phot(_b) (mag), n_obs(_b), min/max_phase(_b) (deg), n_days(_b) (days),
   * last_jd (JD UTC). The survey's bands always appear (ZTF: 1 and 2), other codes when present; NaN where a value does not exist.
   */
  readonly columns: Record<string, number>;
  /** Solved parameter vector in `parameterSetup` order (angles in rad); null when fit != 0. */
  readonly parameters: readonly number[] | null;
  /** Observed minus model reduced magnitude per input point (mag), input order; null when fit != 0. */
  readonly residualsMag: Float64Array | null;
  /** Solver iterations used. */
  readonly iterations: number;
}

const DEFAULT_MAX_ITERATIONS = 200;

function hasNonFinite(values: ArrayLike<number>): boolean {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return true;
  return false;
}

/**
 * Fits a phase-curve model to the observations of one object.
 * @param flavor HG, HG1G2 or SHG1G2.
 * @param obs observations; all arrays of equal length (ra/dec used by sHG1G2 only).
 * @param options G bounds (`classic` default, `wide`) and iteration cap.
 * @returns the fit. Non-results are values: non-finite magRed or phase (or ra/dec for sHG1G2) give fit 1, status
 *   -2; N <= p + 1 points give fit 3, status -1 (no degree of freedom); a solver exception or non-finite solution
 *   fit 3, status -2; a singular JᵀJ fit 4 with the solver status kept.
 * @throws Error when the observation arrays differ in length (a programming error).
 * Reference: docs/references.md#phase-fit-recipe (Fink recipe), #sso-residuals (N <= p + 1 rule), #ssoft-columns (columns).
 */
export function fitPhaseCurve(
  flavor: PhaseFlavor,
  obs: PhaseObservations,
  options: PhaseFitOptions = {},
): PhaseCurveFit {
  const n = obs.magRed.length;
  for (const [name, arr] of Object.entries(obs) as [string, ArrayLike<number>][]) {
    if (arr.length !== n) throw new Error(`fitPhaseCurve: ${name} has ${arr.length} values, magRed has ${n}`);
  }
  const bands = options.bands;
  const columns = observationColumns(obs, emptyFitColumns(flavor, columnBands(obs.fid, bands), bands), bands);
  const noFit = (fit: FitCode, status: FitStatus, reason: string, iterations = 0): PhaseCurveFit => {
    columns.fit = fit;
    columns.status = status;
    return {
      flavor,
      fit,
      status,
      converged: false,
      reason,
      columns,
      parameters: null,
      residualsMag: null,
      iterations,
    };
  };

  const badInputs = [obs.magRed, obs.phaseAngleRad, obs.fid];
  if (flavor === 'SHG1G2') badInputs.push(obs.raRad, obs.decRad);
  if (badInputs.some(hasNonFinite)) {
    return noFit(1, -2, 'non-finite reduced magnitude, phase angle, fid or position (missing ephemeris?)');
  }
  const design = buildPhaseDesign(flavor, obs);
  if (n <= design.p + 1) {
    return noFit(
      3,
      -1,
      `not enough points: ${n} observations for ${design.p} parameters (need more than p + 1)`,
    );
  }
  const finkSetup = parameterSetup(flavor, design.fids.length, options.gBounds ?? 'classic');
  // HG starts from the least-squares H given Fink's G: fewer iterations, same optimum. HG1G2 (more iterations on
  // our test curves) and sHG1G2 (other minima reached) keep Fink's start.
  const setup =
    flavor === 'HG' ? { ...finkSetup, start: leastSquaresH(design, finkSetup, finkSetup.start) } : finkSetup;
  let solution: ReturnType<typeof solveRobust>;
  try {
    solution = solveRobust(design, setup, options.maxIterations ?? DEFAULT_MAX_ITERATIONS);
  } catch (error) {
    return noFit(3, -2, `solver failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { params, termination, iterations } = solution;
  if (params.some((v) => !Number.isFinite(v)))
    return noFit(3, -2, 'solver returned non-finite parameters', iterations);

  const model = new Float64Array(n);
  const jac = new Float64Array(n * design.p);
  evaluatePhaseModel(design, params, model, jac);
  const residuals = new Float64Array(n);
  let sumSq = 0;
  for (let k = 0; k < n; k++) {
    const f = model[k] - design.magRed[k];
    residuals[k] = f;
    sumSq += f * f;
    const scale = softL1JacobianScale(f);
    for (let j = 0; j < design.p; j++) jac[k * design.p + j] *= scale;
  }
  const errors = parameterErrors(jac, n, design.p, sumSq);
  if (!errors) return noFit(4, termination, 'singular JᵀJ: parameter uncertainties undefined', iterations);

  fillFitColumns(columns, design, params, errors, residuals, obs.sigmaMag, bands);
  columns.fit = 0;
  columns.status = termination;
  const residualsMag = new Float64Array(n);
  for (let k = 0; k < n; k++) residualsMag[design.order[k]] = -residuals[k];
  return {
    flavor,
    fit: 0,
    status: termination,
    converged: termination > 0,
    reason: termination > 0 ? null : `iteration cap reached (${iterations} iterations)`,
    columns,
    parameters: params,
    residualsMag,
    iterations,
  };
}

/**
 * Residuals of the sHG1G2 fit served by `/api/v1/sso?withResiduals=True`: observed reduced magnitude minus the
 * model of its band, with the API's starting values and classic bounds.
 * @param obs the observations of one object.
 * @returns magRed - model per input point (mag), input order; all NaN when the fit fails (fit != 0), including
 *   N <= p + 1 and singular JᵀJ.
 * Reference: docs/references.md#sso-residuals.
 */
export function shg1g2Residuals(obs: PhaseObservations): Float64Array {
  const result = fitPhaseCurve('SHG1G2', obs, { gBounds: 'classic' });
  return result.residualsMag ?? new Float64Array(obs.magRed.length).fill(Number.NaN);
}
