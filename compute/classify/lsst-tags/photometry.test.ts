import { describe, expect, it } from 'vitest';
import { abMagOfFluxNjy, absoluteMag, luminosityDistanceMpc } from './photometry.js';

const C_KM_PER_S = 299792.458;
/** Relative tolerance of the numerical integral against the closed forms. */
const TOLERANCE_RELATIVE = 1e-6;

describe('abMagOfFluxNjy', () => {
  it('gives 0 mag for 3631 Jy (the AB definition) and 31.4 for 1 nJy', () => {
    // 3631 Jy = 3.631e12 nJy; 31.4 is 2.5·log10(3.631e12) to 0.0001 mag (Oke & Gunn 1983)
    expect(abMagOfFluxNjy(3.631e12)).toBeCloseTo(0, 3);
    expect(abMagOfFluxNjy(1)).toBe(31.4);
    expect(abMagOfFluxNjy(100)).toBeCloseTo(26.4, 12);
  });
  it('is null for a non-positive or missing flux', () => {
    expect(abMagOfFluxNjy(0)).toBeNull();
    expect(abMagOfFluxNjy(-19549.4)).toBeNull();
    expect(abMagOfFluxNjy(null)).toBeNull();
    expect(abMagOfFluxNjy(Number.NaN)).toBeNull();
  });
});

describe('luminosityDistanceMpc', () => {
  it('matches the Einstein-de Sitter closed form (Ω_m = 1): D_L = 2(c/H0)(1+z)(1 − 1/√(1+z))', () => {
    const eds = { h0KmPerSPerMpc: 70, omegaM: 1 };
    for (const z of [0.05, 0.5, 2, 10]) {
      const expected = ((2 * C_KM_PER_S) / 70) * (1 + z) * (1 - 1 / Math.sqrt(1 + z));
      expect(Math.abs(luminosityDistanceMpc(z, eds)! / expected - 1)).toBeLessThan(TOLERANCE_RELATIVE);
    }
  });
  it('matches the de Sitter closed form (Ω_m = 0): D_L = (c/H0) z (1+z)', () => {
    const ds = { h0KmPerSPerMpc: 70, omegaM: 0 };
    for (const z of [0.1, 1.36]) {
      const expected = (C_KM_PER_S / 70) * z * (1 + z);
      expect(Math.abs(luminosityDistanceMpc(z, ds)! / expected - 1)).toBeLessThan(TOLERANCE_RELATIVE);
    }
  });
  it('lies between the two limits for Ω_m = 0.3, and is 0 at z = 0, null for z < 0', () => {
    const dl = luminosityDistanceMpc(1)!;
    expect(dl).toBeGreaterThan(luminosityDistanceMpc(1, { h0KmPerSPerMpc: 70, omegaM: 1 })!);
    expect(dl).toBeLessThan(luminosityDistanceMpc(1, { h0KmPerSPerMpc: 70, omegaM: 0 })!);
    expect(luminosityDistanceMpc(0)).toBe(0);
    expect(luminosityDistanceMpc(-0.1)).toBeNull();
  });
});

describe('absoluteMag', () => {
  it('subtracts the distance modulus 5·log10(D_L / 10 pc)', () => {
    const dlPc = luminosityDistanceMpc(0.1)! * 1e6;
    expect(absoluteMag(20, 0.1)).toBeCloseTo(20 - 5 * Math.log10(dlPc / 10), 12);
  });
  it('is null without a positive redshift or a magnitude', () => {
    expect(absoluteMag(20, 0)).toBeNull();
    expect(absoluteMag(20, -0.023)).toBeNull();
    expect(absoluteMag(null, 0.5)).toBeNull();
    expect(absoluteMag(20, null)).toBeNull();
  });
});
