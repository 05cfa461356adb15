/** The SOCCA rotation term against its geometric limits: sphere, pole-on and equator-on views, half-turn symmetry. */
import { describe, expect, it } from 'vitest';
import {
  LIGHT_TIME_DAYS_PER_AU,
  lightTimeCorrectedJd,
  SOCCA_REFERENCE_JD,
  soccaRotationMag,
} from './socca-model.js';

const spin = { alpha0Rad: 1, delta0Rad: 0.3, periodDays: 0.25, aB: 1.5, aC: 2, phi0Rad: 0.2 };

describe('SOCCA rotation term', () => {
  it('is zero for a sphere, whatever the geometry', () => {
    for (const [ra, dec, jd] of [
      [0.1, 0.2, 2459000.3],
      [4, -1.2, 2460000.7],
    ]) {
      expect(soccaRotationMag(ra, dec, jd, { ...spin, aB: 1, aC: 1 })).toBeCloseTo(0, 14);
    }
  });

  it('pole-on, the body shows its a × b face: −2.5 log10(a/c), whatever the rotation', () => {
    // the object seen along the spin axis: line of sight (ra, dec) = (alpha0, delta0)
    for (const jd of [2459000.1, 2459000.2, 2459123.45]) {
      expect(soccaRotationMag(spin.alpha0Rad, spin.delta0Rad, jd, spin)).toBeCloseTo(
        -2.5 * Math.log10(spin.aC),
        12,
      );
    }
  });

  it('equator-on, it swings between 0 and −2.5 log10(a/b) twice per rotation', () => {
    const eq = { ...spin, delta0Rad: Math.PI / 2 };
    const values = Array.from({ length: 400 }, (_, k) =>
      soccaRotationMag(0.5, 0, SOCCA_REFERENCE_JD + (k / 400) * eq.periodDays, eq),
    );
    expect(Math.max(...values)).toBeCloseTo(0, 4);
    expect(Math.min(...values)).toBeCloseTo(-2.5 * Math.log10(eq.aB), 4);
    const half = soccaRotationMag(0.5, 0, SOCCA_REFERENCE_JD + 0.123 + eq.periodDays / 2, eq);
    expect(half).toBeCloseTo(soccaRotationMag(0.5, 0, SOCCA_REFERENCE_JD + 0.123, eq), 12);
  });

  it('corrects times by the light time, 499.004784 s per au', () => {
    expect(LIGHT_TIME_DAYS_PER_AU * 86_400).toBeCloseTo(499.004784, 9);
    expect(lightTimeCorrectedJd(2460000.5, 2)).toBeCloseTo(2460000.5 - (2 * 499.004784) / 86_400, 12);
  });
});
