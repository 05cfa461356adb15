import { describe, expect, it } from 'vitest';
import { ARCSEC_PER_DEG, MAX_RADIUS_ARCSEC, parseDecDeg, parseRaDeg, parseRadiusArcsec } from './coords.js';

/** Tolerance on an angle (degrees): 1e-9° ≈ 4 µas, far below the 0.001″ of the inputs. */
const TOLERANCE_DEG = 1e-9;
const deg = (p: { deg: number } | { error: string }): number => {
  if (!('deg' in p)) throw new Error(p.error);
  return p.deg;
};

describe('parseRaDeg', () => {
  // 12h55m17.218s = 193d49m18.27s = 193.8217417°
  const expected = (12 + 55 / 60 + 17.218 / 3600) * 15;
  it.each([
    '12h55m17.218s',
    '12h 55m 17.218s',
    '12 55 17.218',
    '12:55:17.218',
    ' 12:55:17.218 ',
    '193d49m18.27s',
    String(expected),
    expected,
  ])('reads %j (docs/references.md#api-cone-test forms)', (v) => {
    expect(Math.abs(deg(parseRaDeg(v)) - expected)).toBeLessThan(TOLERANCE_DEG);
  });

  it('reads decimal degrees, with or without a unit', () => {
    expect(deg(parseRaDeg('193.822'))).toBe(193.822);
    expect(deg(parseRaDeg('193.822d'))).toBe(193.822);
    expect(deg(parseRaDeg('0'))).toBe(0);
    expect(deg(parseRaDeg(360))).toBe(0);
  });

  it.each([
    ['kfdlkj', /not a right ascension/],
    ['12 61 00', /not a right ascension/],
    ['12h55m60s', /not a right ascension/],
    ['-12 55 17', /not a right ascension/],
    ['-1', /between 0 and 360/],
    ['24h00m01s', /between 0 and 360/],
    [400, /between 0 and 360/],
    [Number.POSITIVE_INFINITY, /not a right ascension/],
    ["1' OR '1'='1", /not a right ascension/],
    ['', /not a right ascension/],
  ])('rejects %j', (v, pattern) => {
    const p = parseRaDeg(v);
    expect('error' in p && p.error).toMatch(pattern);
  });
});

describe('parseDecDeg', () => {
  const expected = 2 + 53 / 60 + 50.35 / 3600;
  it.each([
    '2d53m50.35s',
    '+02d53m50.35s',
    '+02 53 50.35',
    '02:53:50.35',
    '2°53\'50.35"',
    String(expected),
    expected,
  ])('reads %j (docs/references.md#api-cone-test forms)', (v) => {
    expect(Math.abs(deg(parseDecDeg(v)) - expected)).toBeLessThan(TOLERANCE_DEG);
  });

  it('keeps the sign of southern declinations, including -0 degrees', () => {
    expect(deg(parseDecDeg('-2:53:43'))).toBeCloseTo(-(2 + 53 / 60 + 43 / 3600), 12);
    expect(deg(parseDecDeg('-2d53m43s'))).toBeCloseTo(-(2 + 53 / 60 + 43 / 3600), 12);
    expect(deg(parseDecDeg('-00 30 00'))).toBe(-0.5);
    expect(deg(parseDecDeg('-00:30:00'))).toBe(-0.5);
  });

  it.each([
    ['lkfdjf', /not a declination/],
    ['91', /between -90 and \+90/],
    ['-90 00 01', /between -90 and \+90/],
    ['2 60 00', /not a declination/],
    ['2h53m', /not a declination/],
  ])('rejects %j', (v, pattern) => {
    const p = parseDecDeg(v);
    expect('error' in p && p.error).toMatch(pattern);
  });
});

describe('parseRadiusArcsec', () => {
  it('converts arcseconds to degrees, as numbers or text', () => {
    expect(deg(parseRadiusArcsec(5))).toBe(5 / ARCSEC_PER_DEG);
    expect(deg(parseRadiusArcsec('5'))).toBe(5 / ARCSEC_PER_DEG);
    expect(deg(parseRadiusArcsec(MAX_RADIUS_ARCSEC))).toBe(5);
  });
  it.each([
    [36000, /cannot be bigger than 18,000 arcseconds \(5 degrees\)/],
    [18000.001, /cannot be bigger/],
    [0, /positive/],
    ['-3', /positive/],
    ['5 arcmin', /number of arcseconds/],
    ['', /number of arcseconds/],
  ])('rejects %j', (v, pattern) => {
    const p = parseRadiusArcsec(v);
    expect('error' in p && p.error).toMatch(pattern);
  });
});
