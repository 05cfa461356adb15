import { describe, expect, it } from 'vitest';
import { encodeJsonRecords, float32Text, jsonValue } from './json.js';

describe('float32Text', () => {
  it.each([
    [0.59, '0.59'],
    [19.123, '19.123'],
    [3, '3'],
    [-0.001, '-0.001'],
    [2458814.5, '2458814.5'],
    [1e-7, '1e-7'],
  ])('writes float32(%d) as %s', (v, text) => {
    expect(float32Text(Math.fround(v))).toBe(text);
  });

  it('always reads back to the same float32', () => {
    for (let i = 0; i < 2000; i++) {
      const v = Math.fround(Math.sin(i) * 10 ** ((i % 12) - 6));
      expect(Math.fround(Number(float32Text(v)))).toBe(v);
    }
  });
});

describe('JSON records', () => {
  it('writes 64-bit integers exactly and NaN as null', () => {
    expect(encodeJsonRecords([{ 'i:candid': 1060135832015015002n, x: Number.NaN }])).toBe(
      '[{"i:candid":1060135832015015002,"x":null}]',
    );
    expect(jsonValue(Number.POSITIVE_INFINITY)).toBe('null');
  });
});
