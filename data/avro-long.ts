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
