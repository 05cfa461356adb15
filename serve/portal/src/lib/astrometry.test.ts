import { describe, expect, it } from 'vitest';
import { separationArcsec } from '../../../../compute/sso/ssoft-statistics.js';
import { astrometryOffset, astrometrySummary } from './astrometry.js';

describe('astrometryOffset', () => {
  it('gives east/north offsets in arcsec and the separation of compute/sso (haversine)', () => {
    // 1" north, 2" east at Dec 60: ΔRA = 2" / cos 60 = 4"
    const o = astrometryOffset(100 + 4 / 3600, 60 + 1 / 3600, 100, 60);
    expect(o?.dRaCosDecArcsec).toBeCloseTo(2, 3);
    expect(o?.dDecArcsec).toBeCloseTo(1, 3);
    expect(o?.sepArcsec).toBeCloseTo(separationArcsec(100 + 4 / 3600, 60 + 1 / 3600, 100, 60), 9);
  });

  it('is continuous across RA = 0', () => {
    const o = astrometryOffset(0.5 / 3600, 0, 360 - 0.5 / 3600, 0);
    expect(o?.dRaCosDecArcsec).toBeCloseTo(1, 6);
    expect(o?.sepArcsec).toBeCloseTo(1, 6);
  });

  it('is null 90 deg or more away (outside the tangent plane)', () => {
    expect(astrometryOffset(0, 0, 180, 0)).toBeNull();
  });
});

describe('astrometrySummary', () => {
  it('averages components, takes the median and the population std of separations', () => {
    const s = astrometrySummary([
      { dRaCosDecArcsec: 1, dDecArcsec: 0, sepArcsec: 1 },
      { dRaCosDecArcsec: 0, dDecArcsec: 2, sepArcsec: 2 },
      { dRaCosDecArcsec: -3, dDecArcsec: 0, sepArcsec: 3 },
      { dRaCosDecArcsec: 0, dDecArcsec: 6, sepArcsec: 6 },
    ]);
    expect(s).toEqual({
      n: 4,
      meanDRaCosDecArcsec: -0.5,
      meanDDecArcsec: 2,
      meanSepArcsec: 3,
      medianSepArcsec: 2.5,
      stdSepArcsec: Math.sqrt((4 + 1 + 0 + 9) / 4),
    });
    expect(astrometrySummary([])).toBeNull();
  });
});
