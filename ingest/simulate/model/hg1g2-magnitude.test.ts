import { describe, expect, it } from 'vitest';
import { hg1g2ApparentMagV, hg1g2ReducedMag, vToZtfBandMag } from './hg1g2-magnitude.js';

const DEG = Math.PI / 180;

describe('hg1g2ReducedMag', () => {
  it('reproduces H = 10, G1 = 0.62, G2 = 0.14 at 5/10/20 deg (docs/references.md#hg1g2-model) to 1e-4 mag', () => {
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
