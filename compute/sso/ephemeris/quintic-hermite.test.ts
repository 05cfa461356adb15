import { describe, expect, it } from 'vitest';
import { quinticHermiteAt } from './quintic-hermite.js';

// p(t) = c0 + c1 t + ... + c5 t^5 per coordinate: quintic Hermite reproduces it exactly (to rounding).
const COEFFS = [
  [0.3, -1.2, 0.5, 0.07, -0.011, 0.0009],
  [-2, 0.4, -0.3, 0.02, 0.004, -0.0003],
  [1, 0, 0.1, -0.05, 0.002, 0.0001],
];
const value = (c: number[], t: number) => c.reduce((s, a, k) => s + a * t ** k, 0);
const slope = (c: number[], t: number) => c.reduce((s, a, k) => s + (k > 0 ? k * a * t ** (k - 1) : 0), 0);
const curvature = (c: number[], t: number) =>
  c.reduce((s, a, k) => s + (k > 1 ? k * (k - 1) * a * t ** (k - 2) : 0), 0);

function nodesAt(times: number[]): Float64Array {
  const out = new Float64Array(9 * times.length);
  times.forEach((t, i) => {
    COEFFS.forEach((c, axis) => {
      out[9 * i + axis] = value(c, t);
      out[9 * i + 3 + axis] = slope(c, t);
      out[9 * i + 6 + axis] = curvature(c, t);
    });
  });
  return out;
}

describe('quinticHermiteAt', () => {
  const times = [-3, -1.5, 0, 2.25, 5];
  const nodeTimes = Float64Array.from(times);
  const nodes = nodesAt(times);

  it('is exact for quintic motion on uneven nodes (position and derivative to 1e-12)', () => {
    const out = new Float64Array(6);
    for (const t of [-3, -2.2, -1.5, -0.1, 1.7, 2.25, 4.99, 5]) {
      expect(quinticHermiteAt(nodeTimes, nodes, t, out)).toBe(true);
      COEFFS.forEach((c, axis) => {
        expect(Math.abs(out[axis] - value(c, t))).toBeLessThan(1e-12);
        expect(Math.abs(out[3 + axis] - slope(c, t))).toBeLessThan(1e-12);
      });
    }
  });

  it('returns false outside the nodes or with a single node, leaving out untouched', () => {
    const out = new Float64Array(6).fill(7);
    expect(quinticHermiteAt(nodeTimes, nodes, -3.0001, out)).toBe(false);
    expect(quinticHermiteAt(nodeTimes, nodes, 5.0001, out)).toBe(false);
    expect(quinticHermiteAt(nodeTimes.subarray(0, 1), nodes, -3, out)).toBe(false);
    expect(Array.from(out)).toEqual([7, 7, 7, 7, 7, 7]);
  });

  it('errs by about h^6 |r^(6)| / 46080 on a circular orbit (n h = 0.1: below 3e-11 of the radius)', () => {
    // Unit circle at unit angular rate: sixth derivative of magnitude 1, so the bound is 0.1^6 / 46080 = 2.2e-11.
    const h = 0.1;
    const ts = [0, h, 2 * h];
    const circle = new Float64Array(27);
    ts.forEach((t, i) => {
      circle.set(
        [Math.cos(t), Math.sin(t), 0, -Math.sin(t), Math.cos(t), 0, -Math.cos(t), -Math.sin(t), 0],
        9 * i,
      );
    });
    const out = new Float64Array(6);
    let worst = 0;
    for (let t = 0; t <= 2 * h; t += h / 16) {
      quinticHermiteAt(Float64Array.from(ts), circle, t, out);
      worst = Math.max(worst, Math.hypot(out[0] - Math.cos(t), out[1] - Math.sin(t)));
    }
    expect(worst).toBeLessThan(3e-11);
    expect(worst).toBeGreaterThan(1e-13);
  });
});
