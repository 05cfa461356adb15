import { describe, expect, it } from 'vitest';
import { jdUtcToTt, TT_MINUS_UTC_S, ttMinusUtcSeconds } from './time-scales.js';

describe('ttMinusUtcSeconds', () => {
  it('is 69.184 s from 2017-01-01 (ZTF era) and 68.184 s just before (IERS Bulletin C)', () => {
    expect(ttMinusUtcSeconds(2458800.5)).toBe(TT_MINUS_UTC_S);
    expect(ttMinusUtcSeconds(2457754.5)).toBe(69.184);
    expect(ttMinusUtcSeconds(2457754.4999)).toBe(68.184);
    expect(ttMinusUtcSeconds(2447892.5)).toBe(57.184); // 1990-01-01: TAI - UTC = 25 s
    expect(ttMinusUtcSeconds(2440000.5)).toBe(42.184); // before 1972: the 1972 value
  });

  it('converts JD UTC to JD TT', () => {
    expect(Math.abs(jdUtcToTt(2459000.5) - (2459000.5 + 69.184 / 86400))).toBeLessThan(1e-9);
  });
});
