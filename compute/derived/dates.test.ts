import { describe, expect, it } from 'vitest';
import { firstdate, lapseDays, lastdate } from './dates.js';

/** JD 2459000.5 = 2020-05-31 00:00:00 UTC (2451544.5 = 2000-01-01 00:00, plus 7456 days). */
const JD_2020_05_31 = 2459000.5;
/** 2021-10-22 09:19:49 UTC = 2459509.5 + 33589 s / 86400 s (the reference's tracklet test date, §7.9). */
const JD_TRACKLET = 2459509.5 + 33589 / 86400;
const MS_IN_DAYS = 1 / 86_400_000;

describe('lastdate / firstdate (docs/references.md#api-dates, #derived-fields)', () => {
  it('writes ISO UTC text with milliseconds', () => {
    expect(lastdate(JD_2020_05_31)).toBe('2020-05-31 00:00:00.000');
    expect(lastdate(JD_TRACKLET)).toBe('2021-10-22 09:19:49.000');
    expect(firstdate(JD_2020_05_31 + 0.75)).toBe('2020-05-31 18:00:00.000');
    // J2000.0 is noon.
    expect(firstdate(2451545.0)).toBe('2000-01-01 12:00:00.000');
  });

  it('rounds to the nearest millisecond', () => {
    expect(lastdate(JD_2020_05_31 + 1.4 * MS_IN_DAYS)).toBe('2020-05-31 00:00:00.001');
    expect(lastdate(JD_2020_05_31 + 1.6 * MS_IN_DAYS)).toBe('2020-05-31 00:00:00.002');
    expect(lastdate(JD_2020_05_31 - 0.4 * MS_IN_DAYS)).toBe('2020-05-31 00:00:00.000');
    expect(lastdate(JD_2020_05_31 - 0.6 * MS_IN_DAYS)).toBe('2020-05-30 23:59:59.999');
  });

  it('gives null for a missing or unrepresentable date', () => {
    expect(lastdate(null)).toBeNull();
    expect(firstdate(Number.NaN)).toBeNull();
    expect(lastdate(Number.POSITIVE_INFINITY)).toBeNull();
    expect(lastdate(1e12)).toBeNull();
    expect(lastdate(-1)).toBeNull();
    // 10000-01-01 needs a five-digit year.
    expect(lastdate(5373484.5)).toBeNull();
    expect(lastdate(5373484.5 - MS_IN_DAYS)).toBe('9999-12-31 23:59:59.999');
    expect(firstdate(1721059.5)).toBe('0000-01-01 00:00:00.000');
  });
});

describe('lapseDays (docs/references.md#derived-fields)', () => {
  it('is jd − jdstarthist in days', () => {
    expect(lapseDays(JD_2020_05_31 + 10, JD_2020_05_31)).toBe(10);
    expect(lapseDays(JD_2020_05_31, JD_2020_05_31)).toBe(0);
    expect(lapseDays(JD_2020_05_31 + 0.25, JD_2020_05_31)).toBe(0.25);
  });

  it('is null when either date is missing', () => {
    expect(lapseDays(null, JD_2020_05_31)).toBeNull();
    expect(lapseDays(JD_2020_05_31, null)).toBeNull();
    expect(lapseDays(Number.NaN, JD_2020_05_31)).toBeNull();
  });
});
