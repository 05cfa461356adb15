/**
 * Bounded soft-L1 least squares of a phase-curve design with `ml-levenberg-marquardt`. The robust loss becomes
 * plain least squares on transformed residuals (see `soft-l1.ts`) and the analytic Jacobian is passed to the
 * solver. That solver only stops on an absolute error threshold or an iteration cap, and it keeps a step that
 * raises the cost (it only raises the damping). So the residual function watches every step: it applies SciPy's
 * termination tests (ftol with the model-agreement ratio, xtol, gtol on the projected gradient), and it stops the
 * run at the first step that raises the cost, by the one stop signal the solver has: an error of zero
 * (`errorTolerance` 0). An uphill stop restarts the solver from the best point with the damping it had, times
 * its step-up factor 11: a Levenberg-Marquardt step rejection. The best point seen is returned.
 * The solver builds matrices with one row per data point at every step; it is handed the problem compressed to
 * p + 1 rows by a triangular factor at each linearisation point (`least-squares-compression.ts`), which has the same
 * JᵀJ, Jᵀg and cost, so its steps, damping and stopping are those of the n-row problem up to rounding.
 * Reference: docs/references.md#phase-fit-recipe; ml-levenberg-marquardt 5 README (`errorTolerance`, `jacobianFunction`);
 * SciPy `optimize/_lsq/common.py` `check_termination`.
 */
import { levenbergMarquardt } from 'ml-levenberg-marquardt';
import type { ParameterSetup } from './fit-setup.js';
import {
  blockCompression,
  compressBlocks,
  gramsFromBlocks,
  zeroParameterColumn,
} from './least-squares-compression.js';
import { evaluatePhaseModel, type PhaseDesign } from './phase-design.js';
import { softL1Residual, softL1ResidualSlope } from './soft-l1.js';

/** Relative cost decrease below which a step ends the fit (SciPy ftol). */
export const FTOL = 1e-8;
/** Relative step length below which a step ends the fit (SciPy xtol). */
export const XTOL = 1e-8;
/** Projected-gradient infinity norm of the cost below which the fit ends (SciPy gtol). */
export const GTOL = 1e-8;
/**
 * Initial Levenberg-Marquardt damping, added as is to the diagonal of JᵀJ (transformed residuals in mag). It is of
 * the order of the curvature of the spin parameters of sHG1G2: with the solver's default 1e-2 the first
 * Gauss-Newton steps throw R or delta0 onto a bound where the fit stalls (33803 ends at delta0 = -90 deg, 8467 at
 * R = 1), while values from 1 to 10 reach SciPy's TRF solutions of docs/references.md#phase-fit-reference-values.
 */
const DAMPING = 1;
/** SciPy accepts ftol only when the actual over predicted cost reduction exceeds this. */
const MIN_AGREEMENT_RATIO = 0.25;
/** The solver's damping factors (defaults of ml-levenberg-marquardt 5) and its damping range. */
const DAMPING_STEP_DOWN = 9;
const DAMPING_STEP_UP = 11;
const DAMPING_RANGE: readonly [number, number] = [1e-7, 1e7];

/** SciPy-like termination: 0 iteration cap, 1 gtol, 2 ftol, 3 xtol, 4 ftol and xtol. */
export type SolverTermination = 0 | 1 | 2 | 3 | 4;

/** Outcome of `solveRobust`. */
export interface RobustSolution {
  /** Best parameter vector found, within the bounds. */
  readonly params: number[];
  /** Σ rho(f²) at `params` (soft-L1 with f_scale 1 mag; twice SciPy's `cost`). */
  readonly cost: number;
  readonly termination: SolverTermination;
  /** Solver iterations (steps computed; a restart from the last point reuses its Jacobian). */
  readonly iterations: number;
}

/**
 * Minimises Σ rho(f_i²), f = model - observed (mag), within bounds.
 * @param d the design; @param setup start and bounds; @param maxIterations cap on solver iterations, >= 1.
 * @returns the best point, its cost, the termination code and the iteration count. May throw what the solver
 *   throws (the caller maps it to fit code 3).
 * Reference: docs/references.md#phase-fit-recipe (loss soft_l1, f_scale 1, ftol = xtol = gtol = 1e-8).
 */
