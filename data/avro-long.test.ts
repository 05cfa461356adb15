import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { bigintLongType, readZigzagLong, zigzagLongEnd } from './avro-long.js';

describe('readZigzagLong', () => {
  const type = avro.Type.forSchema('long', { registry: { long: bigintLongType } });

  it('reads every 64-bit value avsc writes, and where its varint ends', () => {
    const values = [
      0n,
      1n,
      -1n,
      63n,
      -64n,
      64n,
      2n ** 31n,
      -(2n ** 31n),
      2n ** 32n - 1n,
      2n ** 53n,
      -(2n ** 53n) - 1n,
    ];
    values.push(1060135832015015002n, 2n ** 63n - 1n, -(2n ** 63n));
    for (let bits = 1; bits < 64; bits++) values.push(2n ** BigInt(bits) - 3n, -(2n ** BigInt(bits)) + 5n);
    for (const v of values) {
      const bytes = Buffer.concat([Buffer.from([0xff]), type.toBuffer(v), Buffer.from([0x7f])]);
      expect(readZigzagLong(bytes, 1, bytes.length)).toBe(v);
      expect(zigzagLongEnd.next).toBe(bytes.length - 1);
    }
  });

  it('reports a varint that runs past the end', () => {
    const bytes = type.toBuffer(1060135832015015002n);
    expect(readZigzagLong(bytes, 0, bytes.length - 1)).toBe(0n);
    expect(zigzagLongEnd.next).toBe(-1);
  });
});
