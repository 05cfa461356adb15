import { describe, expect, it } from 'vitest';
import { meanMotionDegPerDay } from '../ephemeris/index.js';
import { ellipticToPerihelion } from './catalogue-record.js';

describe('elliptic elements to perihelion form', () => {
  it('gives q = a(1-e) and the perihelion passage nearest the epoch', () => {
    // Ceres, MPCORB excerpt: a 2.7676569 AU, e 0.0775571, M 162.68631 deg, n 0.21406009 deg/day, epoch K205V
    const ceres = ellipticToPerihelion(2.7676569, 0.0775571, 162.68631, 2459000.5, 0.21406009);
    expect(ceres?.qAu).toBeCloseTo(2.7676569 * (1 - 0.0775571), 12);
    expect(ceres?.perihelionJdTt).toBeCloseTo(2459000.5 - 162.68631 / 0.21406009, 9);
    // M past 180 deg: the next passage, after the epoch
    const after = ellipticToPerihelion(2.5, 0.1, 350, 2460000.5);
    const n = meanMotionDegPerDay(2.5);
    expect(after?.perihelionJdTt).toBeCloseTo(2460000.5 + 10 / n, 9);
    expect(ellipticToPerihelion(2.5, 0.1, -10, 2460000.5)?.perihelionJdTt).toBeCloseTo(2460000.5 + 10 / n, 9);
    expect(ellipticToPerihelion(2.5, 0.1, 720, 2460000.5)?.perihelionJdTt).toBeCloseTo(2460000.5, 9);
  });

  it('returns null outside elliptic orbits', () => {
    expect(ellipticToPerihelion(-2, 1.5, 10, 2460000.5)).toBeNull();
    expect(ellipticToPerihelion(2, 1, 10, 2460000.5)).toBeNull();
    expect(ellipticToPerihelion(Number.NaN, 0.1, 10, 2460000.5)).toBeNull();
  });
});