export function solveRobust(d: PhaseDesign, setup: ParameterSetup, maxIterations: number): RobustSolution {
  const { n, p } = d;
  // The solver sees the problem compressed to p + 1 rows (least-squares-compression.ts): same JᵀJ, Jᵀg and cost,
  // so the same steps, without its per-row matrices. Row p carries the part of the cost outside the range of J.
  const m = p + 1;
  const model = new Float64Array(n);
  const jac = new Float64Array(n * p);
  const residuals = new Float64Array(n);
  const shared = d.spinParameterCount;
  const bandWidth = (p - shared) / d.fids.length;
  const bandStart = new Int32Array(d.fids.length + 1);
  for (let k = 0; k < n; k++) bandStart[d.band[k] + 1] = k + 1;
  const compression = blockCompression(shared, bandWidth, bandStart);
  const blockWidth = bandWidth + shared + 1;
  const grad = new Float64Array(p);
  const data = { x: Float64Array.from({ length: m }, (_, k) => k), y: new Float64Array(m) };
  // The solver copies each value out as soon as it asks for it, so the buffers are reused. It evaluates every
  // point twice (error, then step): the first visit only needs the cost, given as the norm of `trial`; the
  // second linearises there and gives the compressed residuals, of the same norm.
  const trial = new Float64Array(m);
  const compressed = new Float64Array(m);
  const zeros = new Float64Array(m);
  const rows = Array.from({ length: m }, () => new Array<number>(p).fill(0));
  const trialAt = (k: number): number => trial[k];
  const compressedAt = (k: number): number => compressed[k];
  const zeroAt = (k: number): number => zeros[k];
  const rowAt = (k: number): number[] => rows[k];
  const lastParams = new Float64Array(p).fill(Number.NaN);
  let lastCost = Number.NaN;
  let isLinearised = false;
  let hasLinearisation = false;
  // State at the point of the last Jacobian (x_k): where the solver's next step starts. `rows` and `compressed`
  // hold the linearisation there until the next one.
  const xk = new Float64Array(p);
  let costK = Number.NaN;
  let hasJacobian = false;
  let best = setup.start.slice();
  let bestCost = Number.POSITIVE_INFINITY;
  let termination: SolverTermination = 0;
  let isStopping = false;
  let isUphill = false;
  let backOff: number[] | null = null;
  let downhillSteps = 0;
  let iterations = 0;

  const testStep = (params: number[], cost: number): SolverTermination => {
    let stepSq = 0;
    let xSq = 0;
    for (let j = 0; j < p; j++) {
      stepSq += (params[j] - xk[j]) ** 2;
      xSq += params[j] ** 2;
    }
    // Predicted reduction ||g_k||² - ||g_k + J_k δ||² = -(2 g_kᵀJ_k δ + ||J_k δ||²) over the compressed rows, in
    // that form (as SciPy's evaluate_quadratic) to avoid the cancellation of two nearly equal costs.
    let predicted = 0;
    for (let i = 0; i < m; i++) {
      const row = rows[i];
      let jStep = 0;
      for (let j = 0; j < p; j++) jStep += row[j] * (params[j] - xk[j]);
      predicted -= jStep * (2 * compressed[i] + jStep);
    }
    const actual = costK - cost;
    const ratio = actual / predicted;
    const isFtol = actual >= 0 && actual < FTOL * cost && ratio > MIN_AGREEMENT_RATIO;
    const isXtol = Math.sqrt(stepSq) < XTOL * (XTOL + Math.sqrt(xSq));
    return isFtol && isXtol ? 4 : isFtol ? 2 : isXtol ? 3 : 0;
  };

  /** Jacobian, gradient, gtol and active set at the last evaluated point, then its compression. */
  const linearise = (params: number[]): void => {
    // `model`, `jac` and `residuals` hold the last evaluated point, which is `params`.
    grad.fill(0);
    const residualColumn = blockWidth - 1;
    for (let b = 0; b < d.fids.length; b++) {
      const block = compression.blocks[b];
      const rowCount = bandStart[b + 1] - bandStart[b];
      const bandOffset = shared + b * bandWidth;
      for (let k = bandStart[b]; k < bandStart[b + 1]; k++) {
        const local = k - bandStart[b];
        const slope = softL1ResidualSlope(model[k] - d.magRed[k]);
        for (let j = 0; j < bandWidth; j++) block[j * rowCount + local] = slope * jac[k * p + bandOffset + j];
        for (let j = 0; j < shared; j++) block[(bandWidth + j) * rowCount + local] = slope * jac[k * p + j];
        block[residualColumn * rowCount + local] = residuals[k];
      }
    }
    gramsFromBlocks(compression);
    // The cost gradient Jᵀg is the residual column of the Gram matrices.
    for (let b = 0; b < d.fids.length; b++) {
      const gram = compression.grams[b];
      const bandOffset = shared + b * bandWidth;
      for (let j = 0; j < bandWidth; j++) grad[bandOffset + j] = gram[j * blockWidth + residualColumn];
      for (let j = 0; j < shared; j++) grad[j] += gram[(bandWidth + j) * blockWidth + residualColumn];
    }
    xk.set(params);
    costK = lastCost;
    hasJacobian = true;
    if (projectedNorm(grad, params, setup) < GTOL) {
      termination = 1;
      isStopping = true;
    }
    // Active set: a parameter on a bound that the gradient pushes outward gets a zero column, so the solver's step
    // leaves it there instead of computing the other components for a move that the clamp then cancels (which
    // makes such steps go uphill, every other iteration, until the cap).
    for (let j = 0; j < p; j++) {
      if (isBlocked(grad[j], params[j], setup.lower[j], setup.upper[j])) zeroParameterColumn(compression, j);
    }
    compressBlocks(compression, rows, compressed);
    isLinearised = true;
    hasLinearisation = true;
  };

  const transformed = (params: number[]): ((k: number) => number) => {
    if (isStopping) return zeroAt;
    let isSame = true;
    for (let j = 0; j < p; j++) isSame &&= params[j] === lastParams[j];
    if (isSame) {
      if (!isLinearised) linearise(params);
      return compressedAt;
    }
    // A restart from the last linearisation point (after an uphill step) reuses it: same cost, same Jacobian.
    let isAtLinearisation = hasLinearisation;
    for (let j = 0; j < p; j++) isAtLinearisation &&= params[j] === xk[j];
    if (isAtLinearisation) {
      lastParams.set(params);
      lastCost = costK;
      isLinearised = true;
      return compressedAt;
    }
    // The Jacobian costs little more than the model (no logarithm) and saves a second evaluation when the point
    // is accepted and linearised.
    evaluatePhaseModel(d, params, model, jac);
    let cost = 0;
    for (let k = 0; k < n; k++) {
      const gValue = softL1Residual(model[k] - d.magRed[k]);
      residuals[k] = gValue;
      cost += gValue * gValue;
    }
    lastParams.set(params);
    lastCost = cost;
    isLinearised = false;
    trial[0] = Math.sqrt(cost);
    if (hasJacobian) {
      termination = Number.isFinite(cost) ? testStep(params, cost) : 0;
      isUphill = !(cost <= costK);
      backOff =
        termination === 0 && !isUphill ? backOffFromBound(params, xk, setup, d.spinParameterCount) : null;
    }
    if (cost < bestCost && !backOff) {
      best = params.slice();
      bestCost = cost;
    }
    if (hasJacobian) {
      if (termination !== 0 || isUphill || backOff) {
        isStopping = true;
        return zeroAt;
      }
      downhillSteps++;
    }
    return trialAt;
  };

  const jacobian = (params: number[]): ((k: number) => number[]) => {
    iterations++;
    // The solver asks for the Jacobian right after the residuals at the same point, which linearised there.
    if (!isLinearised) linearise(params);
    hasJacobian = true;
    return rowAt;
  };

  let damping = DAMPING;
  while (iterations < maxIterations) {
    isStopping = false;
    isUphill = false;
    hasJacobian = false;
    isLinearised = false;
    const start = backOff ?? best;
    backOff = null;
    downhillSteps = 0;
    levenbergMarquardt(data, transformed, {
      initialValues: start,
      minValues: setup.lower,
      maxValues: setup.upper,
      jacobianFunction: jacobian,
      damping,
      maxIterations: maxIterations - iterations,
      errorTolerance: 0,
    });
    if (backOff) {
      damping = Math.max(damping / DAMPING_STEP_DOWN ** downhillSteps, DAMPING_RANGE[0]);
      continue;
    }
    if (!isUphill || termination !== 0) break;
    // The damping the solver had when it took the uphill step, then its step-up.
    damping = Math.max(damping / DAMPING_STEP_DOWN ** downhillSteps, DAMPING_RANGE[0]) * DAMPING_STEP_UP;
    damping = Math.min(damping, DAMPING_RANGE[1]);
  }
  return { params: best, cost: bestCost, termination, iterations };
}

