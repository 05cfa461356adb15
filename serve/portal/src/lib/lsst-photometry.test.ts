import { describe, expect, it } from 'vitest';
import { abMagOfNJy, countByLsstBand, jdUtcOfMjdTai, lsstPoints } from './lsst-photometry.js';

describe('LSST photometry', () => {
  it('gives AB magnitudes of nJy fluxes: 3631 Jy is magnitude 0, a factor 100 is 5 mag', () => {
    // AB zero point 3631 Jy (Oke & Gunn 1983) = 3.631e12 nJy
    expect(abMagOfNJy(3.631e12, null)?.mag).toBeCloseTo(0, 2);
    expect(abMagOfNJy(1, null)?.mag).toBe(31.4);
    const a = abMagOfNJy(1000, 10);
    const b = abMagOfNJy(100_000, 1000);
    expect((a?.mag ?? 0) - (b?.mag ?? 0)).toBeCloseTo(5, 12);
    // σ_m = 2.5/ln10 · σ_f/f: a 1 % flux error is 0.010857 mag
    expect(a?.errorMag).toBeCloseTo(0.0108574, 6);
    expect(abMagOfNJy(0, 1)).toBeNull();
    expect(abMagOfNJy(-5, 1)).toBeNull();
  });

  it('reads UTC from TAI 37 s earlier', () => {
    expect((jdUtcOfMjdTai(60000) - 2460000.5) * 86400).toBeCloseTo(-37, 6);
  });

  it('makes points per band, dropping negative fluxes in magnitude mode only', () => {
    const rows = [
      { 'r:midpointMjdTai': 2, 'r:band': 'y', 'r:psfFlux': -50, 'r:psfFluxErr': 5, 'r:diaSourceId': '9' },
      { 'r:midpointMjdTai': 1, 'r:band': 'u', 'r:psfFlux': 100, 'r:psfFluxErr': 5, 'r:diaSourceId': '8' },
      { 'r:midpointMjdTai': 3, 'r:band': 'w', 'r:psfFlux': 100, 'r:psfFluxErr': 5, 'r:diaSourceId': '7' },
    ];
    const flux = lsstPoints(rows, 'detection', 'flux');
    expect(flux.map((p) => [p.band, p.value, p.id])).toEqual([
      ['u', 100, '8'],
      ['y', -50, '9'],
    ]);
    const mag = lsstPoints(rows, 'detection', 'mag');
    expect(mag.map((p) => p.band)).toEqual(['u']);
    expect(mag[0].value).toBeCloseTo(31.4 - 5, 12);
    expect(countByLsstBand(rows)).toEqual([
      ['u', 1],
      ['y', 1],
    ]);
  });
});
