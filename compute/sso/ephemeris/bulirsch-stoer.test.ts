import { describe, expect, it } from 'vitest';
import type { OrbitElements } from '../orbit.js';
import { integrateOrbit } from './bulirsch-stoer.js';
import { GAUSS_K, JD_J2000 } from './frames.js';
import type { AccelerationFunction } from './planet-table.js';
import { quinticHermiteAt } from './quintic-hermite.js';
import { twoBodyState } from './two-body.js';

const MU = GAUSS_K * GAUSS_K;
const OPTIONS = { toleranceRel: 1e-12, maxStepDays: 32, maxStepAngleRad: 0.1, centralGm: MU };

/** The two-body limit: the Sun alone. */
const kepler: AccelerationFunction = (_t, x, y, z, out) => {
  const r2 = x * x + y * y + z * z;
  const f = -MU / (r2 * Math.sqrt(r2));
  out[0] = f * x;
  out[1] = f * y;
  out[2] = f * z;
};

function orbit(qAu: number, e: number, perihelionOffsetDays: number): OrbitElements {
  const epochJdTt = 2459800.5;
  return {
    qAu,
    e,
    inclDeg: 21,
    nodeDeg: 80,
    periDeg: 300,
    perihelionJdTt: epochJdTt + perihelionOffsetDays,
    epochJdTt,
  };
}

function stateArray(el: OrbitElements, jdTt: number): number[] {
  const s = twoBodyState(el, jdTt);
  if (s === null) throw new Error('no two-body state');
  return [s.x, s.y, s.z, s.vx, s.vy, s.vz];
}

/** Largest distance (AU) between the integrated dense output and the conic, sampled every 0.7 day. */
function worstDeviationAu(el: OrbitElements, spanDays: number): { worstAu: number; steps: number } {
  const t0 = el.epochJdTt - JD_J2000;
  const run = integrateOrbit(kepler, t0, t0 + spanDays, stateArray(el, el.epochJdTt), OPTIONS);
  expect(run.converged).toBe(true);
  const sign = Math.sign(spanDays);
  // Dense output needs increasing times: mirror a backward run (velocities change sign, accelerations do not).
  const times = Float64Array.from(run.nodeTtDays, (t) => sign * t);
  const nodes = Float64Array.from(run.nodes, (v, i) => (sign < 0 && i % 9 >= 3 && i % 9 < 6 ? -v : v));
  const out = new Float64Array(6);
  let worstAu = 0;
  for (let dt = 0; dt <= Math.abs(spanDays); dt += 0.7) {
    const t = t0 + sign * dt;
    expect(quinticHermiteAt(times, nodes, sign * t, out)).toBe(true);
    const ref = stateArray(el, t + JD_J2000);
    worstAu = Math.max(worstAu, Math.hypot(out[0] - ref[0], out[1] - ref[1], out[2] - ref[2]));
  }
  return { worstAu, steps: run.steps };
}

describe('integrateOrbit (two-body limit)', () => {
  it('follows a main-belt conic (a = 2.7 AU, e = 0.15) for 3 years back to 1e-9 AU (measured 2.6e-10)', () => {
    const { worstAu, steps } = worstDeviationAu(orbit(2.3, 0.15, 200), -1100);
    expect(worstAu).toBeLessThan(1e-9);
    expect(steps).toBeLessThan(80);
  });

  it('follows an NEO (q = 0.6 AU, e = 0.6) for 7 years forward to 1e-8 AU (measured 2.1e-9)', () => {
    expect(worstDeviationAu(orbit(0.6, 0.6, 100), 2557).worstAu).toBeLessThan(1e-8);
  });

  it('follows a comet through perihelion (q = 0.3 AU, e = 0.97) and a hyperbola (q = 1.5, e = 1.05): 1e-8 and 2e-8 AU (measured 2.3e-9, 6.7e-9)', () => {
    expect(worstDeviationAu(orbit(0.3, 0.97, 60), 120).worstAu).toBeLessThan(1e-8);
    expect(worstDeviationAu(orbit(1.5, 1.05, -100), -400).worstAu).toBeLessThan(2e-8);
  });

  it('conserves the two-body energy to 1e-11 relative over 3 years', () => {
    const el = orbit(2.3, 0.15, 200);
    const t0 = el.epochJdTt - JD_J2000;
    const s0 = stateArray(el, el.epochJdTt);
    const energy = (s: ArrayLike<number>, o: number) =>
      (s[o + 3] ** 2 + s[o + 4] ** 2 + s[o + 5] ** 2) / 2 - MU / Math.hypot(s[o], s[o + 1], s[o + 2]);
    const run = integrateOrbit(kepler, t0, t0 + 1100, s0, OPTIONS);
    const e0 = energy(s0, 0);
    for (let k = 0; k < run.nodeTtDays.length; k++) {
      expect(Math.abs(energy(run.nodes, 9 * k) / e0 - 1)).toBeLessThan(1e-11);
    }
    expect(run.nodeTtDays[run.nodeTtDays.length - 1]).toBe(t0 + 1100);
  });

  it('reports converged: false for a radial fall into the Sun instead of throwing', () => {
    const run = integrateOrbit(kepler, 0, 400, [1, 0, 0, 0, 0, 0], OPTIONS);
    expect(run.converged).toBe(false);
    expect(run.nodeTtDays[run.nodeTtDays.length - 1]).toBeLessThan(400);
  });
});
