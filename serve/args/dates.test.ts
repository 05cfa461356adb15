import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_START_JD, dateArg, nowJd, parseDateToJd } from './dates.js';

/** Tolerance on a JD (days): 1e-8 d ≈ 1 ms, above float64 rounding of JD ≈ 2.46e6 (≈ 5e-10 d). */
const TOLERANCE_DAYS = 1e-8;
const jdOf = (v: string | number): number => {
  const parsed = parseDateToJd(v);
  if (!('jd' in parsed)) throw new Error(`expected a date: ${JSON.stringify(v)} ${parsed.error}`);
  return parsed.jd;
};

describe('parseDateToJd', () => {
  it('reads the start of Fink operations as JD 2458788.5', () => {
    expect(jdOf('2019-11-01')).toBe(DEFAULT_START_JD);
    expect(jdOf('2019-11-01 00:00:00')).toBe(DEFAULT_START_JD);
  });

  // 2021-11-03 10:00:00 UTC = JD 2459521.5 + 10/24 = MJD 59521.41666…
  it.each([
    '2021-11-03 10:00:00',
    '2021-11-03T10:00:00',
    '2021-11-03T10:00:00Z',
    '2021-11-03 10:00',
    '2021-11-03 10:00:00.000',
    '  2021-11-03 10:00:00 ',
    2459521.5 + 10 / 24,
    String(2459521.5 + 10 / 24),
    59521 + 10 / 24,
    String(59521 + 10 / 24),
  ])('gives the same instant for %j as ISO, JD and MJD', (v) => {
    expect(jdOf(v)).toBeCloseTo(2459521.5 + 10 / 24, 8);
    expect(Math.abs(jdOf(v) - jdOf('2021-11-03 10:00:00'))).toBeLessThan(TOLERANCE_DAYS);
  });

  it('keeps fractions of a second', () => {
    expect((jdOf('2021-07-01 05:59:37.500') - jdOf('2021-07-01 05:59:37')) * 86400).toBeCloseTo(0.5, 4);
  });

  it('treats numbers below 2,400,000 as MJD and from 2,400,000 on as JD (docs/references.md#api-dates)', () => {
    expect(jdOf(2399999.9)).toBeCloseTo(2399999.9 + 2400000.5, 6);
    expect(jdOf(2400000)).toBe(2400000);
    expect(jdOf(0)).toBe(2400000.5);
  });

  it.each([
    ['2021-02-30', /calendar/],
    ['2021-11-03 24:00:00', /calendar/],
    ['2021-11-03 10:61', /calendar/],
    ['yesterday', /ISO UTC date/],
    ['2021/11/03', /ISO UTC date/],
    ['', /ISO UTC date/],
    ['-5', /negative/],
    [20211103, /year 9999/],
    [Number.NaN, /ISO UTC date/],
    ['1e999', /ISO UTC date/],
    ["2021-11-03'; DROP TABLE x", /ISO UTC date/],
  ])('rejects %j', (v, pattern) => {
    const parsed = parseDateToJd(v);
    expect('error' in parsed && parsed.error).toMatch(pattern);
  });
});

describe('dateArg', () => {
  const schema = z.object({ startdate: dateArg });
  it('turns ISO, JD and MJD into the same jd', () => {
    const a = schema.parse({ startdate: '2021-11-05 10:00:00' }).startdate;
    const b = schema.parse({ startdate: a }).startdate;
    const c = schema.parse({ startdate: String(a - 2400000.5) }).startdate;
    expect(b).toBe(a);
    expect(Math.abs(c - a)).toBeLessThan(TOLERANCE_DAYS);
  });
  it('fails with a message naming the value and the accepted forms', () => {
    const r = schema.safeParse({ startdate: 'soon' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toMatch(/"soon" is not an ISO UTC date .* a JD or an MJD/);
  });
});

describe('nowJd', () => {
  it('converts Unix milliseconds to JD', () => {
    expect(nowJd(0)).toBe(2440587.5);
    expect(nowJd(Date.UTC(2019, 10, 1))).toBe(DEFAULT_START_JD);
  });
});
