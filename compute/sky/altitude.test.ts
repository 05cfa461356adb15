import { describe, expect, it } from 'vitest';
import { altitudeDeg } from './altitude.js';

const PALOMAR = { latDeg: 33.3563, lonDeg: -116.8648, heightM: 1706 };
const JD_2026 = 2461041.5;

describe('altitude of a direction from a site', () => {
  it('puts the J2000 north pole at the latitude, within its precession since 2000 (≈ 0.36° in 26 years)', () => {
    for (const hours of [0, 6, 12, 18]) {
      const alt = altitudeDeg(0, 90, PALOMAR, JD_2026 + hours / 24);
      expect(Math.abs(alt - PALOMAR.latDeg)).toBeLessThan(0.4);
    }
  });

  it('is symmetric about the meridian: the same altitude 3 h before and after transit (to 0.25°: the peak is sampled to the minute, ≈ 0.2°/min at 3 h)', () => {
    // a direction culminates when the sidereal time equals its RA; sample a day and compare around the peak
    const samples = Array.from({ length: 1441 }, (_, k) => JD_2026 + k / 1440);
    const alts = samples.map((jd) => altitudeDeg(150, 10, PALOMAR, jd));
    const peak = alts.indexOf(Math.max(...alts));
    // highest altitude of a direction at dec 10° from latitude 33.36°: 90 − |33.36 − 10| (0.4° for precession)
    expect(Math.abs(alts[peak] - (90 - (PALOMAR.latDeg - 10)))).toBeLessThan(0.4);
    const before = alts[peak - 180];
    const after = alts[peak + 180];
    expect(Math.abs(before - after)).toBeLessThan(0.25);
    expect(before).toBeLessThan(alts[peak] - 20);
  });
});
