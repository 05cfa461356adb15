import { describe, expect, it } from 'vitest';
import { formatDecDms, formatRaHms, parseDecDeg, parseRaDeg } from './sexagesimal.js';

describe('sexagesimal formatting', () => {
  it('writes the reference cone-search position (docs/references.md#api-cone-test: 12h55m17.218s +02d53m50.35s)', () => {
    expect(formatRaHms(193.8217417)).toBe('12:55:17.22');
    expect(formatDecDms(2.8973194, 2)).toBe('+02:53:50.35');
    expect(formatDecDms(-0.5)).toBe('-00:30:00.0');
  });

  it('never writes 60 seconds or 24 hours when rounding up', () => {
    expect(formatRaHms(359.99999999)).toBe('00:00:00.00');
    expect(formatDecDms(10.999999999)).toBe('+11:00:00.0');
  });

  it('round-trips through the parsers to the rounding of the text (0.01 s of time = 0.15″)', () => {
    for (const [ra, dec] of [
      [0.001, -89.99],
      [193.822, 2.89732],
      [271.5, -30.25],
    ]) {
      const raBack = parseRaDeg(formatRaHms(ra, 3));
      const decBack = parseDecDeg(formatDecDms(dec, 2));
      expect('deg' in raBack && Math.abs(raBack.deg - ra) * 3600).toBeLessThan(0.0151);
      expect('deg' in decBack && Math.abs(decBack.deg - dec) * 3600).toBeLessThan(0.0051);
    }
  });
});
