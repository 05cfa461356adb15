import { describe, expect, it } from 'vitest';
import { followsTrend } from './trends.js';

const values = (
  magRateMagPerDay: number | null,
  blazarM0: number | null = null,
  low: number | null = null,
) => ({
  magRateMagPerDay,
  blazarM0,
  blazarInstantnessLow: low,
});

describe('latests trends (fink-object-api latests/utils.py)', () => {
  it('rising is a negative magnitude rate, fading a positive one; no rate is neither', () => {
    expect(followsTrend('rising', values(-0.1))).toBe(true);
    expect(followsTrend('fading', values(-0.1))).toBe(false);
    expect(followsTrend('fading', values(38.66))).toBe(true);
    expect(followsTrend('rising', values(38.66))).toBe(false);
    for (const t of ['rising', 'fading'] as const) {
      expect(followsTrend(t, values(0))).toBe(false);
      expect(followsTrend(t, values(null))).toBe(false);
    }
  });

  it('low_state keeps every alert; new_low_state needs m0 >= 1, or instantness_low >= 1 without m0', () => {
    expect(followsTrend('low_state', values(null))).toBe(true);
    expect(followsTrend('new_low_state', values(null, 1))).toBe(true);
    expect(followsTrend('new_low_state', values(null, -1, 2))).toBe(false);
    expect(followsTrend('new_low_state', values(null, null, 1))).toBe(true);
    expect(followsTrend('new_low_state', values(null, null, 0.5))).toBe(false);
    expect(followsTrend('new_low_state', values(null))).toBe(false);
  });
});
