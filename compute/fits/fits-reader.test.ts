import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testDataPath } from '../../test/support/test-data.js';
import { FitsError, imageRows, isGzip, readFitsHeader, readFitsImage } from './fits-reader.js';
import { formatCard } from './fits-writer.js';

const STAMPS = ['Science', 'Template', 'Difference'].map((k) =>
  testDataPath('cutouts', `ZTF19acihgng_1060135832015015002_cutout${k}.fits.gz`),
);

/** Builds a FITS file with integer pixels, for BITPIX 16/32 tests. */
function intFits(bitpix: 16 | 32, values: number[], extra: string[]): Uint8Array {
  const cards = [
    formatCard('SIMPLE', true),
    formatCard('BITPIX', bitpix),
    formatCard('NAXIS', 2),
    formatCard('NAXIS1', values.length),
    formatCard('NAXIS2', 1),
    ...extra,
    'END'.padEnd(80),
  ].join('');
  const out = new Uint8Array(2880 * 2);
  out.fill(0x20, 0, 2880);
  for (let i = 0; i < cards.length; i++) out[i] = cards.charCodeAt(i);
  const view = new DataView(out.buffer, 2880);
  values.forEach((v, i) => {
    if (bitpix === 16) view.setInt16(i * 2, v, false);
    else view.setInt32(i * 4, v, false);
  });
  return out;
}

describe('readFitsImage on real ZTF stamps (ZTF19acihgng, candid 1060135832015015002)', () => {
  it('reads the three gzipped 63x63 float32 stamps', () => {
    for (const file of STAMPS) {
      const bytes = new Uint8Array(fs.readFileSync(file));
      expect(isGzip(bytes)).toBe(true);
      const image = readFitsImage(bytes);
      expect(image.width).toBe(63);
      expect(image.height).toBe(63);
      expect(image.bitpix).toBe(-32);
      expect(image.header.get('NAXIS1')).toBe(63);
      expect(image.header.get('BUNIT')).toBe('DN');
      expect(image.data.length).toBe(3969);
      expect(image.data.every((v) => Number.isFinite(v))).toBe(true);
    }
  });

  it('finds the transient at the centre of the difference stamp and a brighter science than template', () => {
    const [sci, tpl, diff] = STAMPS.map((f) => readFitsImage(new Uint8Array(fs.readFileSync(f))));
    const rows = imageRows(diff);
    expect(rows).toHaveLength(63);
    // The brightest pixel of the difference image lies within 3 px of the centre (31, 31).
    let best = -Infinity;
    let bx = -1;
    let by = -1;
    for (const [y, row] of rows.entries()) {
      for (const [x, v] of row.entries()) {
        if (v > best) {
          best = v;
          bx = x;
          by = y;
        }
      }
    }
    expect(Math.abs(bx - 31)).toBeLessThanOrEqual(3);
    expect(Math.abs(by - 31)).toBeLessThanOrEqual(3);
    expect(sci.data[31 * 63 + 31]).toBeGreaterThan(0);
    expect(tpl.data.length).toBe(3969);
  });
});

describe('readFitsImage with integer pixels', () => {
  it('applies BZERO and BSCALE (BITPIX 16, unsigned convention)', () => {
    const image = readFitsImage(
      intFits(16, [-32768, 0, 100], [formatCard('BZERO', 32768), formatCard('BSCALE', 1)]),
    );
    expect(Array.from(image.data)).toEqual([0, 32768, 32868]);
  });

  it('scales BITPIX 32 and maps BLANK to NaN', () => {
    const image = readFitsImage(
      intFits(
        32,
        [10, -5, 999],
        [formatCard('BSCALE', 0.5), formatCard('BZERO', 1), formatCard('BLANK', 999)],
      ),
    );
    expect(image.data[0]).toBe(6);
    expect(image.data[1]).toBe(-1.5);
    expect(Number.isNaN(image.data[2])).toBe(true);
  });
});

describe('errors', () => {
  it('rejects bytes that are not FITS', () => {
    expect(() => readFitsImage(new Uint8Array(2880).fill(0x41))).toThrow(FitsError);
  });

  it('rejects a header without END', () => {
    const text = formatCard('SIMPLE', true);
    const bytes = new Uint8Array(80);
    for (let i = 0; i < 80; i++) bytes[i] = text.charCodeAt(i);
    expect(() => readFitsHeader(bytes)).toThrow(/END/);
  });

  it('rejects truncated data', () => {
    const full = intFits(16, [1, 2, 3], []);
    expect(() => readFitsImage(full.subarray(0, 2882))).toThrow(/truncated/);
  });
});
