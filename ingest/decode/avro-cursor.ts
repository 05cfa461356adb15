/**
 * Avro schemas compiled into type trees, and a cursor reading Avro binary values over one buffer: values as
 * avsc gives them (registry `long`: BigInt, `bytes`: views of the input; `int`, `float`, `double` numbers,
 * strings, booleans, null; records and maps as plain objects, arrays as arrays), or skipped without being built.
 * The reading state is this module's (one record is read at a time, synchronously), so that the hot loops use
 * plain variables. For the alert reader: its generated code (avro-codegen.ts) calls the cursor for the values it
 * does not inline (records, arrays and maps inside a field) and for long varints.
 *
 * Reference: Apache Avro 1.11 specification, "Binary Encoding" and "Names".
 */
import { readZigzagLong, zigzagLongEnd } from '../../data/index.js';

/** Kinds of compiled types. */
export const Op = {
  Null: 0,
  Boolean: 1,
  Int: 2,
  Long: 3,
  Float: 4,
  Double: 5,
  Bytes: 6,
  String: 7,
  Fixed: 8,
  Enum: 9,
  Array: 10,
  Map: 11,
  Union: 12,
  Record: 13,
} as const;

const PRIMITIVES: Readonly<Record<string, number>> = {
  null: Op.Null,
  boolean: Op.Boolean,
  int: Op.Int,
  long: Op.Long,
  float: Op.Float,
  double: Op.Double,
  bytes: Op.Bytes,
  string: Op.String,
};

