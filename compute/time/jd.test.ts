import { describe, expect, it } from 'vitest';
import { Prng } from '../random/index.js';
import { JD_UNIX_EPOCH, jdToIsoText, MS_PER_DAY } from './jd.js';

/** The text JavaScript's Date writes for the JD rounded to the millisecond (the definition). */
const byDate = (jd: number): string =>
  new Date(Math.round((jd - JD_UNIX_EPOCH) * MS_PER_DAY)).toISOString().replace('T', ' ').replace('Z', '');

const jdOf = (iso: string): number => Date.parse(iso) / MS_PER_DAY + JD_UNIX_EPOCH;

describe('jdToIsoText', () => {
  it('writes what Date writes, for JDs drawn over years 0000-9999 and beyond', () => {
    const rng = new Prng(5);
    for (let n = 0; n < 20000; n++) {
      const jd = n % 2 === 0 ? rng.range(1721059.5, 5373484.5) : rng.range(2458000, 2462000);
      expect(jdToIsoText(jd)).toBe(byDate(jd));
    }
    for (const jd of [1721059.4, 1000000.25, 5373484.5, 6000000.75, 0])
      expect(jdToIsoText(jd)).toBe(byDate(jd));
  });

  it('writes the calendar edges: leap days, century years, midnights and rounding into the next day', () => {
    for (const iso of [
      '0000-01-01T00:00:00.000Z',
      '0000-02-29T12:00:00.000Z',
      '1900-02-28T23:59:59.999Z',
      '1900-03-01T00:00:00.000Z',
      '2000-02-29T06:30:00.500Z',
      '2019-11-27T03:14:15.926Z',
      '2024-12-31T23:59:59.999Z',
      '2100-03-01T00:00:00.001Z',
      '9999-12-31T23:59:59.999Z',
    ]) {
      const jd = jdOf(iso);
      expect(jdToIsoText(jd)).toBe(byDate(jd));
      expect(jdToIsoText(jd)).toBe(iso.replace('T', ' ').replace('Z', ''));
    }
    // 0.4 ms before midnight rounds up to the next day
    expect(jdToIsoText(jdOf('2024-01-01T00:00:00.000Z') - 0.0004 / 86400)).toBe('2024-01-01 00:00:00.000');
  });

  it('writes the right text for instants met again or sharing a remembered slot', () => {
    // a night's exposures repeat; instants 4,096 ms apart (and negative ones) share a slot of the texts remembered
    const rng = new Prng(11);
    const start = jdOf('2024-02-05T03:00:00.000Z');
    const jds: number[] = [];
    for (let n = 0; n < 500; n++) {
      const ms = Math.round(rng.range(0, 10 * 3600 * 1000));
      for (const k of [0, 1, 2, -3]) jds.push(start + (ms + k * 4096) / MS_PER_DAY);
    }
    jds.push(jdOf('1960-01-01T00:00:00.000Z'), jdOf('1960-01-01T00:00:04.096Z'), 1000000.25);
    for (let pass = 0; pass < 3; pass++) {
      for (const jd of jds) expect(jdToIsoText(jd)).toBe(byDate(jd));
      rng.shuffle(jds);
    }
  });
});
