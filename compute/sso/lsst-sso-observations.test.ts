import { describe, expect, it } from 'vitest';
import { lsstSsoObservations, nJyToAbMag, ssSourceRangeAu } from './lsst-sso-observations.js';

describe('nJyToAbMag', () => {
  it('gives AB 0 for 3631 Jy and 1.0857 mag per unit relative error', () => {
    // 3631 Jy is the AB zero point (Oke & Gunn 1983): 3.631e12 nJy.
    const { mag, sigmaMag } = nJyToAbMag(3.631e12, 3.631e10);
    expect(mag).toBeCloseTo(0, 3);
    expect(sigmaMag).toBeCloseTo(0.01 * 1.0857, 4);
    expect(nJyToAbMag(-5, 1).mag).toBeNaN();
  });
});

describe('ssSourceRangeAu', () => {
  it("undoes Rubin's extra division by the km per AU, and keeps ranges already in AU", () => {
    // Rubin's 2026 sample, 2001 SB97 (test/data/lsst/rubin_sample_data_10_0.parquet): helioRange 1.6965e-8,
    // topoRange 1.2080e-8, elongation 128.41 deg, on 2026-01-01 when the Earth is 0.9833 AU from the Sun.
    const r = ssSourceRangeAu(1.6964968096999655e-8);
    const delta = ssSourceRangeAu(1.2080411337933583e-8);
    const earthSunAu = 0.98333;
    const elongationRad = (128.408203125 * Math.PI) / 180;
    // Law of cosines in the Sun-Earth-object triangle: an independent check of the rescaled ranges.
    const rFromTriangle = Math.sqrt(
      earthSunAu ** 2 + delta ** 2 - 2 * earthSunAu * delta * Math.cos(elongationRad),
    );
    expect(r).toBeCloseTo(rFromTriangle, 2);
    expect(ssSourceRangeAu(2.5)).toBe(2.5);
    expect(ssSourceRangeAu(0)).toBeNaN();
  });
});

describe('lsstSsoObservations', () => {
  it('converts time, flux and band, and leaves out unusable detections', () => {
    const { detections, geometry, leftOut } = lsstSsoObservations({
      midpointMjdTai: [61041.5, 61042.5, 61043.5],
      raDeg: [10, 11, 12],
      decDeg: [-5, -5.1, -5.2],
      psfFluxNJy: [10_000, -3, 20_000],
      psfFluxErrNJy: [100, 100, 100],
      band: ['u', 'g', 'y'],
      phaseAngleDeg: [5, 6, 7],
      topoRangeAu: [1.5, 1.5, 1.5],
      helioRangeAu: [2.4, 2.4, 2.4],
      ephRaDeg: [10, 11, 12],
      ephDecDeg: [-5, -5.1, -5.2],
    });
    expect(leftOut).toBe(1);
    expect(Array.from(detections.fid)).toEqual([1, 6]);
    expect(detections.jd[0]).toBeCloseTo(61041.5 + 2400000.5 - 37 / 86400, 9);
    expect(detections.magpsf[1]).toBeCloseTo(31.4 - 2.5 * Math.log10(20_000), 12);
    expect(Array.from(geometry.phaseDeg)).toEqual([5, 7]);
  });
});
