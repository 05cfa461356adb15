import { describe, expect, it } from 'vitest';
import { dcMagnitude, differenceFluxMjy, fluxMjy } from './ztf-flux.js';

/** Magnitudes computed by hand carry 1e-9 mag of rounding at most. */
const TOL_MAG = 1e-9;

describe('DC magnitude (fink-utils dc_mag, by hand)', () => {
  it('adds equal fluxes: magnr = magpsf = 15, positive → 15 − 2.5·log10(2) = 14.247425 mag', () => {
    const dc = dcMagnitude(15, 0.1, 15, 0.1, true);
    expect(Math.abs((dc?.mag ?? 0) - (15 - 2.5 * Math.log10(2)))).toBeLessThan(TOL_MAG);
    expect(Math.abs((dc?.mag ?? 0) - 14.247425)).toBeLessThan(1e-6);
    // equal fluxes and errors: σ = √2·F·0.1 / 2F = 0.0707107 mag
    expect(Math.abs((dc?.errorMag ?? 0) - 0.1 / Math.SQRT2)).toBeLessThan(TOL_MAG);
  });

  it('subtracts a negative difference: magnr 15, magpsf 16 → 15 − 2.5·log10(1 − 10^−0.4) = 15.551202 mag', () => {
    const dc = dcMagnitude(16, 0.05, 15, 0.02, false);
    expect(Math.abs((dc?.mag ?? 0) - (15 - 2.5 * Math.log10(1 - 10 ** -0.4)))).toBeLessThan(TOL_MAG);
    expect(Math.abs((dc?.mag ?? 0) - 15.551202)).toBeLessThan(1e-6);
    // σ = √((1·0.02)² + (10^−0.4·0.05)²) / (1 − 10^−0.4) in units of the reference flux
    const expected = Math.hypot(0.02, 10 ** -0.4 * 0.05) / (1 - 10 ** -0.4);
    expect(Math.abs((dc?.errorMag ?? 0) - expected)).toBeLessThan(TOL_MAG);
  });

  it('is null when the negative difference exceeds the reference flux, or inputs are missing', () => {
    expect(dcMagnitude(15, 0.1, 16, 0.1, false)).toBeNull();
    expect(dcMagnitude(Number.NaN, 0.1, 16, 0.1, true)).toBeNull();
    expect(dcMagnitude(17, null, 16, 0.1, true)?.errorMag).toBeNull();
  });

  it('tends to magnr when the difference flux vanishes', () => {
    expect(Math.abs((dcMagnitude(40, 0.1, 16, 0.1, true)?.mag ?? 0) - 16)).toBeLessThan(1e-8);
  });
});

describe('DC flux', () => {
  it('gives 3631 Jy = 3,631,000 mJy at AB magnitude 0, and 3.631 mJy at 15 (Oke & Gunn 1983)', () => {
    expect(fluxMjy(0, null).fluxMjy).toBeCloseTo(3_631_000, 6);
    expect(fluxMjy(15, null).fluxMjy).toBeCloseTo(3.631, 9);
    // σ_f = f·0.4·ln10·σ_m: 0.1 mag on 3.631 mJy = 0.334423 mJy
    expect(fluxMjy(15, 0.1).errorMjy).toBeCloseTo(3.631 * 0.4 * Math.LN10 * 0.1, 9);
  });
});

describe('difference flux (fink-utils apparent_flux, difference part)', () => {
  it('is 3631 Jy·10^(−0.4·magpsf) in mJy, negative for a negative subtraction', () => {
    // magpsf 17.5: 3631e3 · 10^−7 = 0.3631 mJy; σ = 0.3631 · 0.05 / 1.0857362 = 0.0167213 mJy
    expect(differenceFluxMjy(17.5, 0.05, true)?.fluxMjy).toBeCloseTo(0.3631, 9);
    expect(differenceFluxMjy(17.5, 0.05, false)?.fluxMjy).toBeCloseTo(-0.3631, 9);
    expect(differenceFluxMjy(17.5, 0.05, false)?.errorMjy).toBeCloseTo((0.3631 * 0.05) / 1.0857362, 6);
    expect(differenceFluxMjy(Number.NaN, 0.05, true)).toBeNull();
  });
});
