/**
 * A fast Avro binary writer for flat records whose fields are scalars or nullable scalars (`[type, "null"]` or
 * `["null", type]`), such as the ZTF `candidate` and `prv_candidate` records and the Fink science fields (the
 * simulator) and the stored alerts' row documents (data/alert-row-codec.ts); its ByteSink also collects the
 * alerts' JSON texts (data/alert-row-json.ts). It writes exactly what avsc writes
 * (Avro 1.11 spec, "Binary Encoding") without avsc's per-value union branch search, which dominates the cost of
 * encoding a 100-field candidate.
 */

import { INT64_MAX, INT64_MIN } from './avro-long.js';

/** Scalar Avro types this writer handles. */
export type FlatScalar = 'string' | 'bytes' | 'int' | 'long' | 'float' | 'double' | 'boolean';

/** How one field is written. */
export interface FlatField {
  readonly name: string;
  readonly type: FlatScalar;
  /** null: not nullable; 0 or 1: index of the "null" branch in the union. */
  readonly nullIndex: 0 | 1 | null;
}

const SCALARS = new Set<string>(['string', 'bytes', 'int', 'long', 'float', 'double', 'boolean']);

/** Bounds of the longs written through a double (|v| < 2^52, held exactly): compared, never computed. */
const EXACT_MIN = -(2n ** 52n);
const EXACT_MAX = 2n ** 52n;
/** Scratch words: a 64-bit integer split into its two 32-bit halves without BigInt arithmetic (no allocation). */
const WORDS = new DataView(new ArrayBuffer(8));
/** 10^d for d = 0..9: a positive integer below 10^10 has the d digits with DECIMAL_BOUNDS[d - 1] <= m < 10^d. */
const DECIMAL_BOUNDS = Float64Array.from({ length: 10 }, (_, d) => 10 ** d);
/** The ASCII digits of 00, 01, ..., 99, two bytes each. */
const DIGIT_PAIRS = Uint8Array.from(
  { length: 200 },
  (_, i) => 0x30 + (i % 2 === 0 ? Math.floor(i / 20) : (i >> 1) % 10),
);

/** A growable output buffer with the Avro primitive encodings. */
export class ByteSink {
  private buf: Buffer;
  pos = 0;

