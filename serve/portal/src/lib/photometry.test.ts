import { describe, expect, it } from 'vitest';
import { countByBand, lightCurvePoints } from './photometry.js';

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