/**
 * When a step puts a spin parameter (R, alpha0, delta0) onto a bound it was not on, the point halfway along the
 * step; null otherwise. On those bounds the fit degenerates (R = 1 removes the spin term, delta0 = ±90 deg makes
 * alpha0 meaningless), so, like SciPy's strictly feasible TRF iterates, the fit must not land there in one step.
 */
function backOffFromBound(
  params: number[],
  from: Float64Array,
  setup: ParameterSetup,
  spinCount: number,
): number[] | null {
  for (let j = 0; j < spinCount; j++) {
    const isOnBound = params[j] <= setup.lower[j] || params[j] >= setup.upper[j];
    const wasInside = from[j] > setup.lower[j] && from[j] < setup.upper[j];
    if (isOnBound && wasInside) return params.map((v, i) => (v + from[i]) / 2);
  }
  return null;
}

/** True when a parameter sits on a bound and the cost gradient (Σ g ∂g/∂θ) pushes it outward. */
function isBlocked(grad: number, x: number, lower: number, upper: number): boolean {
  return (x <= lower && grad > 0) || (x >= upper && grad < 0);
}

/** Infinity norm of a cost gradient with the components pushing out of an active bound set to 0. */
function projectedNorm(grad: Float64Array, x: ArrayLike<number>, setup: ParameterSetup): number {
  let worst = 0;
  for (let j = 0; j < grad.length; j++) {
    if (!isBlocked(grad[j], x[j], setup.lower[j], setup.upper[j])) worst = Math.max(worst, Math.abs(grad[j]));
  }
  return worst;
}
