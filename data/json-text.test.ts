import { describe, expect, it } from 'vitest';
import { Prng } from '../compute/random/index.js';
import { doubleText, encodeJsonRecords, float32Text, float32TextBySearch, jsonValue } from './json-text.js';

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

describe('float32Text against the reference search', () => {
  it('gives the same text for random float32 bit patterns and edge values (powers of ten and two, ties)', () => {
    const f = new Float32Array(1);
    const bits = new Uint32Array(f.buffer);
    let seed = 12345;
    const values: number[] = [];
    for (let i = 0; i < 200_000; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      bits[0] = seed;
      if (Number.isFinite(f[0])) values.push(f[0]);
    }
    for (let e = -40; e < 40; e++)
      for (const m of [1, 1.5, 2.5, 9.999999, 1.0000001, 5, 0.5, 2 ** 20 + 1, 67412208])
        values.push(Math.fround(m * 10 ** e), -Math.fround(m * 10 ** e));
    const differing = values.filter((v) => float32Text(v) !== float32TextBySearch(v));
    expect(differing).toEqual([]);
  });
});

describe('JSON records layout', () => {
  it('writes empty records, empty tables and non-finite numbers as JSON.parse reads them', () => {
    expect(encodeJsonRecords([{}, { a: 1 }, {}])).toBe('[{},{"a":1},{}]');
    expect(encodeJsonRecords([])).toBe('[]');
    const text = encodeJsonRecords(
      [{ 'i:magpsf': Math.fround(0.59), x: Number.NEGATIVE_INFINITY, s: 'a"b' }],
      new Set(['i:magpsf']),
    );
    expect(text).toBe('[{"i:magpsf":0.59,"x":null,"s":"a\\"b"}]');
    expect(JSON.parse(text)).toEqual([{ 'i:magpsf': 0.59, x: null, s: 'a"b' }]);
  });
});

describe('doubleText', () => {
  it('writes what String writes, for values repeated and for values sharing a cache slot', () => {
    const prng = new Prng(21);
    // a few thousand distinct values (more than the cache's slots) drawn again and again, and edge values
    const pool = Array.from({ length: 6000 }, (_, i) =>
      i % 3 === 0 ? prng.nextUint32() / 7 : (prng.nextUint32() - 2 ** 31) * 1e-9 + i,
    );
    pool.push(0, -0, 1e21, 1e-7, -1.5, 2458814.500001, Number.MAX_VALUE, Number.MIN_VALUE);
    let mismatches = 0;
    for (let k = 0; k < 50_000; k++) {
      const v = pool[prng.nextUint32() % pool.length];
      if (doubleText(v) !== String(v)) mismatches++;
    }
    expect(mismatches).toBe(0);
  });
});
