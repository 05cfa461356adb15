import { describe, expect, it } from 'vitest';
import { airmassAtCerroPachon } from './airmass.js';

const LAT_DEG = -30.2407;
const LON_DEG = -70.7367;
const TOLERANCE_SECZ = 0.01;

/** Local mean sidereal time (deg) at Cerro Pachón: GMST of Aoki et al. 1982 (linear term), UT1 ≈ UTC. */
function lstDeg(mjdUtc: number): number {
  const gmst = 280.46061837 + 360.98564736629 * (mjdUtc + 2400000.5 - 2451545);
  return (((gmst + LON_DEG) % 360) + 360) % 360;
}

describe('airmassAtCerroPachon', () => {
  it('on the meridian, sec z is 1 / cos(dec − latitude) (precession of 26 years aside)', () => {
    const mjdTai = 61105.1;
    const ra = lstDeg(mjdTai - 37 / 86_400);
    for (const dec of [LAT_DEG, 0, 20, -70]) {
      const expected = 1 / Math.cos(((dec - LAT_DEG) * Math.PI) / 180);
      expect(Math.abs(airmassAtCerroPachon(ra, dec, mjdTai) - expected)).toBeLessThan(TOLERANCE_SECZ);
    }
  });
  it('is negative below the horizon (lower culmination of a northern source)', () => {
    const mjdTai = 61105.1;
    const ra = (lstDeg(mjdTai) + 180) % 360;
    expect(airmassAtCerroPachon(ra, 0, mjdTai)).toBeLessThan(0);
  });
});
