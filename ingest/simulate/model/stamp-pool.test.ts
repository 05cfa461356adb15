import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readFitsImage } from '../../../compute/fits/index.js';
import { Prng } from '../../../compute/random/index.js';
import { drawNoiseFields, renderStampImages, STAMP_SIZE_PX, StampPool, stampBin } from './stamp-pool.js';

const CENTER = 31 * 63 + 31;

describe('StampPool', () => {
  it('gives three gzipped 63x63 float32 FITS stamps with the source at the centre of the difference', () => {
    const pool = new StampPool(5);
    const set = pool.get('galaxy', 18.2, 3);
    for (const bytes of [set.science, set.template, set.difference]) {
      expect(bytes[0]).toBe(0x1f);
      expect(bytes[1]).toBe(0x8b);
      expect(gunzipSync(bytes).length).toBe(20160);
      const image = readFitsImage(bytes);
      expect(image.width).toBe(STAMP_SIZE_PX);
      expect(image.height).toBe(STAMP_SIZE_PX);
      expect(image.bitpix).toBe(-32);
      expect(image.header.get('BUNIT')).toBe('DN');
    }
    const diff = readFitsImage(set.difference).data;
    const sci = readFitsImage(set.science).data;
    const tpl = readFitsImage(set.template).data;
    // an 18.5 mag point source (bin centre) with zero point 26.3: ~1300 DN, peak ~200-500 DN over a noise of 8.5 DN
    expect(diff[CENTER]).toBeGreaterThan(100);
    const corner = Array.from(diff.subarray(0, 200));
    const rms = Math.sqrt(corner.reduce((s, v) => s + v * v, 0) / corner.length);
    expect(rms).toBeGreaterThan(5);
    expect(rms).toBeLessThan(15);
    // science minus template at the centre carries the source flux
    expect(sci[CENTER] - tpl[CENTER]).toBeGreaterThan(diff[CENTER] * 0.5);
    expect(tpl[5]).toBeGreaterThan(150);
  });

  it('renders a set from (seed, kind, bin, variant) only, cached and independent of request order', () => {
    const a = new StampPool(9);
    const b = new StampPool(9);
    const a1 = a.get('star', 16.4, 1);
    a.get('bare', 20.1, 2);
    b.get('bare', 20.1, 2);
    b.get('bogus', 19, 0);
    // same bin (16-17) and variant (4 % 3 = 1)
    expect(Buffer.from(b.get('star', 16.9, 4).science).equals(Buffer.from(a1.science))).toBe(true);
    expect(a.get('star', 16.4, 1)).toBe(a1);
    expect(a.size).toBe(2);
    expect(Buffer.from(new StampPool(10).get('star', 16.4, 1).science).equals(Buffer.from(a1.science))).toBe(
      false,
    );
  });

  it('bins magnitudes per magnitude from 14 to 21', () => {
    expect(stampBin(12)).toBe(0);
    expect(stampBin(14.2)).toBe(1);
    expect(stampBin(20.9)).toBe(7);
    expect(stampBin(23)).toBe(8);
    expect(stampBin(Number.NaN)).toBe(8);
  });

  it('draws a streak elongated along a line and a bogus compact or dipole', () => {
    const noise = drawNoiseFields(new Prng(0), 2);
    const streak = renderStampImages('streak', 16, new Prng(1), noise).difference;
    let above = 0;
    for (const v of streak) if (v > 40) above++;
    expect(above).toBeGreaterThan(20);
    const bogus = renderStampImages('bogus', 18, new Prng(2), noise).difference;
    expect(Math.max(...bogus)).toBeGreaterThan(100);
  });
});
