/**
 * Heliocentric trajectories of small bodies over a time span, three ways: Bulirsch-Stoer integration under the
 * Sun and the eight planets with tabulated planets and quintic Hermite dense output (`planet-propagation.ts`);
 * astronomy-engine's `GravitySimulator` (the same forces, second-order fixed step, forward and backward from the
 * element epoch) cached on a regular grid of states with cubic Hermite interpolation; or the two-body orbit.
 * Pure (the simulator is local to a call; the planet table's memo cannot change results).
 * Reference: docs/references.md#ephemeris-algorithm step 3 and #ephemeris-accuracy (1-day step: 0.45" over 945 days; 4-day step: 6").
 */
import { AstroTime, Body, GravitySimulator, StateVector } from 'astronomy-engine';
import type { OrbitElements } from '../orbit.js';
import { JD_J2000, type StateVector6 } from './frames.js';
import { type IntegratedTrajectory, integrateWithPlanets } from './planet-propagation.js';
import { quinticHermiteAt } from './quintic-hermite.js';
import { twoBodyState } from './two-body.js';

/**
 * How the orbit is propagated.
 * - `bulirsch-stoer` (default): Sun and planets (Mercury to Neptune, Earth-Moon mass on the Earth), adaptive
 *   Bulirsch-Stoer at 1e-12 relative tolerance, tabulated planets, any span (`planet-propagation.ts`).
 * - `nbody`: the same forces integrated by astronomy-engine's `GravitySimulator` (second order, fixed step
 *   `stepDays`); kept for comparison: its 1-day step errs by up to ~1" over 3 years for inner main-belt orbits.
 * - `twobody`: Sun only. Adequate only within about 2 months of the element epoch for main-belt asteroids
 *   (0.25-0.75" over 20-74 days, but ~170" after 945 days, docs/references.md#ephemeris-accuracy); use it for short spans, for
 *   orbits whose epoch is close to the requested times, or for self-checks.
 */
export type PropagationMode = 'bulirsch-stoer' | 'nbody' | 'twobody';

/** Default propagation mode. */
export const DEFAULT_PROPAGATION: PropagationMode = 'bulirsch-stoer';

/** Default integration step (days), docs/references.md#ephemeris-algorithm step 3. */
export const DEFAULT_STEP_DAYS = 1;

/** A perturbed trajectory: states on the grid epochJdTt + k stepDays, k = firstIndex .. firstIndex + nodeCount - 1. */
export interface NbodyTrajectory {
  readonly kind: 'nbody';
  readonly elements: OrbitElements;
  /** Grid step (days). */
  readonly stepDays: number;
  /** JD (TT) of the first node. */
  readonly firstJdTt: number;
  /** Number of nodes (>= 2). */
  readonly nodeCount: number;
  /** Six values per node: x, y, z (AU) and vx, vy, vz (AU/day), heliocentric EQJ. */
  readonly states: Float64Array;
}

/** A two-body trajectory: the conic itself, valid at any time. */
export interface TwoBodyTrajectory {
  readonly kind: 'twobody';
  readonly elements: OrbitElements;
}

/** A heliocentric trajectory, from `propagateOrbits`. */
export type Trajectory = IntegratedTrajectory | NbodyTrajectory | TwoBodyTrajectory;

/** Options of `propagateOrbits`. */
export interface PropagationOptions {
  /** Default `bulirsch-stoer`. */
  readonly propagation?: PropagationMode;
  /**
   * Integration step of the `nbody` mode (days), in (0, 1]; default 1. Smaller for close approaches to a
   * planet. The `bulirsch-stoer` mode chooses its own steps (the value is validated all the same).
   */
  readonly stepDays?: number;
}

