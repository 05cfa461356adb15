/**
 * Writes Avro binary values into one growing, reused buffer: the row documents' encoder writes its records field
 * by field with it, where avsc would first check each value against its union branches (~8x slower for these
 * records of nullable scalars).
 *
 * Reference: Apache Avro 1.11 specification, "Binary Encoding" (zigzag varints for int and long, little-endian
 * float and double, length-prefixed UTF-8 strings, unions as a branch index then the value).
 */

/** Longs of magnitude below 2^52 have a zigzag value below 2^53: exact in double arithmetic. */
const NUMBER_LONG_LIMIT = 2n ** 52n;

export class AvroWriter {
  private buf: Buffer;
  /** Bytes written since the last {@link take}. */
  private at = 0;

  constructor(initialBytes = 8192) {
    this.buf = Buffer.allocUnsafe(initialBytes);
  }

  /** Makes room for `more` bytes (keeping what is written). */
  private ensure(more: number): void {
    if (this.at + more <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + more));
    this.buf.copy(grown, 0, 0, this.at);
    this.buf = grown;
  }

  /** A varint of an unsigned 64-bit value given as its 32-bit halves. */
  private varint(lo: number, hi: number): void {
    this.ensure(10);
    const buf = this.buf;
    let at = this.at;
    while (hi !== 0 || lo >= 0x80) {
      buf[at++] = (lo & 0x7f) | 0x80;
      lo = ((lo >>> 7) | ((hi & 0x7f) << 25)) >>> 0;
      hi >>>= 7;
    }
    buf[at++] = lo;
    this.at = at;
  }

  /** An int (a 32-bit integer). */
  int(v: number): void {
    this.varint(((v << 1) ^ (v >> 31)) >>> 0, 0);
  }

  /** A long (a 64-bit integer). */
  long(v: bigint): void {
    if (v > -NUMBER_LONG_LIMIT && v < NUMBER_LONG_LIMIT) {
      this.count(Number(v));
      return;
    }
    const z = BigInt.asUintN(64, (v << 1n) ^ (v >> 63n));
    this.varint(Number(z & 0xffffffffn), Number(z >> 32n));
  }

  /** A long given as a number (an integer of magnitude below 2^52: counts, lengths, union branches). */
  count(n: number): void {
    const z = n >= 0 ? n * 2 : -n * 2 - 1;
    this.varint(z % 0x100000000, Math.floor(z / 0x100000000));
  }

  /** One raw byte (a union branch below 64, a boolean). */
  byte(b: number): void {
    this.ensure(1);
    this.buf[this.at++] = b;
  }

  float(v: number): void {
    this.ensure(4);
    this.at = this.buf.writeFloatLE(v, this.at);
  }

  double(v: number): void {
    this.ensure(8);
    this.at = this.buf.writeDoubleLE(v, this.at);
  }

  boolean(v: boolean): void {
    this.byte(v ? 1 : 0);
  }

  /** A string: its UTF-8 length then bytes. */
  string(s: string): void {
    const length = Buffer.byteLength(s, 'utf8');
    this.count(length);
    this.ensure(length);
    if (length === s.length) {
      const buf = this.buf;
      const at = this.at;
      for (let k = 0; k < length; k++) buf[at + k] = s.charCodeAt(k);
    } else {
      this.buf.write(s, this.at, length, 'utf8');
    }
    this.at += length;
  }

  /** A copy of the bytes written since the last call; the writer starts over. */
  take(): Buffer {
    const out = Buffer.allocUnsafe(this.at);
    this.buf.copy(out, 0, 0, this.at);
    this.at = 0;
    return out;
  }

  /** Forgets what was written (after a failed encoding). */
  reset(): void {
    this.at = 0;
  }
}
