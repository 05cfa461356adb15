import { describe, expect, it } from 'vitest';
import { Prng } from '../random/index.js';
import { fitHarmonics, groupPoints, trigAt } from './harmonic-sums.js';

/** Noiseless points of offset[group] + a·cos(2πft) + b·sin(2πft), three groups over two bands. */
function exactSeries(f: number, a: number, b: number, offsets: readonly number[]) {
  const rng = new Prng(9);
  const jd: number[] = [];
  const value: number[] = [];
  const sigma: number[] = [];
  const band: number[] = [];
  const group: number[] = [];
  for (let i = 0; i < 90; i++) {
    const t = 2460000 + rng.range(0, 40);
    const g = i % 3;
    jd.push(t);
    group.push(g);
    band.push(g === 2 ? 2 : 1);
    sigma.push(0.02 + 0.03 * rng.range(0, 1));
    value.push(
      offsets[g] +
        a * Math.cos(2 * Math.PI * f * (t - 2460000)) +
        b * Math.sin(2 * Math.PI * f * (t - 2460000)),
    );
  }
  return { columns: { jd, value, sigma, band }, group };
}

describe('harmonic sums with offsets eliminated', () => {
  it('recover the offsets and the sinusoid of noiseless points, explaining all of χ²₀', () => {
    const f = 1 / 0.77;
    const { columns, group } = exactSeries(f, 0.2, -0.15, [15, 15.4, 14.8]);
    const rows = columns.jd.map((_, i) => i);
    const p = groupPoints(columns, rows, (i) => String(group[i]));
    expect(p.groupCount).toBe(3);
    expect(p.bandCount).toBe(2);
    const { cos, sin } = trigAt(p, f);
    const fit = fitHarmonics(p, cos, sin, { base: 1, band: 0 });
    expect(fit?.reduction).toBeCloseTo(p.chi2Zero, 6);
    // t is counted from the earliest point: the sinusoid's phase moves, its amplitude does not
    const [c, s] = fit?.coefficients ?? [];
    expect(Math.hypot(c, s)).toBeCloseTo(Math.hypot(0.2, -0.15), 9);
    // offset + model at the first point equals its value
    const k = 0;
    const g = p.group[k];
    expect((fit?.offsets[g] ?? 0) + c * cos[k] + s * sin[k]).toBeCloseTo(columns.value[rows[k]], 9);
  });

  it('are degenerate (null) when every point has the same time', () => {
    const columns = {
      jd: [1, 1, 1, 1, 1],
      value: [1, 2, 3, 4, 5],
      sigma: [1, 1, 1, 1, 1],
      band: [1, 1, 1, 1, 1],
    };
    const p = groupPoints(columns, [0, 1, 2, 3, 4], () => 'one');
    const { cos, sin } = trigAt(p, 0.5);
    expect(fitHarmonics(p, cos, sin, { base: 1, band: 0 })).toBeNull();
  });
});
