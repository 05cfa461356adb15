import { describe, expect, it } from 'vitest';
import { hg1g2ApparentMagV, hg1g2Basis, hg1g2ReducedMag, vToZtfBandMag } from './hg1g2-magnitude.js';

const DEG = Math.PI / 180;

describe('hg1g2Basis (sbpy clamped splines)', () => {
  // Reference values: sso-science.md §1.3 table (re-implementation of sbpy HG1G2 basis functions).
  const table: [number, number, number, number][] = [
    [0, 1, 1, 1],
    [0.5, 0.98333333, 0.995, 0.71771948],
    [1, 0.96666666, 0.99, 0.57735424],
    [2, 0.93333333, 0.98, 0.42144772],
    [5, 0.83333333, 0.95, 0.17783991],
    [10, 0.67230993, 0.89839618, 0.07985272],
    [15, 0.5473937, 0.83719757, 0.04026003],
    [20, 0.45555008, 0.76897098, 0.01610701],
    [25, 0.38772394, 0.69806837, 0.00359792],
    [30, 0.33486016, 0.62884169, 0],
    [60, 0.1341056, 0.31755495, 0],
    [90, 0.05110476, 0.12716367, 0],
    [150, 0.0036397, 0.00016506, 0],
  ];
  it.each(table)('at %f deg matches the reference to 1e-6', (alphaDeg, p1, p2, p3) => {
    const b = hg1g2Basis(alphaDeg * DEG);
    const toleranceAbs = 1e-6;
    expect(Math.abs(b.phi1 - p1)).toBeLessThan(toleranceAbs);
    expect(Math.abs(b.phi2 - p2)).toBeLessThan(toleranceAbs);
    expect(Math.abs(b.phi3 - p3)).toBeLessThan(toleranceAbs);
  });
});

describe('hg1g2ReducedMag', () => {
  it('reproduces H = 10, G1 = 0.62, G2 = 0.14 at 5/10/20 deg (sso-science.md §1.3) to 1e-4 mag', () => {
    const toleranceMag = 1e-4;
    expect(Math.abs(hg1g2ReducedMag(10, 0.62, 0.14, 5 * DEG) - 10.39919)).toBeLessThan(toleranceMag);
    expect(Math.abs(hg1g2ReducedMag(10, 0.62, 0.14, 10 * DEG) - 10.6261)).toBeLessThan(toleranceMag);
    expect(Math.abs(hg1g2ReducedMag(10, 0.62, 0.14, 20 * DEG) - 11.01136)).toBeLessThan(toleranceMag);
    expect(hg1g2ReducedMag(10, 0.62, 0.14, 0)).toBeCloseTo(10, 8);
  });

  it('adds 5 log10(r Delta) and the V→g,r offsets', () => {
    const v = hg1g2ApparentMagV(15, 0.3, 0.3, 10 * DEG, 2.5, 1.6);
    expect(v).toBeCloseTo(hg1g2ReducedMag(15, 0.3, 0.3, 10 * DEG) + 5 * Math.log10(4), 10);
    expect(vToZtfBandMag(v, 1) - v).toBeCloseTo(0.2833, 10);
    expect(vToZtfBandMag(v, 2) - v).toBeCloseTo(-0.1777, 10);
  });
});