/**
 * Propagates orbits over a time span. In the `nbody` mode, orbits that share an element epoch are integrated
 * together in one simulator (the planets are computed once per step for all of them); in the `bulirsch-stoer`
 * mode each orbit is integrated alone and the planets come from a table shared by all calls.
 * @param elements orbits (perihelion form, J2000 ecliptic).
 * @param startJdTt first time needed (JD TT); @param endJdTt last time needed (JD TT), >= startJdTt. Callers
 *   add the light time (Dobs / c) they need before startJdTt.
 * @returns one trajectory per orbit, in order. An integrated trajectory covers [startJdTt, endJdTt] and the
 *   element epoch (a `bulirsch-stoer` one may stop early at an unresolvable encounter: `converged: false`); a
 *   two-body trajectory covers all times.
 * @throws RangeError when stepDays is not in (0, 1] or the span is empty or not finite, or when an orbit has
 *   no two-body state at its epoch (q <= 0, e < 0).
 * Reference: docs/references.md#ephemeris-algorithm step 3.
 */
export function propagateOrbits(
  elements: readonly OrbitElements[],
  startJdTt: number,
  endJdTt: number,
  options: PropagationOptions = {},
): Trajectory[] {
  const mode = options.propagation ?? DEFAULT_PROPAGATION;
  const stepDays = options.stepDays ?? DEFAULT_STEP_DAYS;
  if (!(stepDays > 0 && stepDays <= 1))
    throw new RangeError(`propagateOrbits: stepDays ${stepDays} not in (0, 1]`);
  if (!(Number.isFinite(startJdTt) && Number.isFinite(endJdTt) && endJdTt >= startJdTt)) {
    throw new RangeError(`propagateOrbits: bad span [${startJdTt}, ${endJdTt}]`);
  }
  if (mode === 'twobody') return elements.map((el) => ({ kind: 'twobody', elements: el }));
  if (mode === 'bulirsch-stoer') return elements.map((el) => integrateWithPlanets(el, startJdTt, endJdTt));
  const out = new Array<Trajectory>(elements.length);
  const byEpoch = new Map<number, number[]>();
  elements.forEach((el, i) => {
    const group = byEpoch.get(el.epochJdTt);
    if (group) group.push(i);
    else byEpoch.set(el.epochJdTt, [i]);
  });
  for (const [epochJdTt, indices] of byEpoch) {
    const group = indices.map((i) => elements[i]);
    const trajectories = integrateGroup(group, epochJdTt, startJdTt, endJdTt, stepDays);
    indices.forEach((i, k) => {
      out[i] = trajectories[k];
    });
  }
  return out;
}

/** Integrates orbits sharing one epoch over the grid covering [start, end] and the epoch. */
function integrateGroup(
  group: readonly OrbitElements[],
  epochJdTt: number,
  startJdTt: number,
  endJdTt: number,
  stepDays: number,
): NbodyTrajectory[] {
  const firstIndex = Math.min(0, Math.floor((startJdTt - epochJdTt) / stepDays));
  const lastIndex = Math.max(1, Math.ceil((endJdTt - epochJdTt) / stepDays));
  const nodeCount = lastIndex - firstIndex + 1;
  const states = group.map(() => new Float64Array(6 * nodeCount));
  const epochTime = AstroTime.FromTerrestrialTime(epochJdTt - JD_J2000);
  const initial = group.map((el) => {
    const s = twoBodyState(el, epochJdTt);
    if (s === null) throw new RangeError(`propagateOrbits: no state for q=${el.qAu} e=${el.e}`);
    return new StateVector(s.x, s.y, s.z, s.vx, s.vy, s.vz, epochTime);
  });
  const epochNode = -firstIndex;
  initial.forEach((s, b) => {
    writeNode(states[b], epochNode, s);
  });
  for (const direction of [1, -1] as const) {
    const steps = direction === 1 ? lastIndex : -firstIndex;
    if (steps === 0) continue;
    const sim = new GravitySimulator(Body.Sun, epochTime, initial);
    for (let k = 1; k <= steps; k++) {
      const node = epochNode + direction * k;
      const time = AstroTime.FromTerrestrialTime(epochJdTt + direction * k * stepDays - JD_J2000);
      const result = sim.Update(time);
      result.forEach((s, b) => {
        writeNode(states[b], node, s);
      });
    }
  }
  return group.map((el, b) => ({
    kind: 'nbody',
    elements: el,
    stepDays,
    firstJdTt: epochJdTt + firstIndex * stepDays,
    nodeCount,
    states: states[b],
  }));
}

