import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readPng } from '../../test/support/png.js';
import { encodePng, PNG_SIGNATURE } from './png.js';

function gradient(width: number, height: number, channels: number): Uint8Array {
  const out = new Uint8Array(width * height * channels);
  for (let i = 0; i < out.length; i++) out[i] = (i * 37 + (i >> 5)) & 0xff;
  return out;
}

describe('encodePng', () => {
  it('writes the signature, then IHDR, IDAT and IEND with valid CRCs and the right header', () => {
    const png = encodePng(gradient(63, 63, 1), 63, 63, 'grey');
    expect([...png.subarray(0, 8)]).toEqual([...PNG_SIGNATURE]);
    const view = new DataView(png.buffer, png.byteOffset);
    expect(view.getUint32(8)).toBe(13);
    expect(String.fromCharCode(...png.subarray(12, 16))).toBe('IHDR');
    expect(view.getUint32(16)).toBe(63);
    expect(view.getUint32(20)).toBe(63);
    expect([...png.subarray(24, 29)]).toEqual([8, 0, 0, 0, 0]);
    expect(view.getUint32(29)).toBe(crc32(png.subarray(12, 29)));
    expect(String.fromCharCode(...png.subarray(png.length - 8, png.length - 4))).toBe('IEND');
  });

  it('round-trips greyscale pixels through zlib inflate and unfiltering', () => {
    const pixels = gradient(63, 63, 1);
    const image = readPng(encodePng(pixels, 63, 63, 'grey'));
    expect(image).toMatchObject({ width: 63, height: 63, color: 'grey' });
    expect(image.pixels).toEqual(pixels);
  });

  it('round-trips RGB pixels, odd sizes and every zlib level', () => {
    const pixels = gradient(5, 3, 3);
    for (const level of [0, 1, 9]) {
      const image = readPng(encodePng(pixels, 5, 3, 'rgb', level));
      expect(image.color).toBe('rgb');
      expect(image.pixels).toEqual(pixels);
    }
  });

  it('stores each row with one filter byte (type 1, Sub) before the row', () => {
    const png = encodePng(Uint8Array.of(10, 20, 30, 40), 2, 2, 'grey');
    const idatLength = new DataView(png.buffer, png.byteOffset).getUint32(33);
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect([...raw]).toEqual([1, 10, 10, 1, 30, 10]);
  });

  it('rejects inconsistent sizes', () => {
    expect(() => encodePng(new Uint8Array(10), 3, 3, 'grey')).toThrow(RangeError);
    expect(() => encodePng(new Uint8Array(0), 0, 0, 'grey')).toThrow(RangeError);
    expect(() => encodePng(new Uint8Array(9), 3, 3, 'rgb')).toThrow(RangeError);
  });

  it('is read back only when intact: a flipped byte fails the CRC check', () => {
    const png = encodePng(gradient(4, 4, 1), 4, 4, 'grey');
    png[20] ^= 1;
    expect(() => readPng(png)).toThrow(/crc/i);
  });
});
