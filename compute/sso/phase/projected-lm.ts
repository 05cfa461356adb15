/**
 * A small Levenberg–Marquardt least-squares solver for models given as a residual function: forward-difference
 * Jacobian, Marquardt scaling of the damping, steps projected onto the feasible set by a caller-given function
 * (bounds, wrapped angles, ordered ratios), step rejection when the cost rises, and SciPy-like termination codes.
 * Used by the SOCCA fit, whose residuals have no cheap analytic Jacobian. Pure.
 * Reference: Madsen, Nielsen & Tingleff 2004, "Methods for non-linear least squares problems" (DTU), §3.2
 * (damping update); Moré 1978, LNM 630, 105 (Marquardt scaling); SciPy `optimize/_lsq/common.py` (codes).
 */
import { invertSymmetricPositive } from './covariance.js';

/** Termination: 0 iteration cap, 1 gradient small, 2 relative cost change small, 3 step small. */
export type LmTermination = 0 | 1 | 2 | 3;

/** A least-squares problem. */
export interface LmProblem {
  /** Number of residuals. */
  readonly n: number;
  /** Writes the residuals (model − observed) at `params` into `out` (length n). */
  readonly residuals: (params: Float64Array, out: Float64Array) => void;
  /** Moves `params` in place onto the feasible set. */
  readonly project: (params: Float64Array) => void;
  /** Finite-difference step of each parameter (in its own unit), > 0. */
  readonly differenceSteps: ArrayLike<number>;
  /**
   * Jacobian columns known analytically: writes ∂r/∂x_j into jac (row-major n × p) for the columns it knows and
   * returns true for those; the others are forward differences. Optional.
   */
  readonly analyticColumns?: (params: Float64Array, jac: Float64Array) => ReadonlySet<number>;
}

/** Outcome of `solveLeastSquares`. */
export interface LmSolution {
  readonly params: Float64Array;
  /** Σ residual² at `params`. */
  readonly cost: number;
  readonly termination: LmTermination;
  readonly iterations: number;
  /** Residuals at `params`. */
  readonly residuals: Float64Array;
  /** Forward-difference Jacobian at `params`, row-major n × p. */
  readonly jacobian: Float64Array;
}

/** Relative cost change, relative step and gradient norm below which the solver stops (SciPy's defaults). */
export const LM_TOLERANCE = 1e-8;
const INITIAL_DAMPING = 1e-3;
const DAMPING_DOWN = 3;
const DAMPING_UP = 4;
const MAX_DAMPING = 1e12;

function sumSquares(v: Float64Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return s;
}

/** Forward-difference Jacobian of the residuals at x (x projected first). */
function jacobianAt(problem: LmProblem, x: Float64Array, f: Float64Array, jac: Float64Array): void {
  const { n } = problem;
  const p = x.length;
  const shifted = new Float64Array(n);
  const trial = new Float64Array(p);
  const known = problem.analyticColumns?.(x, jac);
  for (let j = 0; j < p; j++) {
    if (known?.has(j)) continue;
    trial.set(x);
    trial[j] += problem.differenceSteps[j];
    problem.project(trial);
    let h = trial[j] - x[j];
    if (h === 0) {
      trial.set(x);
      trial[j] -= problem.differenceSteps[j];
      problem.project(trial);
      h = trial[j] - x[j];
    }
    if (h === 0) {
      for (let k = 0; k < n; k++) jac[k * p + j] = 0;
      continue;
    }
    problem.residuals(trial, shifted);
    for (let k = 0; k < n; k++) jac[k * p + j] = (shifted[k] - f[k]) / h;
  }
}

/**
 * Minimises Σ r(x)² from a start point.
 * @param problem residuals, projection and difference steps; @param start p starting values (projected first).
 * @param maxIterations cap on accepted and rejected steps together, >= 1.
 * @returns the best feasible point and its residuals and Jacobian; non-finite residuals at the start give a cost of
 *   NaN and termination 0 after no iteration (the caller reports the failure).
 */
export function solveLeastSquares(
  problem: LmProblem,
  start: ArrayLike<number>,
  maxIterations: number,
): LmSolution {
  const p = start.length;
  const n = problem.n;
  let x = Float64Array.from(start);
  problem.project(x);
  let f = new Float64Array(n);
  problem.residuals(x, f);
  let cost = sumSquares(f);
  const jac = new Float64Array(n * p);
  if (!Number.isFinite(cost))
    return { params: x, cost: Number.NaN, termination: 0, iterations: 0, residuals: f, jacobian: jac };
  jacobianAt(problem, x, f, jac);
  const jtj = new Float64Array(p * p);
  const grad = new Float64Array(p);
  const normal = (): void => {
    jtj.fill(0);
    grad.fill(0);
    for (let k = 0; k < n; k++) {
      const row = k * p;
      for (let i = 0; i < p; i++) {
        const ji = jac[row + i];
        if (ji === 0) continue;
        grad[i] += ji * f[k];
        for (let j = 0; j <= i; j++) jtj[i * p + j] += ji * jac[row + j];
      }
    }
    for (let i = 0; i < p; i++) for (let j = 0; j < i; j++) jtj[j * p + i] = jtj[i * p + j];
  };
  normal();
  let damping = INITIAL_DAMPING;
  const trial = new Float64Array(p);
  const fTrial = new Float64Array(n);
  const damped = new Float64Array(p * p);
  let termination: LmTermination = 0;
  let iterations = 0;
  while (iterations < maxIterations) {
    let gradNorm = 0;
    for (let i = 0; i < p; i++) gradNorm = Math.max(gradNorm, Math.abs(grad[i]));
    if (gradNorm < LM_TOLERANCE) {
      termination = 1;
      break;
    }
    iterations++;
    damped.set(jtj);
    for (let i = 0; i < p; i++) damped[i * p + i] += damping * Math.max(jtj[i * p + i], 1e-12);
    const inv = invertSymmetricPositive(damped, p);
    if (!inv) {
      damping *= DAMPING_UP;
      if (damping > MAX_DAMPING) break;
      continue;
    }
    let stepNorm = 0;
    let xNorm = 0;
    for (let i = 0; i < p; i++) {
      let s = 0;
      for (let j = 0; j < p; j++) s -= inv[i * p + j] * grad[j];
      trial[i] = x[i] + s;
    }
    problem.project(trial);
    for (let i = 0; i < p; i++) {
      stepNorm += (trial[i] - x[i]) ** 2;
      xNorm += x[i] * x[i];
    }
    problem.residuals(trial, fTrial);
    const trialCost = sumSquares(fTrial);
    if (Number.isFinite(trialCost) && trialCost < cost) {
      const relativeDecrease = (cost - trialCost) / cost;
      x = Float64Array.from(trial);
      f = Float64Array.from(fTrial);
      cost = trialCost;
      damping = Math.max(damping / DAMPING_DOWN, 1e-12);
      jacobianAt(problem, x, f, jac);
      normal();
      const small = Math.sqrt(stepNorm) < LM_TOLERANCE * (LM_TOLERANCE + Math.sqrt(xNorm));
      if (relativeDecrease < LM_TOLERANCE) {
        termination = 2;
        break;
      }
      if (small) {
        termination = 3;
        break;
      }
    } else {
      damping *= DAMPING_UP;
      if (damping > MAX_DAMPING || Math.sqrt(stepNorm) < LM_TOLERANCE * (LM_TOLERANCE + Math.sqrt(xNorm))) {
        termination = 3;
        break;
      }
    }
  }
  return { params: x, cost, termination, iterations, residuals: f, jacobian: jac };
}
