/**
 * Reading functions generated for one writer schema: straight-line JavaScript that reads (or skips) each field of
 * a record in turn, as avsc does for its own decoding. The generic cursor (avro-cursor.ts) interprets the type
 * tree value by value (a switch and a call per value, recursion through unions); the generated code has none of
 * that, which matters for the ~1,000 values of an alert (docs/benchmarks.md). Values are those the cursor gives;
 * types the generated code does not inline (records, arrays and maps inside a field) are read by the cursor.
 *
 * The code is built from the type tree alone: numbers, fixed identifiers and indexes into a table of constants
 * (enum symbols, types) — never a name or any other text of the schema.
 *
 * Generated functions take `(data, view, pos, end, target)` — the bytes (a Buffer), a DataView over them, the
 * position, the end of the bytes and where the values go — and return the position after the record.
 *
 * Reference: Apache Avro 1.11 specification, "Binary Encoding".
 */
import { readZigzagLong, zigzagLongEnd } from '../../data/index.js';
import {
  type AvroType,
  blockCountAt,
  Op,
  readPosition,
  skipAt,
  truncatedError,
  valueAt,
  varintAt,
} from './avro-cursor.js';

/** A generated reading function (see the module doc). */
export type RecordReadFn<T> = (data: Buffer, view: DataView, pos: number, end: number, target: T) => number;

/** Where a field's value goes: an assignable expression of the generated code (e.g. `c[12]`), or skipped. */
export type Destination = string | null;

/** Reads a zigzag varint into `z` (raw), through `s` and `b`. */
const READ_VARINT =
  'z = 0; s = 1; do { if (pos >= end) throw T(); b = data[pos++]; z += (b & 127) * s; s *= 128; } while (b & 128);';
const SKIP_VARINT = 'do { if (pos >= end) throw T(); } while (data[pos++] & 128);';

function badBranch(zigzag: number): never {
  const i = zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
  throw new RangeError(`union branch ${i} out of range`);
}

function badEnum(i: number): never {
  throw new RangeError(`enum index ${i} out of range`);
}

/** What the generated code calls (its only free names but the constants table). */
const HELPERS = {
  T: truncatedError,
  BR: badBranch,
  BE: badEnum,
  VA: varintAt,
  BC: blockCountAt,
  RP: readPosition,
  L: readZigzagLong,
  LE: zigzagLongEnd,
  RC: valueAt,
  SC: skipAt,
};
const HELPER_NAMES = Object.keys(HELPERS);

/** Builds the source of generated functions, collecting the constants they refer to. */
export class ReaderSource {
  /** Constants the code refers to as `K[i]`: enum symbol lists, types read by the cursor, other functions. */
  readonly constants: unknown[] = [];

  /** Index of a constant in `K` (added once). */
  constant(value: unknown): number {
    const i = this.constants.indexOf(value);
    if (i >= 0) return i;
    this.constants.push(value);
    return this.constants.length - 1;
  }

