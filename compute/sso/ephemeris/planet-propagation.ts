/**
 * Perturbed propagation of one orbit under the Sun and the eight planets: Bulirsch-Stoer integration
 * (`bulirsch-stoer.ts`) forward and backward from the element epoch in the barycentric frame of astronomy-engine's
 * `GravitySimulator` (same forces and barycentre, so the two modes agree to the simulator's step error), planets
 * from the memoised Chebyshev table (`planet-table.ts`); nodes converted back to heliocentric states for quintic
 * Hermite dense output. Pure (results do not depend on the memo's state).
 *
 * Limits: Newtonian point masses (no relativity, no asteroid masses, no non-gravitational forces for comets).
 * The step control follows close approaches to a planet automatically (the step shrinks with the extrapolation
 * error), but the Earth is a point of Earth+Moon mass at the Earth's centre, so encounters within ~0.01 AU of
 * the Earth (inside the Moon's reach, 0.0026 AU) are not modelled faithfully; an encounter that would need a
 * step below 1e-9 day ends the trajectory there (`converged: false`).
 * Reference: docs/references.md#ephemeris-algorithm step 3 (planetary perturbations, cached states, Hermite interpolation).
 */
import type { OrbitElements } from '../orbit.js';
import { integrateOrbit } from './bulirsch-stoer.js';
import { JD_J2000 } from './frames.js';
import {
  barycentreStateAt,
  createBarycentricAcceleration,
  createPlanetPositions,
  SUN_GM,
} from './planet-table.js';
import { twoBodyState } from './two-body.js';

/** Relative tolerance of one integration step (position scale |r|, velocity scale |v|). */
export const BS_TOLERANCE_REL = 1e-12;
/** Largest integration step (days). */
export const BS_MAX_STEP_DAYS = 32;
/**
 * Largest heliocentric mean-motion angle per step (rad): nodes every <= 0.1 r^1.5 / k days (6 days at 1 AU,
 * 26 days at 2.7 AU), where the quintic Hermite dense output errs by < (0.1)^6 r / 46080 = 2e-11 r.
 */
export const BS_MAX_STEP_ANGLE_RAD = 0.1;

/** A trajectory integrated by `integrateWithPlanets`: irregular nodes with quintic Hermite dense output. */
export interface IntegratedTrajectory {
  readonly kind: 'bulirsch-stoer';
  readonly elements: OrbitElements;
  /** Node times (JD TT), strictly increasing; the element epoch is one of them. */
  readonly nodeJdTt: Float64Array;
  /** Nine values per node: x, y, z (AU), vx, vy, vz (AU/day), ax, ay, az (AU/day^2), heliocentric EQJ. */
  readonly nodes: Float64Array;
  /** False when an integration stopped early (see the file comment); the nodes cover what was reached. */
  readonly converged: boolean;
  /** Acceleration evaluations spent (both directions). */
  readonly evaluations: number;
}

/**
 * Integrates one orbit over a time span and its element epoch.
 * @param elements orbit (perihelion form, J2000 ecliptic).
 * @param startJdTt first time needed (JD TT); @param endJdTt last time needed (JD TT), >= startJdTt.
 * @returns nodes covering [min(startJdTt, epoch), max(endJdTt, epoch, that minimum + 1 day)] unless
 *   `converged` is false.
 * @throws RangeError when the orbit has no two-body state at its epoch (q <= 0, e < 0).
 * Reference: see the file comment.
 */
export function integrateWithPlanets(
  elements: OrbitElements,
  startJdTt: number,
  endJdTt: number,
): IntegratedTrajectory {
  const s = twoBodyState(elements, elements.epochJdTt);
  if (s === null) throw new RangeError(`propagateOrbits: no state for q=${elements.qAu} e=${elements.e}`);
  const epochTtDays = elements.epochJdTt - JD_J2000;
  const planetPositions = createPlanetPositions();
  const bary = new Float64Array(9);
  barycentreStateAt(planetPositions, epochTtDays, bary);
  const initial = [
    s.x - bary[0],
    s.y - bary[1],
    s.z - bary[2],
    s.vx - bary[3],
    s.vy - bary[4],
    s.vz - bary[5],
  ];
  const acceleration = createBarycentricAcceleration(planetPositions);
  const options = {
    toleranceRel: BS_TOLERANCE_REL,
    maxStepDays: BS_MAX_STEP_DAYS,
    maxStepAngleRad: BS_MAX_STEP_ANGLE_RAD,
    centralGm: SUN_GM,
  };
  const firstTtDays = Math.min(startJdTt - JD_J2000, epochTtDays);
  // One day past the epoch at least, so that even an empty span has two nodes.
  const lastTtDays = Math.max(endJdTt - JD_J2000, epochTtDays, firstTtDays + 1);
  const backward = integrateOrbit(acceleration, epochTtDays, firstTtDays, initial, options);
  const forward = integrateOrbit(acceleration, epochTtDays, lastTtDays, initial, options);
  const nBack = backward.nodeTtDays.length - 1;
  const nodeCount = nBack + forward.nodeTtDays.length;
  const nodeJdTt = new Float64Array(nodeCount);
  const nodes = new Float64Array(9 * nodeCount);
  for (let k = 0; k < nBack; k++) {
    const from = nBack - k;
    nodeJdTt[k] = backward.nodeTtDays[from] + JD_J2000;
    nodes.set(backward.nodes.subarray(9 * from, 9 * from + 9), 9 * k);
  }
  for (let k = 0; k < forward.nodeTtDays.length; k++) nodeJdTt[nBack + k] = forward.nodeTtDays[k] + JD_J2000;
  nodes.set(forward.nodes, 9 * nBack);
  // Barycentric to heliocentric: r = R + B, v = V + B', a = A + B''.
  for (let k = 0; k < nodeCount; k++) {
    barycentreStateAt(planetPositions, nodeJdTt[k] - JD_J2000, bary);
    for (let i = 0; i < 9; i++) nodes[9 * k + i] += bary[i];
  }
  return {
    kind: 'bulirsch-stoer',
    elements,
    nodeJdTt,
    nodes,
    converged: backward.converged && forward.converged,
    evaluations: backward.evaluations + forward.evaluations,
  };
}