function writeNode(buffer: Float64Array, node: number, s: StateVector): void {
  const o = 6 * node;
  buffer[o] = s.x;
  buffer[o + 1] = s.y;
  buffer[o + 2] = s.z;
  buffer[o + 3] = s.vx;
  buffer[o + 4] = s.vy;
  buffer[o + 5] = s.vz;
}

/**
 * Heliocentric state on a trajectory at a time, written into `out`.
 * @param jdTt time (JD TT).
 * @param out receives x, y, z (AU) and vx, vy, vz (AU/day), EQJ (length >= 6).
 * @returns false (and `out` untouched) when jdTt is outside an integrated trajectory's nodes or the two-body
 *   state does not exist; true otherwise.
 * Reference: `bulirsch-stoer`: quintic Hermite on position, velocity and acceleration (`quintic-hermite.ts`);
 *   `nbody`: cubic Hermite interpolation of position and velocity (error ~ h^4 |r''''| / 384 for step h:
 *   below 1e-9 AU for main-belt orbits with h = 1 day).
 */
export function trajectoryStateAt(trajectory: Trajectory, jdTt: number, out: Float64Array): boolean {
  if (trajectory.kind === 'bulirsch-stoer') {
    return quinticHermiteAt(trajectory.nodeJdTt, trajectory.nodes, jdTt, out);
  }
  if (trajectory.kind === 'twobody') {
    const s = twoBodyState(trajectory.elements, jdTt);
    if (s === null) return false;
    out[0] = s.x;
    out[1] = s.y;
    out[2] = s.z;
    out[3] = s.vx;
    out[4] = s.vy;
    out[5] = s.vz;
    return true;
  }
  const { stepDays: h, firstJdTt, nodeCount, states } = trajectory;
  const u = (jdTt - firstJdTt) / h;
  if (!(u >= 0 && u <= nodeCount - 1)) return false;
  const node = Math.min(Math.floor(u), nodeCount - 2);
  const s = u - node;
  const s2 = s * s;
  const s3 = s2 * s;
  const h00 = 2 * s3 - 3 * s2 + 1;
  const h10 = (s3 - 2 * s2 + s) * h;
  const h01 = -2 * s3 + 3 * s2;
  const h11 = (s3 - s2) * h;
  const d00 = (6 * s2 - 6 * s) / h;
  const d10 = 3 * s2 - 4 * s + 1;
  const d01 = (-6 * s2 + 6 * s) / h;
  const d11 = 3 * s2 - 2 * s;
  const a = 6 * node;
  const b = a + 6;
  for (let c = 0; c < 3; c++) {
    const p0 = states[a + c];
    const v0 = states[a + 3 + c];
    const p1 = states[b + c];
    const v1 = states[b + 3 + c];
    out[c] = h00 * p0 + h10 * v0 + h01 * p1 + h11 * v1;
    out[c + 3] = d00 * p0 + d10 * v0 + d01 * p1 + d11 * v1;
  }
  return true;
}

/**
 * Heliocentric state on a trajectory at a time, as a record; see `trajectoryStateAt`.
 * @returns position (AU) and velocity (AU/day), EQJ, or null outside the trajectory.
 */
export function trajectoryState(trajectory: Trajectory, jdTt: number): StateVector6 | null {
  const out = new Float64Array(6);
  if (!trajectoryStateAt(trajectory, jdTt, out)) return null;
  return { x: out[0], y: out[1], z: out[2], vx: out[3], vy: out[4], vz: out[5] };
}
