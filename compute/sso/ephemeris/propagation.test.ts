import { describe, expect, it } from 'vitest';
import type { OrbitElements } from '../orbit.js';
import { type NbodyTrajectory, propagateOrbits, trajectoryState } from './propagation.js';
import { twoBodyState } from './two-body.js';

// A main-belt orbit (the fink-fat res_orb test object, sso-science.md §7.1) in perihelion form.
const MAIN_BELT: OrbitElements = {
  qAu: 3.1044651 * (1 - 0.0947426),
  e: 0.0947426,
  inclDeg: 15.27367,
  nodeDeg: 253.29473,
  periDeg: 117.85006,
  perihelionJdTt:
    2458790.599863 - (320.1161167870862 - 360) / ((0.01720209895 / 3.1044651 ** 1.5) * (180 / Math.PI)),
  epochJdTt: 2458790.599863,
};

function distAu(a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

describe('propagateOrbits', () => {
  it('covers the span and the epoch, forward and backward, on the step grid', () => {
    const [t] = propagateOrbits([MAIN_BELT], MAIN_BELT.epochJdTt + 10.2, MAIN_BELT.epochJdTt + 20.7, {});
    if (t.kind !== 'nbody') throw new Error('expected nbody');
    expect(t.firstJdTt).toBe(MAIN_BELT.epochJdTt);
    expect(t.nodeCount).toBe(22);
    const [back] = propagateOrbits([MAIN_BELT], MAIN_BELT.epochJdTt - 5.5, MAIN_BELT.epochJdTt - 1, {});
    if (back.kind !== 'nbody') throw new Error('expected nbody');
    expect(back.firstJdTt).toBe(MAIN_BELT.epochJdTt - 6);
    expect(trajectoryState(back, MAIN_BELT.epochJdTt - 6.01)).toBeNull();
  });

  it('starts from the two-body state at the epoch and stays within 2e-6 AU of it over ±10 days', () => {
    // Planetary perturbations on a main-belt orbit are ~3e-8 AU/day^2: ~1.5e-6 AU after 10 days.
    const [t] = propagateOrbits([MAIN_BELT], MAIN_BELT.epochJdTt - 10, MAIN_BELT.epochJdTt + 10, {});
    for (const dt of [-10, -3.3, 0, 0.5, 7.9, 10]) {
      const nb = trajectoryState(t, MAIN_BELT.epochJdTt + dt);
      const tb = twoBodyState(MAIN_BELT, MAIN_BELT.epochJdTt + dt);
      if (nb === null || tb === null) throw new Error('no state');
      expect(distAu(nb, tb)).toBeLessThan(dt === 0 ? 1e-15 : 2e-6);
    }
  });

  it('interpolates position and velocity between nodes to 1e-11 AU and 1e-11 AU/day (two-body nodes, 1 day)', () => {
    const nodeCount = 40;
    const states = new Float64Array(6 * nodeCount);
    for (let k = 0; k < nodeCount; k++) {
      const s = twoBodyState(MAIN_BELT, MAIN_BELT.epochJdTt + k);
      if (s === null) throw new Error('no state');
      states.set([s.x, s.y, s.z, s.vx, s.vy, s.vz], 6 * k);
    }
    const grid: NbodyTrajectory = {
      kind: 'nbody',
      elements: MAIN_BELT,
      stepDays: 1,
      firstJdTt: MAIN_BELT.epochJdTt,
      nodeCount,
      states,
    };
    for (const dt of [0.5, 7.25, 20.9, 38.999]) {
      const a = trajectoryState(grid, MAIN_BELT.epochJdTt + dt);
      const b = twoBodyState(MAIN_BELT, MAIN_BELT.epochJdTt + dt);
      if (a === null || b === null) throw new Error('no state');
      expect(distAu(a, b)).toBeLessThan(1e-11);
      expect(Math.hypot(a.vx - b.vx, a.vy - b.vy, a.vz - b.vz)).toBeLessThan(1e-11);
    }
  });

  it('converges with the step: 1-day and 0.25-day integrations agree to 6e-6 AU after 400 days (measured 4.5e-6)', () => {
    // The simulator's scheme is second order: its truncation error, not the interpolation, sets this figure.
    const end = MAIN_BELT.epochJdTt + 400;
    const [coarse] = propagateOrbits([MAIN_BELT], MAIN_BELT.epochJdTt, end, { stepDays: 1 });
    const [fine] = propagateOrbits([MAIN_BELT], MAIN_BELT.epochJdTt, end, { stepDays: 0.25 });
    const a = trajectoryState(coarse, end - 0.5);
    const b = trajectoryState(fine, end - 0.5);
    if (a === null || b === null) throw new Error('no state');
    expect(distAu(a, b)).toBeLessThan(6e-6);
  });

  it('gives the same trajectory for an orbit integrated alone or in a batch sharing its epoch', () => {
    const other: OrbitElements = { ...MAIN_BELT, qAu: 2.1, e: 0.2, inclDeg: 5 };
    const [alone] = propagateOrbits([MAIN_BELT], MAIN_BELT.epochJdTt - 30, MAIN_BELT.epochJdTt + 30, {});
    const [together] = propagateOrbits(
      [MAIN_BELT, other],
      MAIN_BELT.epochJdTt - 30,
      MAIN_BELT.epochJdTt + 30,
      {},
    );
    const a = trajectoryState(alone, MAIN_BELT.epochJdTt - 17.3);
    const b = trajectoryState(together, MAIN_BELT.epochJdTt - 17.3);
    if (a === null || b === null) throw new Error('no state');
    expect(distAu(a, b)).toBeLessThan(1e-15);
  });

  it('returns two-body trajectories on request and rejects a step above 1 day', () => {
    const [t] = propagateOrbits([MAIN_BELT], 2459000, 2459100, { propagation: 'twobody' });
    expect(t.kind).toBe('twobody');
    expect(() => propagateOrbits([MAIN_BELT], 2459000, 2459100, { stepDays: 2 })).toThrow(RangeError);
    expect(() => propagateOrbits([MAIN_BELT], 2459100, 2459000, {})).toThrow(RangeError);
  });
});