  /**
   * Code that reads a value of `type` at `pos` into `to` (skips it when null). Records, arrays and maps are
   * read by the cursor. Uses the locals `z`, `s`, `b`, `n` of {@link ReaderSource.fn}.
   */
  value(type: AvroType, to: Destination): string {
    switch (type.op) {
      case Op.Null:
        return to === null ? '' : `${to} = null;`;
      case Op.Boolean:
        return `if (pos >= end) throw T();${to === null ? '' : ` ${to} = data[pos] !== 0;`} pos++;`;
      case Op.Int:
        if (to === null) return SKIP_VARINT;
        return `${READ_VARINT} ${to} = z % 2 === 0 ? z / 2 : -(z + 1) / 2;`;
      case Op.Long:
        if (to === null) return SKIP_VARINT;
        return `${to} = L(data, pos, end); if (LE.next < 0) throw T(); pos = LE.next;`;
      case Op.Float:
      case Op.Double: {
        const size = type.op === Op.Float ? 4 : 8;
        if (to === null) return `pos += ${size};`;
        const get = type.op === Op.Float ? 'getFloat32' : 'getFloat64';
        return `if (pos + ${size} > end) throw T(); ${to} = view.${get}(pos, true); pos += ${size};`;
      }
      case Op.String:
      case Op.Bytes: {
        const length = `${READ_VARINT} n = z % 2 === 0 ? z / 2 : -(z + 1) / 2; if (n < 0 || pos + n > end) throw T();`;
        if (to === null) return `${length} pos += n;`;
        const read =
          type.op === Op.String ? `data.toString('utf8', pos, pos + n)` : 'data.subarray(pos, pos + n)';
        return `${length} ${to} = ${read}; pos += n;`;
      }
      case Op.Fixed:
        if (to === null) return `pos += ${type.size};`;
        return `if (pos + ${type.size} > end) throw T(); ${to} = data.subarray(pos, pos + ${type.size}); pos += ${type.size};`;
      case Op.Enum: {
        if (to === null) return SKIP_VARINT;
        const k = this.constant(type.symbols);
        return `${READ_VARINT} n = z % 2 === 0 ? z / 2 : -(z + 1) / 2; if (n < 0 || n >= K[${k}].length) BE(n); ${to} = K[${k}][n];`;
      }
      case Op.Union:
        return this.union(type, (branch) => this.value(branch, to));
      default: {
        const k = this.constant(type);
        if (to === null) return `SC(data, pos, K[${k}]); pos = RP();`;
        return `${to} = RC(data, pos, K[${k}]); pos = RP();`;
      }
    }
  }

  /** Code that reads a union's branch index and runs the code of that branch. */
  union(type: AvroType, branchCode: (branch: AvroType, index: number) => string): string {
    const cases = type.branches.map((branch, i) => `case ${2 * i}: { ${branchCode(branch, i)} break; }`);
    // a branch index of one byte is its zigzag form; a longer one (64 branches or more) is read by the cursor
    return `if (pos >= end) throw T(); b = data[pos++]; if (b & 128) { b = 2 * VA(data, pos - 1); pos = RP(); } switch (b) { ${cases.join(' ')} default: BR(b); }`;
  }

  /**
   * Code reading a field that holds a record (or a union with record branches): `recordCode` for a record
   * branch, the other branches read as {@link ReaderSource.value} reads them into `other` (skipped when null).
   */
  record(type: AvroType, recordCode: (record: AvroType) => string, other: Destination = null): string {
    const branch = (t: AvroType) => (t.op === Op.Record ? recordCode(t) : this.value(t, other));
    return type.op === Op.Union ? this.union(type, branch) : branch(type);
  }

  /**
   * Code reading a field that holds an array (or a union with array branches): `arrayCode` for an array branch,
   * the other branches read into `other` (skipped when null).
   */
  arrayField(type: AvroType, arrayCode: (array: AvroType) => string, other: Destination = null): string {
    const branch = (t: AvroType) => (t.op === Op.Array ? arrayCode(t) : this.value(t, other));
    return type.op === Op.Union ? this.union(type, branch) : branch(type);
  }

  /**
   * Code that reads an array of `items` at `pos`, running `itemCode` for each item (the array's blocks, as
   * avro-cursor's `blockCount` reads them).
   */
  array(items: AvroType, itemCode: string): string {
    const k = this.constant(items);
    return `for (let count = BC(data, pos, K[${k}]); count > 0; count = BC(data, pos, K[${k}])) { pos = RP(); for (let item = 0; item < count; item++) { ${itemCode} } } pos = RP();`;
  }

  /** The source of a function `(data, view, pos, end, target) => pos` running `body`. */
  fn(body: string): string {
    return `(function (data, view, pos, end, target) { let z = 0, s = 1, b = 0, n = 0; ${body} if (pos > end) throw T(); return pos; })`;
  }

  /** Compiles the source of a {@link ReaderSource.fn} with the helpers and constants in scope. */
  compile<T>(source: string): RecordReadFn<T> {
    const factory = new Function(...HELPER_NAMES, 'K', `'use strict'; return ${source};`);
    return factory(...HELPER_NAMES.map((name) => HELPERS[name as keyof typeof HELPERS]), this.constants);
  }
}
