import { describe, expect, it } from 'vitest';
import { countByBand, dcMagnitude, fluxMjy, lightCurvePoints } from './photometry.js';

/** Magnitudes computed by hand carry 1e-9 mag of rounding at most. */
const TOL_MAG = 1e-9;

describe('DC magnitude (docs/references.md#dc-magnitude)', () => {
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

describe('light-curve points', () => {
  const rows = [
    {
      'i:jd': 3,
      'i:fid': 2,
      'd:tag': 'valid',
      'i:magpsf': 16,
      'i:sigmapsf': 0.05,
      'i:isdiffpos': 'f',
      'i:magnr': 15,
      'i:sigmagnr': 0.02,
      'i:candid': '12345678901234567890',
    },
    {
      'i:jd': 1,
      'i:fid': 1,
      'd:tag': 'valid',
      'i:magpsf': 15,
      'i:sigmapsf': 0.1,
      'i:isdiffpos': 't',
      'i:magnr': 15,
      'i:sigmagnr': 0.1,
      'i:candid': '1',
    },
    { 'i:jd': 2, 'i:fid': 1, 'd:tag': 'upperlim', 'i:diffmaglim': 20.5, 'i:magpsf': null },
    {
      'i:jd': 4,
      'i:fid': 1,
      'd:tag': 'badquality',
      'i:magpsf': 19,
      'i:sigmapsf': 0.3,
      'i:isdiffpos': 't',
      'i:magnr': null,
      'i:candid': '2',
    },
  ];

  it('switching modes changes the values: difference, DC magnitude, DC flux', () => {
    const diff = lightCurvePoints(rows, 'diffmag');
    expect(diff.map((p) => [p.jd, p.tag, p.value])).toEqual([
      [1, 'valid', 15],
      [2, 'upperlim', 20.5],
      [3, 'valid', 16],
      [4, 'badquality', 19],
    ]);
    const dc = lightCurvePoints(rows, 'dcmag');
    // no upper limits, and no DC value without magnr
    expect(dc.map((p) => p.jd)).toEqual([1, 3]);
    expect(Math.abs(dc[0].value - 14.247425)).toBeLessThan(1e-6);
    expect(dc[1].negative).toBe(true);
    expect(dc[1].candid).toBe('12345678901234567890');
    const flux = lightCurvePoints(rows, 'dcflux');
    expect(flux[0].value).toBeCloseTo(3631e3 * 10 ** (-0.4 * 14.247425), 3);
  });

  it('counts points per band and tag', () => {
    expect(countByBand(rows)).toEqual({
      1: { valid: 1, upperlim: 1, badquality: 1 },
      2: { valid: 1, upperlim: 0, badquality: 0 },
      3: { valid: 0, upperlim: 0, badquality: 0 },
    });
  });
});