  constructor(initialBytes = 64 * 1024) {
    this.buf = Buffer.allocUnsafe(initialBytes);
  }

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  /** Zig-zag varint of a safe integer. */
  varLong(value: number): void {
    this.ensure(10);
    let n = value >= 0 ? value * 2 : -value * 2 - 1;
    while (n >= 0x80) {
      this.buf[this.pos++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    this.buf[this.pos++] = n;
  }

  /**
   * Zig-zag varint of a 64-bit integer given as BigInt (taken modulo 2^64): split into 32-bit halves through a
   * scratch DataView, so that no BigInt is allocated (BigInt arithmetic allocated ~1 kB per staged alert).
   */
  varBigInt(value: bigint): void {
    if (value >= EXACT_MIN && value < EXACT_MAX) {
      this.varLong(Number(value));
      return;
    }
    WORDS.setBigUint64(0, value, true);
    this.varInt64(WORDS.getUint32(0, true), WORDS.getUint32(4, true));
  }

  /** Zig-zag varint of a two's-complement 64-bit integer given as its low and high 32-bit words (unsigned). */
  varInt64(lowWord: number, highWord: number): void {
    let hi = highWord >>> 0;
    let lo = lowWord >>> 0;
    // zig-zag: (v << 1) ^ (v >> 63) on the two 32-bit halves
    const sign = hi >= 0x80000000 ? 0xffffffff : 0;
    hi = (((hi << 1) | (lo >>> 31)) ^ sign) >>> 0;
    lo = ((lo << 1) ^ sign) >>> 0;
    this.ensure(10);
    while (hi !== 0 || lo >= 0x80) {
      this.buf[this.pos++] = (lo & 0x7f) | 0x80;
      lo = ((lo >>> 7) | (hi << 25)) >>> 0;
      hi >>>= 7;
    }
    this.buf[this.pos++] = lo;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.pos++] = b;
  }

  float(v: number): void {
    this.ensure(4);
    this.buf.writeFloatLE(v, this.pos);
    this.pos += 4;
  }

  double(v: number): void {
    this.ensure(8);
    this.buf.writeDoubleLE(v, this.pos);
    this.pos += 8;
  }

  string(s: string): void {
    const n = Buffer.byteLength(s, 'utf8');
    this.varLong(n);
    if (n === s.length) this.ascii(s);
    else this.utf8(s);
  }

  /** An ASCII text's bytes as they are, no length (a loop beats the native call for short texts). */
  ascii(text: string): void {
    const n = text.length;
    this.ensure(n);
    const { buf, pos } = this;
    for (let k = 0; k < n; k++) buf[pos + k] = text.charCodeAt(k);
    this.pos += n;
  }

  /** A text's UTF-8 bytes as they are, no length. */
  utf8(text: string): void {
    this.ensure(Buffer.byteLength(text, 'utf8'));
    this.pos += this.buf.write(text, this.pos, 'utf8');
  }

  bytes(data: Uint8Array): void {
    this.varLong(data.length);
    this.raw(data);
  }

  /** Copies bytes as they are (already encoded data). */
  raw(data: Uint8Array): void {
    this.ensure(data.length);
    this.buf.set(data, this.pos);
    this.pos += data.length;
  }

  /**
   * The decimal text of m × 10^k (m a positive integer below 2^31, k an integer) as JavaScript writes numbers in
   * [1e-6, 1e21): the digits, zeros to the point, or a point inside or before them (`String(m * 10 ** k)` for
   * such numbers, without the string). A leading minus sign when `negative`.
   */
  decimal(negative: boolean, m: number, k: number): void {
    let digits = 1;
    while (digits < 10 && m >= DECIMAL_BOUNDS[digits]) digits++;
    const point = digits + k;
    this.ensure(digits + Math.abs(k) + 3);
    const { buf } = this;
    let pos = this.pos;
    if (negative) buf[pos++] = 0x2d;
    if (point <= 0) {
      buf[pos++] = 0x30;
      buf[pos++] = 0x2e;
      for (let z = point; z < 0; z++) buf[pos++] = 0x30;
    }
    // the digits right to left, two at a time; then those after the point move one place right for it
    let at = pos + digits;
    let t = m;
    while (t >= 100) {
      const q = (t / 100) | 0;
      const pair = (t - q * 100) * 2;
      buf[--at] = DIGIT_PAIRS[pair + 1];
      buf[--at] = DIGIT_PAIRS[pair];
      t = q;
    }
    if (t >= 10) {
      buf[--at] = DIGIT_PAIRS[t * 2 + 1];
      buf[--at] = DIGIT_PAIRS[t * 2];
    } else buf[--at] = 0x30 + t;
    let end = pos + digits;
    if (point > 0 && point < digits) {
      for (let i = end; i > pos + point; i--) buf[i] = buf[i - 1];
      buf[pos + point] = 0x2e;
      end++;
    }
    for (let z = 0; z < k; z++) buf[end++] = 0x30;
    this.pos = end;
  }

  /** The decimal text of a 32-bit integer (as `String(n)`). */
  int32(n: number): void {
    if (n < 0) {
      if (n === -2147483648) {
        this.ascii('-2147483648');
        return;
      }
      this.decimal(true, -n, 0);
    } else this.decimal(false, n, 0);
  }

  /** Copies bytes [start, end) of `data` as they are (a loop: short ranges, and no view of them allocated). */
  rawRange(data: Uint8Array, start: number, end: number): void {
    this.ensure(end - start);
    const { buf } = this;
    let pos = this.pos;
    for (let k = start; k < end; k++) buf[pos++] = data[k];
    this.pos = pos;
  }

  /** A view of the bytes written since `start` (the sink unchanged): valid until the next write. */
  view(start = 0): Uint8Array {
    return this.buf.subarray(start, this.pos);
  }

  /**
   * A view of the bytes written since `start`, and the sink rewound to `start`: valid until the next write, for a
   * caller that copies it at once.
   */
  takeView(start = 0): Uint8Array {
    const out = this.buf.subarray(start, this.pos);
    this.pos = start;
    return out;
  }

  /** A copy of the bytes written since `start`, and the sink rewound to `start`. */
  take(start = 0): Buffer {
    const out = Buffer.from(this.buf.subarray(start, this.pos));
    this.pos = start;
    return out;
  }
}

function fail(field: FlatField, value: unknown): never {
  throw new TypeError(
    `Avro field ${field.name} (${field.type}) cannot hold ${typeof value} ${String(value).slice(0, 40)}`,
  );
}

/** Writes records of one flat schema. */
export class FlatRecordWriter {
  constructor(readonly fields: readonly FlatField[]) {}

