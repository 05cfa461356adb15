import { describe, expect, it } from 'vitest';
import { pix2angNest } from '../sky/index.js';
import { mocAreaDeg2, mocCells, mocContains, mocFromCells, mocFromRanges } from './moc.js';
import { formatMocAscii, formatMocJson, MocFormatError, parseMocAscii, parseMocJson } from './moc-format.js';

const P27 = 4n ** 27n; // order-29 pixels per order-2 cell
const SPHERE_DEG2 = 4 * Math.PI * (180 / Math.PI) ** 2; // 41,252.96 deg²

describe('normalisation', () => {
  it('merges four complete siblings into their parent and keeps the depth', () => {
    const moc = mocFromCells([{ order: 2, pixels: [3n, 1n, 0n, 2n, 5n, 5n] }]);
    expect(moc.ranges).toEqual([
      [0n, 4n * P27],
      [5n * P27, 6n * P27],
    ]);
    expect(mocCells(moc)).toEqual([
      { order: 1, pixels: [0n] },
      { order: 2, pixels: [5n] },
    ]);
  });

  it('widens ranges to whole cells of the depth and merges overlaps', () => {
    const moc = mocFromRanges(
      [
        [10n, 20n],
        [P27 - 1n, P27 + 1n],
        [5n, 6n],
      ],
      2,
    );
    expect(moc.ranges).toEqual([[0n, 2n * P27]]);
    expect(mocCells(moc)).toEqual([{ order: 2, pixels: [0n, 1n] }]);
  });

  it('covers the sphere with the 12 base cells and measures areas', () => {
    const all = mocFromCells([{ order: 0, pixels: Array.from({ length: 12 }, (_, f) => BigInt(f)) }], 3);
    expect(mocAreaDeg2(all)).toBeCloseTo(SPHERE_DEG2, 9);
    expect(mocCells(all)).toEqual([
      { order: 0, pixels: Array.from({ length: 12 }, (_, f) => BigInt(f)) },
      { order: 3, pixels: [] },
    ]);
    expect(mocAreaDeg2(mocFromCells([{ order: 2, pixels: [7n] }]))).toBeCloseTo(SPHERE_DEG2 / 192, 9);
  });

  it('tests positions against the ranges', () => {
    const moc = mocFromCells([{ order: 2, pixels: [5n, 100n] }]);
    const inside = pix2angNest(2, 100);
    const outside = pix2angNest(2, 6);
    expect(mocContains(moc, inside.raDeg, inside.decDeg)).toBe(true);
    expect(mocContains(moc, outside.raDeg, outside.decDeg)).toBe(false);
  });
});

describe('MOC 2.0 ASCII and JSON', () => {
  it('writes runs and the depth, and reads its own output back', () => {
    const moc = parseMocAscii('2/0-3 5 7-9\n4/ ');
    expect(formatMocAscii(moc)).toBe('1/0 2/5 7-9 4/');
    expect(formatMocJson(moc)).toBe('{"1":[0],"2":[5,7,8,9],"4":[]}');
    expect(parseMocJson(formatMocJson(moc))).toEqual(moc);
    expect(parseMocAscii(formatMocAscii(moc))).toEqual(moc);
  });

  it('reads the IVOA MOC 2.0 example, dropping 2/4 and 2/12-14 that lie inside 1/1 and 1/3 (spec §4.3.2)', () => {
    const moc = parseMocAscii('1/1 3-4 9 2/4 25 12-14 21 23 25 8/');
    expect(formatMocAscii(moc)).toBe('1/1 3-4 9 2/21 23 25 8/');
    expect(parseMocJson('{ "1": [1, 3, 4, 9], "2": [4, 25, 12, 13, 14, 21, 23, 25], "8": [] }')).toEqual(moc);
  });

  it('keeps order-29 pixels beyond 2^53 exact', () => {
    const last = 12n * 4n ** 29n - 1n;
    const moc = parseMocJson(`{"29":[${last}]}`);
    expect(moc.ranges).toEqual([[last, last + 1n]]);
    expect(formatMocAscii(moc)).toBe(`29/${last}`);
  });

  it('rejects malformed text', () => {
    expect(() => parseMocAscii('5 1/3')).toThrow(MocFormatError);
    expect(() => parseMocAscii('1/3-2')).toThrow(MocFormatError);
    expect(() => parseMocAscii('30/1')).toThrow(MocFormatError);
    expect(() => parseMocAscii('')).toThrow(MocFormatError);
    expect(() => parseMocAscii('0/12')).toThrow(RangeError);
    expect(() => parseMocJson('[1,2]')).toThrow(MocFormatError);
    expect(() => parseMocJson('{"1":[1.5]}')).toThrow(MocFormatError);
    expect(() => parseMocJson('{"a":[1]}')).toThrow(MocFormatError);
  });
});
