import { describe, expect, it } from 'vitest';
import { OBLIQUITY_J2000_DEG } from './ephemeris/index.js';
import { astrometryStatistics, obliquityDeg, separationArcsec } from './ssoft-statistics.js';

describe('astrometryStatistics (SciPy defaults)', () => {
  it('matches numpy/scipy on [0.1, 0.2, 0.2, 0.3, 0.7]', () => {
    // numpy.std 0.20976176963403032, scipy.stats.skew 1.170158632255954, scipy.stats.kurtosis
    // -0.16942148760330644 (SciPy defaults: bias=True, fisher=True); also checked against the central moments.
    const s = astrometryStatistics([0.1, 0.2, 0.2, 0.3, 0.7]);
    const d = [-0.2, -0.1, -0.1, 0, 0.4];
    const m2 = d.reduce((a, v) => a + v ** 2, 0) / 5;
    const m3 = d.reduce((a, v) => a + v ** 3, 0) / 5;
    const m4 = d.reduce((a, v) => a + v ** 4, 0) / 5;
    expect(s.meanArcsec).toBeCloseTo(0.3, 12);
    expect(s.stdArcsec).toBeCloseTo(Math.sqrt(0.044), 12);
    expect(s.skew).toBeCloseTo(m3 / m2 ** 1.5, 12);
    expect(s.kurtosis).toBeCloseTo(m4 / m2 ** 2 - 3, 12);
    expect(s.stdArcsec).toBeCloseTo(0.20976176963403032, 12);
    expect(s.skew).toBeCloseTo(1.170158632255954, 12);
    expect(s.kurtosis).toBeCloseTo(-0.16942148760330644, 12);
  });

  it('a symmetric two-point set has skew 0 and kurtosis -2; NaN when empty or constant', () => {
    const s = astrometryStatistics([1, 3, Number.NaN]);
    expect(s.skew).toBeCloseTo(0, 12);
    expect(s.kurtosis).toBeCloseTo(-2, 12);
    expect(astrometryStatistics([]).meanArcsec).toBeNaN();
    expect(astrometryStatistics([0.2, 0.2]).skew).toBeNaN();
  });
});

describe('separationArcsec', () => {
  it('gives 1" for a 1" offset in dec, cos(dec) scaling in RA, 180 deg for antipodes', () => {
    expect(separationArcsec(10, 20, 10, 20 + 1 / 3600)).toBeCloseTo(1, 9);
    expect(separationArcsec(10, 60, 10 + 2 / 3600, 60)).toBeCloseTo(1, 6);
    expect(separationArcsec(0, 0, 180, 0)).toBeCloseTo(648000, 6);
  });
});

describe('obliquityDeg', () => {
  it('is 0 for a spin along the pole of an orbit (i = 10 deg, Ω = 80 deg) and 180 for the opposite spin', () => {
    // Orbit pole in ecliptic coordinates (sin i sin Ω, -sin i cos Ω, cos i), rotated to the equator by +ε.
    const rad = Math.PI / 180;
    const [i, node, eps] = [10 * rad, 80 * rad, OBLIQUITY_J2000_DEG * rad];
    const ecl = [Math.sin(i) * Math.sin(node), -Math.sin(i) * Math.cos(node), Math.cos(i)];
    const eq = [
      ecl[0],
      Math.cos(eps) * ecl[1] - Math.sin(eps) * ecl[2],
      Math.sin(eps) * ecl[1] + Math.cos(eps) * ecl[2],
    ];
    const alpha0 = Math.atan2(eq[1], eq[0]) / rad;
    const delta0 = Math.asin(eq[2]) / rad;
    expect(obliquityDeg(alpha0, delta0, 80, 10)).toBeCloseTo(0, 6);
    expect(obliquityDeg(alpha0 + 180, -delta0, 80, 10)).toBeCloseTo(180, 6);
  });

  it('an ecliptic-pole spin (alpha0 = 270, delta0 = 90 - ε) has obliquity i', () => {
    expect(obliquityDeg(270, 90 - OBLIQUITY_J2000_DEG, 123, 17)).toBeCloseTo(17, 8);
    expect(obliquityDeg(270, 90 - OBLIQUITY_J2000_DEG, 0, 0)).toBeCloseTo(0, 6);
  });
});