/** A compiled Avro type. Fields are filled after a named type is registered (recursive schemas). */
export class AvroType {
  size = 0;
  symbols: readonly string[] = [];
  /** Items of an array, values of a map. */
  child: AvroType | null = null;
  branches: AvroType[] = [];
  fieldNames: string[] = [];
  fieldTypes: AvroType[] = [];
  constructor(readonly op: number) {}
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Error of a value that ends before its schema says. */
class TruncatedError extends RangeError {}

/**
 * Compiles a schema (parsed JSON) into a type tree; `names` collects the named types (full names).
 *
 * @throws Error for an invalid schema or an unknown type name.
 */
export function compileAvroType(
  schema: Json,
  namespace = '',
  names: Map<string, AvroType> = new Map(),
): AvroType {
  if (typeof schema === 'string') {
    // own keys only: a name such as "constructor" is a (missing) named type, not an Object property
    if (Object.hasOwn(PRIMITIVES, schema)) return new AvroType(PRIMITIVES[schema]);
    const named = names.get(schema) ?? names.get(namespace ? `${namespace}.${schema}` : schema);
    if (named === undefined) throw new Error(`unknown Avro type name ${schema}`);
    return named;
  }
  if (Array.isArray(schema)) {
    const union = new AvroType(Op.Union);
    union.branches = schema.map((b) => compileAvroType(b, namespace, names));
    return union;
  }
  if (schema === null || typeof schema !== 'object') throw new Error(`invalid Avro schema ${String(schema)}`);
  const type = schema.type;
  const register = (node: AvroType): string => {
    const name = String(schema.name);
    const space = typeof schema.namespace === 'string' ? schema.namespace : namespace;
    const full = name.includes('.') || !space ? name : `${space}.${name}`;
    names.set(full, node);
    return full.includes('.') ? full.slice(0, full.lastIndexOf('.')) : '';
  };
  switch (type) {
    case 'record':
    case 'error': {
      const node = new AvroType(Op.Record);
      const inner = register(node);
      const fields = Array.isArray(schema.fields) ? schema.fields : [];
      for (const f of fields) {
        if (f === null || typeof f !== 'object' || Array.isArray(f))
          throw new Error('invalid Avro record field');
        node.fieldNames.push(String(f.name));
        node.fieldTypes.push(compileAvroType(f.type, inner, names));
      }
      return node;
    }
    case 'enum': {
      const node = new AvroType(Op.Enum);
      register(node);
      node.symbols = Array.isArray(schema.symbols) ? schema.symbols.map(String) : [];
      return node;
    }
    case 'fixed': {
      const node = new AvroType(Op.Fixed);
      register(node);
      node.size = Number(schema.size);
      return node;
    }
    case 'array': {
      const node = new AvroType(Op.Array);
      node.child = compileAvroType(schema.items, namespace, names);
      return node;
    }
    case 'map': {
      const node = new AvroType(Op.Map);
      node.child = compileAvroType(schema.values, namespace, names);
      return node;
    }
    default:
      // a primitive written as an object, possibly with a logical type (read as its underlying type, as avsc does)
      return compileAvroType(type, namespace, names);
  }
}

// The record being read: its bytes, a view of them, the position and the end.
let data: Buffer = Buffer.alloc(0);
let view = new DataView(data.buffer);
let pos = 0;
let end = 0;

/** The error of a value that ends before its schema says (see {@link isTruncation}). */
export function truncatedError(): RangeError {
  return new TruncatedError('record ends before its schema says');
}

/** A DataView over `bytes` (kept for the bytes read last, as records are read one after another from a block). */
export function viewOf(bytes: Buffer): DataView {
  if (bytes !== data) {
    data = bytes;
    view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  return view;
}

/** Starts reading `bytes` at `offset`. */
function startReading(bytes: Buffer, offset: number): void {
  viewOf(bytes);
  pos = offset;
  end = bytes.length;
}

/**
 * The position reached: just past the last value read.
 *
 * @throws TruncatedError when a skip went past the end of the bytes.
 */
export function readPosition(): number {
  if (pos > end) throw truncatedError();
  return pos;
}

/** Whether an error of this module means the bytes ended before a value. */
export function isTruncation(err: unknown): boolean {
  return err instanceof TruncatedError;
}

/** A zigzag varint that fits a double exactly (int values, lengths, counts, union branches). */
function readVarint(): number {
  let z = 0;
  let scale = 1;
  let b: number;
  do {
    if (pos >= end) throw truncatedError();
    b = data[pos++];
    z += (b & 0x7f) * scale;
    scale *= 128;
  } while (b & 0x80);
  return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
}

/** A zigzag varint long as BigInt. */
function readLong(): bigint {
  const v = readZigzagLong(data, pos, end);
  if (zigzagLongEnd.next < 0) throw truncatedError();
  pos = zigzagLongEnd.next;
  return v;
}

function readLength(): number {
  const n = readVarint();
  if (n < 0 || pos + n > end) throw truncatedError();
  return n;
}

function readString(): string {
  const n = readLength();
  const s = data.toString('utf8', pos, pos + n);
  pos += n;
  return s;
}

function readBytes(): Buffer {
  const n = readLength();
  const b = data.subarray(pos, pos + n);
  pos += n;
  return b;
}

/** Reads a value as avsc would give it (see the module doc). */
function readValue(t: AvroType): unknown {
  switch (t.op) {
    case Op.Null:
      return null;
    case Op.Boolean:
      if (pos >= end) throw truncatedError();
      return data[pos++] !== 0;
    case Op.Int:
      return readVarint();
    case Op.Long:
      return readLong();
    case Op.Float: {
      if (pos + 4 > end) throw truncatedError();
      const v = view.getFloat32(pos, true);
      pos += 4;
      return v;
    }
    case Op.Double: {
      if (pos + 8 > end) throw truncatedError();
      const v = view.getFloat64(pos, true);
      pos += 8;
      return v;
    }
    case Op.Bytes:
      return readBytes();
    case Op.String:
      return readString();
    case Op.Fixed: {
      if (pos + t.size > end) throw truncatedError();
      const b = data.subarray(pos, pos + t.size);
      pos += t.size;
      return b;
    }
    case Op.Enum: {
      const i = readVarint();
      if (i < 0 || i >= t.symbols.length) throw new RangeError(`enum index ${i} out of range`);
      return t.symbols[i];
    }
    case Op.Union:
      return readValue(branchOf(t));
    case Op.Record: {
      const out: Record<string, unknown> = {};
      for (let k = 0; k < t.fieldTypes.length; k++) out[t.fieldNames[k]] = readValue(t.fieldTypes[k]);
      return out;
    }
    case Op.Array: {
      const out: unknown[] = [];
      const child = t.child as AvroType;
      for (let n = blockCount(child); n > 0; n = blockCount(child))
        for (let k = 0; k < n; k++) out.push(readValue(child));
      return out;
    }
    default: {
      const out: Record<string, unknown> = {};
      const child = t.child as AvroType;
      for (let n = blockCount(child); n > 0; n = blockCount(child))
        for (let k = 0; k < n; k++) {
          const key = readString();
          out[key] = readValue(child);
        }
      return out;
    }
  }
}

/** Skips a value without building it. */
function skipValue(t: AvroType): void {
  switch (t.op) {
    case Op.Null:
      return;
    case Op.Boolean:
      pos++;
      break;
    case Op.Int:
    case Op.Long:
    case Op.Enum:
      do {
        if (pos >= end) throw truncatedError();
      } while (data[pos++] & 0x80);
      return;
    case Op.Float:
      pos += 4;
      break;
    case Op.Double:
      pos += 8;
      break;
    case Op.Bytes:
    case Op.String: {
      // not `pos += readLength()`: that adds to the position before the length was read
      const n = readLength();
      pos += n;
      return;
    }
    case Op.Fixed:
      pos += t.size;
      break;
    case Op.Union:
      skipValue(branchOf(t));
      return;
    case Op.Record:
      for (let k = 0; k < t.fieldTypes.length; k++) skipValue(t.fieldTypes[k]);
      return;
    default: {
      const child = t.child as AvroType;
      for (let n = blockCount(child); n > 0; n = blockCount(child))
        for (let k = 0; k < n; k++) {
          if (t.op === Op.Map) {
            const keyLength = readLength();
            pos += keyLength;
          }
          skipValue(child);
        }
      return;
    }
  }
  if (pos > end) throw truncatedError();
}

/** The value of type `t` at `offset` of `bytes`, read by the cursor (the position after it: {@link readPosition}). */
export function valueAt(bytes: Buffer, offset: number, t: AvroType): unknown {
  startReading(bytes, offset);
  return readValue(t);
}

/** Skips the value of type `t` at `offset` of `bytes` (the position after it: {@link readPosition}). */
export function skipAt(bytes: Buffer, offset: number, t: AvroType): void {
  startReading(bytes, offset);
  skipValue(t);
}

/** The zigzag varint at `offset` of `bytes`, read by the cursor (the position after it: {@link readPosition}). */
export function varintAt(bytes: Buffer, offset: number): number {
  startReading(bytes, offset);
  return readVarint();
}

/** {@link blockCount} at `offset` of `bytes` (the position after the block header: {@link readPosition}). */
export function blockCountAt(bytes: Buffer, offset: number, items: AvroType): number {
  startReading(bytes, offset);
  return blockCount(items);
}

/** Reads a union's branch index: the branch's type. */
function branchOf(t: AvroType): AvroType {
  const i = readVarint();
  const branch = t.branches[i];
  if (branch === undefined) throw new RangeError(`union branch ${i} out of range`);
  return branch;
}

/** Most items of one array block whose items take no bytes (a count above is a corrupt record, not a loop). */
const MAX_EMPTY_ITEMS = 1 << 20;

/**
 * The item count of the next block of an array or map of `items` (its byte size, when given, is read past).
 *
 * @throws TruncatedError for a count the bytes left cannot hold: each item takes a byte at least, but for `null`
 *   items (up to MAX_EMPTY_ITEMS), so that a corrupt count cannot spin on items that read nothing.
 */
function blockCount(items: AvroType): number {
  let n = readVarint();
  if (n < 0) {
    n = -n;
    readVarint();
  }
  if (n > end - pos && (items.op !== Op.Null || n > MAX_EMPTY_ITEMS)) throw truncatedError();
  return n;
}
