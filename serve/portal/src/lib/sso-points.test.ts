import { describe, expect, it } from 'vitest';
import { bandPoints, hasEphemerides, presentFitBands, ssoPoints } from './sso-points.js';

const ROW = {
  Dobs: 1.1231515473327607,
  Dhelio: 2.0605563788416443,
  VMag: 18.0479,
  'SDSS:g': 18.3099,
  'SDSS:r': 17.8579,
  Phase: 12.94,
  RA: 159.6716,
  Dec: 0.1386,
  'i:jd': 2460397.7014,
  'i:fid': 2,
  'i:magpsf': 18.558754,
  'i:sigmapsf': 0.03,
  'i:ra': 159.6717,
  'i:dec': 0.1387,
  residuals_shg1g2: 0.0287,
};

describe('ssoPoints', () => {
  it('types a /sso row: prediction of the band, reduced magnitude from the distances', () => {
    const [p] = ssoPoints([ROW]);
    expect(p.predictedMag).toBe(17.8579);
    // the API answers i:magpsf_red = 16.736639659751916 for this row (demo store, asteroid 300933), from the
    // stored float32 magpsf: equal within its rounding (1e-6 mag)
    expect(p.magRed).toBeCloseTo(16.736639659751916, 6);
    expect(p.residualShg1g2).toBe(0.0287);
    expect([p.raEphDeg, p.decEphDeg, p.phaseDeg]).toEqual([159.6716, 0.1386, 12.94]);
  });

  it('prefers i:magpsf_red, uses VMag without colours, and drops rows without a measurement', () => {
    const rows = [
      { ...ROW, 'i:magpsf_red': 16.7 },
      { ...ROW, 'i:fid': 1, 'SDSS:g': undefined, 'SDSS:r': undefined },
      { ...ROW, 'i:magpsf': null },
    ];
    const points = ssoPoints(rows);
    expect(points.length).toBe(2);
    expect(points[0].magRed).toBe(16.7);
    expect(points[1].predictedMag).toBe(18.0479);
  });

  it('without ephemerides has no phase curve', () => {
    const bare = { 'i:jd': 1, 'i:fid': 1, 'i:magpsf': 18, 'i:ra': 1, 'i:dec': 2 };
    const points = ssoPoints([bare]);
    expect(points[0].magRed).toBeNull();
    expect(hasEphemerides(points)).toBe(false);
    expect(hasEphemerides(ssoPoints([ROW]))).toBe(true);
  });

  it('splits bands in time order', () => {
    const points = ssoPoints([
      { ...ROW, 'i:jd': 3 },
      { ...ROW, 'i:jd': 1 },
      { ...ROW, 'i:jd': 2, 'i:fid': 1 },
    ]);
    expect(bandPoints(points, 2).map((p) => p.jd)).toEqual([1, 3]);
    expect(presentFitBands(points)).toEqual([1, 2]);
  });
});