  /**
   * Plans the writer of an Avro record schema (JS object); throws TypeError when a field is not a scalar or a
   * two-branch union of a scalar and "null".
   */
  static fromSchema(schema: {
    readonly fields: readonly { readonly name: string; readonly type: unknown }[];
  }): FlatRecordWriter {
    return new FlatRecordWriter(
      schema.fields.map((f) => {
        const t = f.type;
        if (typeof t === 'string' && SCALARS.has(t))
          return { name: f.name, type: t as FlatScalar, nullIndex: null };
        if (Array.isArray(t) && t.length === 2 && t.includes('null')) {
          const nullIndex = t.indexOf('null') as 0 | 1;
          const other = t[1 - nullIndex];
          if (typeof other === 'string' && SCALARS.has(other))
            return { name: f.name, type: other as FlatScalar, nullIndex };
        }
        throw new TypeError(`field ${f.name} is not a (nullable) scalar: ${JSON.stringify(t).slice(0, 60)}`);
      }),
    );
  }

  /** Appends the encoding of a record; throws TypeError for a value of the wrong type (or null when not allowed). */
  write(record: Readonly<Record<string, unknown>>, out: ByteSink): void {
    for (const field of this.fields) writeField(field, record[field.name], out);
  }

  /** Appends the encoding of a record given as its values in field order (as {@link write}). */
  writeValues(values: readonly unknown[], out: ByteSink): void {
    const { fields } = this;
    for (let i = 0; i < fields.length; i++) writeField(fields[i], values[i], out);
  }
}

function writeField(field: FlatField, value: unknown, out: ByteSink): void {
  if (field.nullIndex !== null) {
    if (value === null || value === undefined) {
      out.byte(field.nullIndex === 0 ? 0 : 2);
      return;
    }
    out.byte(field.nullIndex === 0 ? 2 : 0);
  } else if (value === null || value === undefined) fail(field, value);
  switch (field.type) {
    case 'double':
      if (typeof value !== 'number') fail(field, value);
      out.double(value);
      break;
    case 'float':
      if (typeof value !== 'number') fail(field, value);
      out.float(value);
      break;
    case 'int':
      if (typeof value !== 'number' || (value | 0) !== value) fail(field, value);
      out.varLong(value);
      break;
    case 'long':
      if (typeof value === 'bigint' && value >= INT64_MIN && value <= INT64_MAX) out.varBigInt(value);
      else if (typeof value === 'number' && Number.isSafeInteger(value)) out.varLong(value);
      else fail(field, value);
      break;
    case 'string':
      if (typeof value !== 'string') fail(field, value);
      out.string(value);
      break;
    case 'boolean':
      if (typeof value !== 'boolean') fail(field, value);
      out.byte(value ? 1 : 0);
      break;
    default:
      if (!(value instanceof Uint8Array)) fail(field, value);
      out.bytes(value);
  }
}
