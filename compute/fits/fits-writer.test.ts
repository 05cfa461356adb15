import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readFitsImage } from './fits-reader.js';
import { FITS_BLOCK_BYTES, formatCard, writeFitsImage, writeFitsImageExtension } from './fits-writer.js';

describe('formatCard', () => {
  it('writes fixed-format values right-justified in columns 11-30', () => {
    expect(formatCard('BITPIX', -32)).toBe(`BITPIX  = ${'-32'.padStart(20)}`.padEnd(80));
    expect(formatCard('SIMPLE', true).slice(0, 30)).toBe(`SIMPLE  = ${'T'.padStart(20)}`);
    expect(formatCard('NAXIS1', 63).slice(10, 30)).toBe('                  63');
  });

  it('quotes strings, doubles quotes and pads to 8 characters', () => {
    expect(formatCard('BUNIT', 'DN').slice(0, 20)).toBe("BUNIT   = 'DN      '");
    expect(formatCard('OBJECT', "O'Neil").slice(10, 20)).toBe("'O''Neil '");
  });

  it('adds a comment after a slash and keeps 80 characters', () => {
    const card = formatCard('JD', 2460235.8216782, 'exposure start, JD UTC');
    expect(card).toHaveLength(80);
    expect(card).toContain('2460235.8216782 / exposure start, JD UTC');
  });

  it('rejects bad keywords and non-finite numbers', () => {
    expect(() => formatCard('toolongkey', 1)).toThrow(RangeError);
    expect(() => formatCard('lower', 1)).toThrow(RangeError);
    expect(() => formatCard('X', Number.NaN)).toThrow(RangeError);
  });
});

describe('writeFitsImage', () => {
  const width = 63;
  const height = 63;
  const data = new Float32Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = (i % 97) * 1.5 - 20.25;

  it('pads header and data to 2880-byte blocks (63x63 → 20,160 bytes as in ZTF stamps)', () => {
    const bytes = writeFitsImage({ width, height, data, cards: [{ keyword: 'BUNIT', value: 'DN' }] });
    expect(bytes.length).toBe(20160);
    expect(bytes.length % FITS_BLOCK_BYTES).toBe(0);
    const header = new TextDecoder().decode(bytes.subarray(0, 2880));
    expect(header.slice(0, 80)).toBe(`SIMPLE  = ${'T'.padStart(20)} / conforms to FITS standard`.padEnd(80));
    expect(header.slice(5 * 80, 5 * 80 + 20)).toBe("BUNIT   = 'DN      '");
    expect(header.slice(6 * 80, 6 * 80 + 3)).toBe('END');
    // first pixel, big-endian float32 right after the header
    expect(new DataView(bytes.buffer, 2880, 4).getFloat32(0, false)).toBe(-20.25);
    // zero padding after the data
    expect(bytes[20159]).toBe(0);
  });

  it('round-trips through the reader, also when gzipped, with its extra cards', () => {
    const bytes = writeFitsImage({
      width,
      height,
      data,
      cards: [
        { keyword: 'OBJECT', value: 'ZTF24aaabcde' },
        { keyword: 'JD', value: 2460300.75 },
      ],
    });
    for (const input of [bytes, new Uint8Array(gzipSync(bytes, { level: 1 }))]) {
      const image = readFitsImage(input);
      expect(image.width).toBe(63);
      expect(image.height).toBe(63);
      expect(image.bitpix).toBe(-32);
      expect(image.header.get('OBJECT')).toBe('ZTF24aaabcde');
      expect(image.header.get('JD')).toBe(2460300.75);
      expect(Array.from(image.data)).toEqual(Array.from(data));
    }
  });

  it('rejects data of the wrong length', () => {
    expect(() => writeFitsImage({ width: 2, height: 2, data: [1, 2, 3] })).toThrow(RangeError);
  });
});

describe('writeFitsImageExtension', () => {
  it('writes an IMAGE extension with PCOUNT and GCOUNT, in double precision on request', () => {
    const bytes = writeFitsImageExtension({
      width: 41,
      height: 41,
      data: Array.from({ length: 41 * 41 }, (_, i) => i / 3),
      bitpix: -64,
      cards: [{ keyword: 'EXTNAME', value: 'PSFIMAGE' }],
    });
    const header = Buffer.from(bytes.subarray(0, 2880)).toString('latin1');
    const keys = header.match(/.{80}/g)?.map((c) => c.slice(0, 8).trim());
    expect(keys?.slice(0, 9)).toEqual([
      'XTENSION',
      'BITPIX',
      'NAXIS',
      'NAXIS1',
      'NAXIS2',
      'PCOUNT',
      'GCOUNT',
      'EXTNAME',
      'END',
    ]);
    expect(header.slice(10, 20)).toBe("'IMAGE   '");
    // 41 * 41 * 8 = 13,448 bytes of data, padded to 5 blocks
    expect(bytes.length).toBe(2880 + 5 * 2880);
    expect(new DataView(bytes.buffer, 2880 + 8 * 7, 8).getFloat64(0, false)).toBe(7 / 3);
  });

  it('reads back as a primary HDU in double precision', () => {
    const image = readFitsImage(writeFitsImage({ width: 2, height: 1, data: [0.1, -2.5e-12], bitpix: -64 }));
    expect(image.bitpix).toBe(-64);
    expect(Array.from(image.data)).toEqual([0.1, -2.5e-12]);
  });
});
