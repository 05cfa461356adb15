/**
 * Adaptive Bulirsch-Stoer integration of a heliocentric orbit (second-order equations r'' = a(t, r)): Störmer's
 * rule on 2, 4, 6, ... substeps, polynomial extrapolation to zero substep in h^2, and step-size and order
 * selection from the extrapolation error. Every accepted step is kept as a node (time, position, velocity,
 * acceleration) for quintic Hermite dense output. Pure (the acceleration function is a parameter).
 * Reference: Bulirsch & Stoer 1966, Numer. Math. 8, 1; Deuflhard 1983, Numer. Math. 41, 399 (order and step
 *   control); Press et al. 2007, Numerical Recipes 3rd ed., §17.3-17.3.3 (Störmer's rule, `StepperBS`).
 */
import type { AccelerationFunction } from './planet-table.js';

/** Substeps of the successive extrapolation columns (Deuflhard's even sequence). */
const SUBSTEPS = [2, 4, 6, 8, 10, 12, 14, 16] as const;
/** Force evaluations up to and including each column (the one at the start of the step is shared). */
const WORK = SUBSTEPS.map((_, j) => SUBSTEPS.slice(0, j + 1).reduce((s, n) => s + n, 0) + 1);
/** Safety factors of the step-size formula H (SAFETY_2 / err)^(1 / (2j + 1)) (Numerical Recipes §17.3.2). */
const SAFETY_1 = 0.94;
const SAFETY_2 = 0.65;
/** Bounds on the step change between consecutive steps. */
const MAX_GROWTH = 4;
const MIN_SHRINK = 0.2;
/**
 * First column (0-based) at which a step may be accepted: order 2 (j + 1) extrapolation, whose larger steps cost
 * fewer evaluations per day than the lower columns at tolerances near 1e-12.
 */
const MIN_ACCEPT_COLUMN = 3;
/** Smallest step (days) before giving up (a collision or a singular start). */
const MIN_STEP_DAYS = 1e-9;
/** Largest number of attempted steps for one integration. */
const MAX_ATTEMPTS = 200_000;

/** Options of `integrateOrbit`. */
export interface BulirschStoerOptions {
  /** Relative tolerance of one step, on position (scale |r|) and velocity (scale |v|); e.g. 1e-12. */
  readonly toleranceRel: number;
  /** Largest step (days), > 0. */
  readonly maxStepDays: number;
  /**
   * Largest heliocentric mean-motion angle per step (rad): |H| <= maxStepAngleRad r^1.5 / sqrt(GM). Keeps the
   * quintic Hermite dense output accurate (error ~ (n H)^6 r / 46080) wherever the orbit is fast.
   */
  readonly maxStepAngleRad: number;
  /** GM of the central body (AU^3/day^2), for the angle bound. */
  readonly centralGm: number;
}

/** Nodes of an integrated orbit, in the order integrated (away from the start). */
export interface IntegratedOrbit {
  /** Node times (TT days since J2000), the start first; monotonic in the direction of integration. */
  readonly nodeTtDays: Float64Array;
  /** Nine values per node: x, y, z (AU), vx, vy, vz (AU/day), ax, ay, az (AU/day^2). */
  readonly nodes: Float64Array;
  /** False when the step fell below 1e-9 day or the attempt budget ran out; the nodes stop there. */
  readonly converged: boolean;
  /** Accepted steps. */
  readonly steps: number;
  /** Acceleration evaluations. */
  readonly evaluations: number;
}

/**
 * Integrates an orbit from a start state to an end time, forward or backward.
 * @param acceleration heliocentric acceleration a(t, r) (AU/day^2).
 * @param startTtDays start time (TT days since J2000); @param endTtDays end time (either side of the start).
 * @param state position (AU) and velocity (AU/day) at the start, 6 values.
 * @returns the nodes (the last exactly at endTtDays when converged) and counters.
 * Reference: see the file comment.
 */
