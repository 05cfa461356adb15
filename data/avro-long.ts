/** An avsc `long` type that reads and writes 64-bit integers as BigInt, so that candid (~1e18) stays exact. */
import avro from 'avsc';

export const bigintLongType = avro.types.LongType.__with({
  fromBuffer: (buf: Buffer): bigint => buf.readBigInt64LE(0),
  toBuffer: (n: bigint | number): Buffer => {
    const buf = Buffer.alloc(8);
    buf.writeBigInt64LE(BigInt(n), 0);
    return buf;
  },
  fromJSON: (n: number | string | bigint): bigint => BigInt(n),
  toJSON: (n: bigint): number => Number(n),
  isValid: (n: unknown): boolean => typeof n === 'bigint' || (typeof n === 'number' && Number.isInteger(n)),
  compare: (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0),
});

/** Bounds of Avro's long (a signed 64-bit integer). */
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** Where the last {@link readZigzagLong} ended: the position after its varint, or -1 when the bytes ended first. */
export const zigzagLongEnd = { next: 0 };
const LONG_BYTES = new DataView(new ArrayBuffer(8));

/**
 * Reads the zigzag varint at `pos` of `bytes` (Avro `long`, up to 10 bytes) as a signed 64-bit BigInt, through two
 * 32-bit halves: one BigInt made per value, where a BigInt accumulation makes ~3 per byte. Sets
 * {@link zigzagLongEnd} (to -1, returning 0n, when the varint runs past `end`).
 *
 * Reference: Apache Avro 1.11 specification, "Binary Encoding" (zig-zag variable-length longs).
 */
export function readZigzagLong(bytes: Uint8Array, pos: number, end: number): bigint {
  let lo = 0;
  let hi = 0;
  let shift = 0;
  let b: number;
  do {
    if (pos >= end) {
      zigzagLongEnd.next = -1;
      return 0n;
    }
    b = bytes[pos++];
    const bits = b & 0x7f;
    if (shift < 32) {
      lo |= bits << shift;
      if (shift > 25) hi |= bits >>> (32 - shift);
    } else if (shift < 64) hi |= bits << (shift - 32);
    shift += 7;
  } while (b & 0x80);
  zigzagLongEnd.next = pos;
  // zig-zag: (u >>> 1) ^ -(u & 1) on the 64-bit value
  const negative = lo & 1;
  let vlo = ((lo >>> 1) | (hi << 31)) >>> 0;
  let vhi = hi >>> 1;
  if (negative) {
    vlo = ~vlo >>> 0;
    vhi = ~vhi >>> 0;
  }
  LONG_BYTES.setUint32(0, vlo, true);
  LONG_BYTES.setUint32(4, vhi, true);
  return LONG_BYTES.getBigInt64(0, true);
}
