import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { bigintLongType } from './avro-long.js';
import { ByteSink, FlatRecordWriter } from './flat-record-writer.js';

const schema = {
  type: 'record',
  name: 'flat',
  fields: [
    { name: 's', type: ['string', 'null'] },
    { name: 'l', type: ['long', 'null'] },
    { name: 'n', type: ['null', 'long'], default: null },
    { name: 'i', type: 'int' },
    { name: 'f', type: ['float', 'null'] },
    { name: 'd', type: 'double' },
    { name: 'b', type: ['boolean', 'null'] },
    { name: 'y', type: ['bytes', 'null'] },
  ],
};
const type = avro.Type.forSchema(schema as avro.Schema, { registry: { long: bigintLongType } });
const writer = FlatRecordWriter.fromSchema(schema);

function encode(record: Record<string, unknown>): Buffer {
  const sink = new ByteSink(8);
  writer.write(record, sink);
  return sink.take();
}

describe('FlatRecordWriter', () => {
  it('writes exactly what avsc writes, for BigInt longs of any size, nulls in either union order', () => {
    const longs = [
      0n,
      1n,
      -1n,
      2481321673515010006n,
      -(2n ** 63n),
      2n ** 63n - 1n,
      2n ** 52n,
      -(2n ** 52n) - 1n,
      123456789n,
    ];
    for (const [k, l] of longs.entries()) {
      const record = {
        s: k % 2 ? 'ZTF24abcdefg' : null,
        l,
        n: k % 3 ? l : null,
        i: -k * 1000,
        f: k % 2 ? null : 20.5 + k,
        d: 2460400.123456789 + k,
        b: k % 3 === 0 ? null : k % 2 === 0,
        y: k % 2 ? Buffer.from([k, 255, 0]) : null,
      };
      expect(encode(record).equals(type.toBuffer(record)), String(l)).toBe(true);
      expect(type.fromBuffer(encode(record)).l).toBe(l);
    }
  });

  it('grows its buffer and accepts safe-integer numbers for longs', () => {
    const big = 'x'.repeat(5000);
    const record = { s: big, l: 42, n: null, i: 1, f: 1.5, d: 2, b: true, y: null };
    expect(encode(record).equals(type.toBuffer({ ...record, l: 42n }))).toBe(true);
  });

  it('rejects values of the wrong type and nulls in non-nullable fields', () => {
    const ok = { s: null, l: 1n, n: null, i: 1, f: null, d: 1, b: null, y: null };
    expect(() => encode({ ...ok, i: 1.5 })).toThrow(/field i/);
    expect(() => encode({ ...ok, d: null })).toThrow(/field d/);
    expect(() => encode({ ...ok, s: 5 })).toThrow(TypeError);
    expect(() => encode({ ...ok, l: 2 ** 60 })).toThrow(TypeError);
    // longs beyond 64 bits are refused, not wrapped
    expect(() => encode({ ...ok, l: 2n ** 63n })).toThrow(/field l/);
    expect(() => encode({ ...ok, l: -(2n ** 63n) - 1n })).toThrow(/field l/);
    expect(() =>
      FlatRecordWriter.fromSchema({ fields: [{ name: 'x', type: { type: 'array', items: 'int' } }] }),
    ).toThrow(TypeError);
  });
});

describe('ByteSink number texts', () => {
  const text = (write: (sink: ByteSink) => void): string => {
    const sink = new ByteSink(4);
    write(sink);
    return sink.take().toString('latin1');
  };

  it('writes m × 10^k as JavaScript writes the number, around every place of the point', () => {
    // a decimal of at most 10 digits reads back to a double whose shortest text is that decimal
    const cases: [number, number][] = [];
    for (const m of [1, 7, 12, 905, 12345, 1000001, 123456789, 2147483647])
      for (let k = -16; k <= 8; k++) cases.push([m, k]);
    for (const [m, k] of cases) {
      const expected = String(Number(`${m}e${k}`));
      if (/e/.test(expected)) continue;
      expect(text((s) => s.decimal(false, m, k))).toBe(expected);
      expect(text((s) => s.decimal(true, m, k))).toBe(`-${expected}`);
    }
    expect(text((s) => s.decimal(false, 0, 0))).toBe('0');
  });

  it('writes 32-bit integers as String does', () => {
    for (const n of [0, -0, 1, -1, 9, 10, -10, 99, 100, 65535, -2147483648, 2147483647, 1234567890])
      expect(text((s) => s.int32(n))).toBe(String(n));
  });
});