export function integrateOrbit(
  acceleration: AccelerationFunction,
  startTtDays: number,
  endTtDays: number,
  state: ArrayLike<number>,
  options: BulirschStoerOptions,
): IntegratedOrbit {
  const direction = endTtDays >= startTtDays ? 1 : -1;
  const times: number[] = [startTtDays];
  const values: number[] = [];
  const y = Float64Array.from({ length: 6 }, (_, i) => state[i]);
  const a = new Float64Array(3);
  acceleration(startTtDays, y[0], y[1], y[2], a);
  let evaluations = 1;
  pushNode(values, y, a);
  const table = new Float64Array(SUBSTEPS.length * SUBSTEPS.length * 6);
  const trial = new Float64Array(6);
  const scratch = new Float64Array(3);
  let t = startTtDays;
  let stepDays = Math.min(options.maxStepDays, 1);
  let steps = 0;
  let converged = true;
  for (let attempt = 0; direction * (endTtDays - t) > 0; attempt++) {
    if (attempt >= MAX_ATTEMPTS || stepDays < MIN_STEP_DAYS) {
      converged = false;
      break;
    }
    const r = Math.hypot(y[0], y[1], y[2]);
    const angleLimit = (options.maxStepAngleRad * r * Math.sqrt(r)) / Math.sqrt(options.centralGm);
    stepDays = Math.min(stepDays, options.maxStepDays, angleLimit);
    const remaining = direction * (endTtDays - t);
    const isLast = stepDays >= remaining;
    const h = direction * (isLast ? remaining : stepDays);
    const scalePos = options.toleranceRel * r;
    const scaleVel = options.toleranceRel * Math.hypot(y[3], y[4], y[5]);
    let accepted = -1;
    let bestWork = Number.POSITIVE_INFINITY;
    let nextStep = Math.abs(h) * MIN_SHRINK;
    let lastError = Number.POSITIVE_INFINITY;
    for (let j = 0; j < SUBSTEPS.length; j++) {
      evaluations += stormer(acceleration, t, h, SUBSTEPS[j], y, a, trial, scratch);
      const row = j * SUBSTEPS.length * 6;
      table.set(trial, row);
      for (let k = 1; k <= j; k++) {
        const factor = (SUBSTEPS[j] / SUBSTEPS[j - k]) ** 2 - 1;
        const cur = row + k * 6;
        const left = row + (k - 1) * 6;
        const up = (j - 1) * SUBSTEPS.length * 6 + (k - 1) * 6;
        for (let i = 0; i < 6; i++)
          table[cur + i] = table[left + i] + (table[left + i] - table[up + i]) / factor;
      }
      if (j === 0) continue;
      const best = row + j * 6;
      const prev = row + (j - 1) * 6;
      const dPos = Math.hypot(
        table[best] - table[prev],
        table[best + 1] - table[prev + 1],
        table[best + 2] - table[prev + 2],
      );
      const dVel = Math.hypot(
        table[best + 3] - table[prev + 3],
        table[best + 4] - table[prev + 4],
        table[best + 5] - table[prev + 5],
      );
      const error = Math.max(dPos / scalePos, dVel / scaleVel, 1e-30);
      lastError = error;
      const factor = Math.min(
        MAX_GROWTH,
        Math.max(MIN_SHRINK, SAFETY_1 * (SAFETY_2 / error) ** (1 / (2 * j + 1))),
      );
      const work = WORK[j] / factor;
      if (work < bestWork) {
        bestWork = work;
        nextStep = Math.abs(h) * factor;
      }
      if (error <= 1 && j >= MIN_ACCEPT_COLUMN) {
        accepted = j;
        break;
      }
    }
    if (accepted < 0) {
      stepDays = Math.abs(h) * Math.max(MIN_SHRINK, Math.min(0.5, SAFETY_2 / lastError));
      continue;
    }
    const best = accepted * SUBSTEPS.length * 6 + accepted * 6;
    for (let i = 0; i < 6; i++) y[i] = table[best + i];
    t = isLast ? endTtDays : t + h;
    acceleration(t, y[0], y[1], y[2], a);
    evaluations++;
    steps++;
    times.push(t);
    pushNode(values, y, a);
    stepDays = nextStep;
  }
  return {
    nodeTtDays: Float64Array.from(times),
    nodes: Float64Array.from(values),
    converged,
    steps,
    evaluations,
  };
}

function pushNode(values: number[], y: Float64Array, a: Float64Array): void {
  values.push(y[0], y[1], y[2], y[3], y[4], y[5], a[0], a[1], a[2]);
}

/**
 * Störmer's rule over one step H in n substeps (second-order equations, error expansion in even powers of
 * H / n), from position y[0..2], velocity y[3..5] and acceleration a0 at t; writes the end state into `out`.
 * @returns the number of acceleration evaluations (n).
 * Reference: Numerical Recipes 3rd ed., eq. 17.3.21-17.3.23.
 */
function stormer(
  acceleration: AccelerationFunction,
  t: number,
  stepDays: number,
  n: number,
  y: Float64Array,
  a0: Float64Array,
  out: Float64Array,
  acc: Float64Array,
): number {
  const h = stepDays / n;
  const h2 = h * h;
  let dx = h * (y[3] + 0.5 * h * a0[0]);
  let dy = h * (y[4] + 0.5 * h * a0[1]);
  let dz = h * (y[5] + 0.5 * h * a0[2]);
  let x = y[0] + dx;
  let yy = y[1] + dy;
  let z = y[2] + dz;
  for (let m = 1; m < n; m++) {
    acceleration(t + m * h, x, yy, z, acc);
    dx += h2 * acc[0];
    dy += h2 * acc[1];
    dz += h2 * acc[2];
    x += dx;
    yy += dy;
    z += dz;
  }
  acceleration(t + stepDays, x, yy, z, acc);
  out[0] = x;
  out[1] = yy;
  out[2] = z;
  out[3] = dx / h + 0.5 * h * acc[0];
  out[4] = dy / h + 0.5 * h * acc[1];
  out[5] = dz / h + 0.5 * h * acc[2];
  return n;
}
