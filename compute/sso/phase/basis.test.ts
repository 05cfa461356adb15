import { describe, expect, it } from 'vitest';
import { hg1g2Basis, hg1g2Phi1, hg1g2Phi2, hg1g2Phi3, hgBasis, hgPhi1, hgPhi2 } from './basis.js';

const RAD_PER_DEG = Math.PI / 180;

describe('phase-function basis functions (sbpy construction)', () => {
  // Reference values: docs/references.md#hg1g2-model table (re-implementation of the sbpy basis functions), 8 decimals.
  const table: [number, number, number, number, number, number][] = [
    [0, 1, 1, 1, 1, 1],
    [0.5, 0.98333333, 0.995, 0.71771948, 0.93407639, 0.9841257],
    [1, 0.96666666, 0.99, 0.57735424, 0.87873802, 0.97094577],
    [2, 0.93333333, 0.98, 0.42144772, 0.79076888, 0.9506315],
    [5, 0.83333333, 0.95, 0.17783991, 0.62715341, 0.91778001],
    [10, 0.67230993, 0.89839618, 0.07985272, 0.48417731, 0.89154733],
    [15, 0.5473937, 0.83719757, 0.04026003, 0.39370375, 0.85371525],
    [20, 0.45555008, 0.76897098, 0.01610701, 0.32701528, 0.80069445],
    [25, 0.38772394, 0.69806837, 0.00359792, 0.27548027, 0.74373509],
    [30, 0.33486016, 0.62884169, 0, 0.23414545, 0.68786634],
    [60, 0.1341056, 0.31755495, 0, 0.09479971, 0.38531184],
    [90, 0.05110476, 0.12716367, 0, 0.03572159, 0.1553616],
    [150, 0.0036397, 0.00016506, 0, 0.00047653, 0.00009515],
  ];
  const toleranceAbs = 1e-7;
  it.each(table)('at %f deg matches the §1.3 table to 1e-7', (alphaDeg, p1, p2, p3, hg1, hg2) => {
    const a = alphaDeg * RAD_PER_DEG;
    expect(Math.abs(hg1g2Phi1(a) - p1)).toBeLessThan(toleranceAbs);
    expect(Math.abs(hg1g2Phi2(a) - p2)).toBeLessThan(toleranceAbs);
    expect(Math.abs(hg1g2Phi3(a) - p3)).toBeLessThan(toleranceAbs);
    expect(Math.abs(hgPhi1(a) - hg1)).toBeLessThan(toleranceAbs);
    expect(Math.abs(hgPhi2(a) - hg2)).toBeLessThan(toleranceAbs);
    expect(hg1g2Basis(a)).toEqual({ phi1: hg1g2Phi1(a), phi2: hg1g2Phi2(a), phi3: hg1g2Phi3(a) });
  });

  it('is linear below 7.5 deg (1 - 6α/π, 1 - 9α/(5π)) and clipped at 0 far out (§1.3 consequences)', () => {
    for (const alphaDeg of [0.1, 3, 7]) {
      const a = alphaDeg * RAD_PER_DEG;
      expect(hg1g2Phi1(a)).toBeCloseTo(1 - (6 * a) / Math.PI, 7);
      expect(hg1g2Phi2(a)).toBeCloseTo(1 - (9 * a) / (5 * Math.PI), 7);
    }
    expect(hg1g2Phi1(175 * RAD_PER_DEG)).toBe(0);
    expect(hg1g2Phi3(45 * RAD_PER_DEG)).toBe(0);
    expect(hg1g2Phi2(170 * RAD_PER_DEG)).toBeCloseTo(1.65e-4, 6);
  });

  it('keeps NaN as NaN (a missing phase never becomes a value)', () => {
    expect(hg1g2Phi1(Number.NaN)).toBeNaN();
    expect(hg1g2Phi3(Number.NaN)).toBeNaN();
    expect(hgPhi1(Number.NaN)).toBeNaN();
  });
});

describe('hgBasis', () => {
  it('gives exactly hgPhi1 and hgPhi2 from 0 to 150 deg', () => {
    for (let deg = 0; deg <= 150; deg += 0.7) {
      const a = deg * RAD_PER_DEG;
      expect(hgBasis(a)).toEqual({ phi1: hgPhi1(a), phi2: hgPhi2(a) });
    }
  });
});
