/**
 * Reads alert records straight from their Avro bytes into what normalisation needs (`RecordParts`, normalize.ts):
 * the catalogue columns, the stamps (views of the input) and the history entries' kept fields. The writer
 * schema is compiled once into a plan; every other field is skipped without building a value. avsc's generic
 * decoding builds an object per record (a candidate of ~100 fields) that normalisation then reads back by name;
 * this gives the same outcome (the tests compare the two on every real alert and on simulated ones) for a
 * fraction of the time and garbage (docs/benchmarks.md).
 *
 * Values are those avsc gives (registry `long`: BigInt, `bytes`: views): `int`, `float`, `double` numbers,
 * strings, booleans, null; records, maps and arrays read where a scalar was expected become plain objects and
 * arrays (normalisation turns them into null, or rejects the record for ra, dec and fid).
 *
 * Reference: Apache Avro 1.11 specification, "Binary Encoding" and "Names".
 */
import { readZigzagLong, zigzagLongEnd } from '../../data/avro-long.js';
import { ALERT_COLUMNS } from '../../data/columns.js';
import { COLUMN_SOURCES, HISTORY_FIELDS, type RecordParts } from './normalize.js';

const Op = {
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
class TypeNode {
  size = 0;
  symbols: readonly string[] = [];
  /** Items of an array, values of a map. */
  child: TypeNode | null = null;
  branches: TypeNode[] = [];
  fieldNames: string[] = [];
  fieldTypes: TypeNode[] = [];
  constructor(readonly op: number) {}
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Error of a record that ends before its schema says. */
class TruncatedError extends RangeError {}

function compileType(schema: Json, namespace: string, names: Map<string, TypeNode>): TypeNode {
  if (typeof schema === 'string') {
    const op = PRIMITIVES[schema];
    if (op !== undefined) return new TypeNode(op);
    const named = names.get(schema) ?? names.get(namespace ? `${namespace}.${schema}` : schema);
    if (named === undefined) throw new Error(`unknown Avro type name ${schema}`);
    return named;
  }
  if (Array.isArray(schema)) {
    const union = new TypeNode(Op.Union);
    union.branches = schema.map((b) => compileType(b, namespace, names));
    return union;
  }
  if (schema === null || typeof schema !== 'object') throw new Error(`invalid Avro schema ${String(schema)}`);
  const type = schema.type;
  const register = (node: TypeNode): string => {
    const name = String(schema.name);
    const space = typeof schema.namespace === 'string' ? schema.namespace : namespace;
    const full = name.includes('.') || !space ? name : `${space}.${name}`;
    names.set(full, node);
    return full.includes('.') ? full.slice(0, full.lastIndexOf('.')) : '';
  };
  switch (type) {
    case 'record':
    case 'error': {
      const node = new TypeNode(Op.Record);
      const inner = register(node);
      const fields = Array.isArray(schema.fields) ? schema.fields : [];
      for (const f of fields) {
        if (f === null || typeof f !== 'object' || Array.isArray(f))
          throw new Error('invalid Avro record field');
        node.fieldNames.push(String(f.name));
        node.fieldTypes.push(compileType(f.type, inner, names));
      }
      return node;
    }
    case 'enum': {
      const node = new TypeNode(Op.Enum);
      register(node);
      node.symbols = Array.isArray(schema.symbols) ? schema.symbols.map(String) : [];
      return node;
    }
    case 'fixed': {
      const node = new TypeNode(Op.Fixed);
      register(node);
      node.size = Number(schema.size);
      return node;
    }
    case 'array': {
      const node = new TypeNode(Op.Array);
      node.child = compileType(schema.items, namespace, names);
      return node;
    }
    case 'map': {
      const node = new TypeNode(Op.Map);
      node.child = compileType(schema.values, namespace, names);
      return node;
    }
    default:
      // a primitive written as an object, possibly with a logical type (read as its underlying type, as avsc does)
      return compileType(type, namespace, names);
  }
}

/** Roles of the top-level fields. */
const Role = {
  Skip: 0,
  Column: 1,
  ObjectId: 2,
  Candid: 3,
  Candidate: 4,
  History: 5,
  Science: 6,
  Template: 7,
  Difference: 8,
} as const;

const CUTOUT_ROLES: Readonly<Record<string, number>> = {
  cutoutScience: Role.Science,
  cutoutTemplate: Role.Template,
  cutoutDifference: Role.Difference,
};

/** Slot of a candidate field that is not a column but is read: its candid. */
const CANDIDATE_CANDID = -2;

/** The plan of one writer schema. */
export interface AlertReadPlan {
  readonly root: TypeNode;
  /** Per top-level field: its role, and its column for Role.Column. */
  readonly roles: Int8Array;
  readonly rootColumns: Int16Array;
  /** Whether the schema has a top-level `roid`. */
  readonly hasRoid: boolean;
  /** Per field of each candidate record type: its column, CANDIDATE_CANDID, or -1. */
  readonly candidateSlots: Map<TypeNode, Int16Array>;
  /** Per field of each history entry record type: the index of its name in HISTORY_KEYS, or -1. */
  readonly historySlots: Map<TypeNode, Int16Array>;
  /** Per cutout record type: the index of its `stampData` field, or -1. */
  readonly stampSlots: Map<TypeNode, number>;
}

const HISTORY_KEYS = [...HISTORY_FIELDS];
const JD_COLUMN = ALERT_COLUMNS.findIndex((c) => c.storage === 'i_jd');

/** The record types a field's type may hold (itself, or the record branches of its union; array items for history). */
function recordsOf(type: TypeNode, arrayItems = false): TypeNode[] {
  const direct = type.op === Op.Union ? type.branches : [type];
  const out: TypeNode[] = [];
  for (const t of direct) {
    const r = arrayItems ? (t.op === Op.Array ? t.child : null) : t;
    if (r && r.op === Op.Record) out.push(r);
  }
  return out;
}

/**
 * Compiles the plan of an alert writer schema (given as parsed JSON).
 *
 * @throws Error for a schema that is not a record, or that names an unknown type.
 */
export function compileAlertReader(schema: Json): AlertReadPlan {
  const root = compileType(schema, '', new Map());
  if (root.op !== Op.Record) throw new Error('an alert schema must be a record');
  const topColumn = new Map<string, number>();
  const candidateColumn = new Map<string, number>();
  COLUMN_SOURCES.forEach(({ field, inCandidate }, i) => {
    (inCandidate ? candidateColumn : topColumn).set(field, i);
  });
  const roles = new Int8Array(root.fieldNames.length);
  const rootColumns = new Int16Array(root.fieldNames.length).fill(-1);
  const candidateSlots = new Map<TypeNode, Int16Array>();
  const historySlots = new Map<TypeNode, Int16Array>();
  const stampSlots = new Map<TypeNode, number>();
  root.fieldNames.forEach((name, k) => {
    const type = root.fieldTypes[k];
    if (name === 'objectId') {
      roles[k] = Role.ObjectId;
      rootColumns[k] = topColumn.get(name) ?? -1;
    } else if (name === 'candid') roles[k] = Role.Candid;
    else if (name === 'candidate') {
      roles[k] = Role.Candidate;
      for (const r of recordsOf(type)) {
        candidateSlots.set(
          r,
          Int16Array.from(r.fieldNames, (f) =>
            f === 'candid' ? CANDIDATE_CANDID : (candidateColumn.get(f) ?? -1),
          ),
        );
      }
    } else if (name === 'prv_candidates') {
      roles[k] = Role.History;
      for (const r of recordsOf(type, true))
        historySlots.set(
          r,
          Int16Array.from(r.fieldNames, (f) => HISTORY_KEYS.indexOf(f)),
        );
    } else if (CUTOUT_ROLES[name] !== undefined) {
      roles[k] = CUTOUT_ROLES[name];
      for (const r of recordsOf(type)) stampSlots.set(r, r.fieldNames.indexOf('stampData'));
    } else if (topColumn.has(name)) {
      roles[k] = Role.Column;
      rootColumns[k] = topColumn.get(name) ?? -1;
    }
  });
  return {
    root,
    roles,
    rootColumns,
    hasRoid: root.fieldNames.includes('roid'),
    candidateSlots,
    historySlots,
    stampSlots,
  };
}

// The record being read: its bytes, a view of them, the position and the end.
let data: Buffer = Buffer.alloc(0);
let view = new DataView(data.buffer);
let pos = 0;
let end = 0;

function truncated(): TruncatedError {
  return new TruncatedError('record ends before its schema says');
}

/** A zigzag varint that fits a double exactly (int values, lengths, counts, union branches). */
function readVarint(): number {
  let z = 0;
  let scale = 1;
  let b: number;
  do {
    if (pos >= end) throw truncated();
    b = data[pos++];
    z += (b & 0x7f) * scale;
    scale *= 128;
  } while (b & 0x80);
  return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
}

/** A zigzag varint long as BigInt. */
function readLong(): bigint {
  const v = readZigzagLong(data, pos, end);
  if (zigzagLongEnd.next < 0) throw truncated();
  pos = zigzagLongEnd.next;
  return v;
}

function readLength(): number {
  const n = readVarint();
  if (n < 0 || pos + n > end) throw truncated();
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
function readValue(t: TypeNode): unknown {
  switch (t.op) {
    case Op.Null:
      return null;
    case Op.Boolean:
      if (pos >= end) throw truncated();
      return data[pos++] !== 0;
    case Op.Int:
      return readVarint();
    case Op.Long:
      return readLong();
    case Op.Float: {
      if (pos + 4 > end) throw truncated();
      const v = view.getFloat32(pos, true);
      pos += 4;
      return v;
    }
    case Op.Double: {
      if (pos + 8 > end) throw truncated();
      const v = view.getFloat64(pos, true);
      pos += 8;
      return v;
    }
    case Op.Bytes:
      return readBytes();
    case Op.String:
      return readString();
    case Op.Fixed: {
      if (pos + t.size > end) throw truncated();
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
      const child = t.child as TypeNode;
      for (let n = blockCount(); n > 0; n = blockCount())
        for (let k = 0; k < n; k++) out.push(readValue(child));
      return out;
    }
    default: {
      const out: Record<string, unknown> = {};
      const child = t.child as TypeNode;
      for (let n = blockCount(); n > 0; n = blockCount())
        for (let k = 0; k < n; k++) {
          const key = readString();
          out[key] = readValue(child);
        }
      return out;
    }
  }
}

/** Skips a value without building it. */
function skip(t: TypeNode): void {
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
        if (pos >= end) throw truncated();
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
      skip(branchOf(t));
      return;
    case Op.Record:
      for (let k = 0; k < t.fieldTypes.length; k++) skip(t.fieldTypes[k]);
      return;
    default: {
      const child = t.child as TypeNode;
      for (let n = blockCount(); n > 0; n = blockCount())
        for (let k = 0; k < n; k++) {
          if (t.op === Op.Map) {
            const n = readLength();
            pos += n;
          }
          skip(child);
        }
      return;
    }
  }
  if (pos > end) throw truncated();
}

function branchOf(t: TypeNode): TypeNode {
  const i = readVarint();
  const branch = t.branches[i];
  if (branch === undefined) throw new RangeError(`union branch ${i} out of range`);
  return branch;
}

/** The item count of the next array or map block (its byte size, when given, is read past). */
function blockCount(): number {
  const n = readVarint();
  if (n >= 0) return n;
  readVarint();
  return -n;
}

/** The record type a field holds here: itself, or its union's branch (null for a non-record branch, read past). */
function recordHere(t: TypeNode): TypeNode | null | { value: unknown } {
  const r = t.op === Op.Union ? branchOf(t) : t;
  if (r.op === Op.Record) return r;
  return { value: readValue(r) };
}

function readCandidate(plan: AlertReadPlan, t: TypeNode, columns: unknown[]): { candid: unknown } | null {
  const r = recordHere(t);
  if (!(r instanceof TypeNode)) return null;
  const slots = plan.candidateSlots.get(r);
  let candid: unknown;
  for (let k = 0; k < r.fieldTypes.length; k++) {
    const slot = slots ? slots[k] : -1;
    if (slot >= 0) columns[slot] = readValue(r.fieldTypes[k]);
    else if (slot === CANDIDATE_CANDID) candid = readValue(r.fieldTypes[k]);
    else skip(r.fieldTypes[k]);
  }
  return { candid };
}

function readStampData(plan: AlertReadPlan, t: TypeNode): unknown {
  const r = recordHere(t);
  if (!(r instanceof TypeNode)) return null;
  const at = plan.stampSlots.get(r) ?? -1;
  let stamp: unknown = null;
  for (let k = 0; k < r.fieldTypes.length; k++) {
    if (k === at) stamp = readValue(r.fieldTypes[k]);
    else skip(r.fieldTypes[k]);
  }
  return stamp;
}

function readHistory(plan: AlertReadPlan, t: TypeNode): unknown[] | null {
  const a = t.op === Op.Union ? branchOf(t) : t;
  if (a.op !== Op.Array) {
    skip(a);
    return null;
  }
  const item = a.child as TypeNode;
  const slots = item.op === Op.Record ? plan.historySlots.get(item) : undefined;
  const out: unknown[] = [];
  for (let n = blockCount(); n > 0; n = blockCount()) {
    for (let k = 0; k < n; k++) {
      if (slots === undefined) {
        out.push(readValue(item));
        continue;
      }
      const entry: Record<string, unknown> = {};
      for (let f = 0; f < item.fieldTypes.length; f++) {
        const slot = slots[f];
        if (slot >= 0) entry[HISTORY_KEYS[slot]] = readValue(item.fieldTypes[f]);
        else skip(item.fieldTypes[f]);
      }
      out.push(entry);
    }
  }
  return out;
}

/** What {@link readAlertRecord} read: the parts of an alert with a candidate record, or none; and where it ends. */
export interface AlertRecordRead {
  /** null when the record has no candidate record. */
  readonly parts: RecordParts | null;
  /** Offset just past the record. */
  readonly next: number;
}

/**
 * Reads the record at `offset` of `bytes` (Avro binary of the plan's writer schema).
 *
 * @throws TruncatedError (a RangeError) when the bytes end before the record; RangeError for a bad union branch
 *   or enum index.
 */
export function readAlertRecord(plan: AlertReadPlan, bytes: Buffer, offset: number): AlertRecordRead {
  if (bytes !== data) {
    data = bytes;
    view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  pos = offset;
  end = bytes.length;
  const { root, roles, rootColumns } = plan;
  const columns: unknown[] = new Array(COLUMN_SOURCES.length);
  let objectId: unknown;
  let recordCandid: unknown;
  let candidate: { candid: unknown } | null = null;
  let history: unknown[] | null = null;
  let science: unknown = null;
  let template: unknown = null;
  let difference: unknown = null;
  for (let k = 0; k < root.fieldTypes.length; k++) {
    const t = root.fieldTypes[k];
    switch (roles[k]) {
      case Role.Column:
        columns[rootColumns[k]] = readValue(t);
        break;
      case Role.ObjectId:
        objectId = readValue(t);
        if (rootColumns[k] >= 0) columns[rootColumns[k]] = objectId;
        break;
      case Role.Candid:
        recordCandid = readValue(t);
        break;
      case Role.Candidate:
        candidate = readCandidate(plan, t, columns);
        break;
      case Role.History:
        history = readHistory(plan, t);
        break;
      case Role.Science:
        science = readStampData(plan, t);
        break;
      case Role.Template:
        template = readStampData(plan, t);
        break;
      case Role.Difference:
        difference = readStampData(plan, t);
        break;
      default:
        skip(t);
    }
  }
  if (pos > end) throw truncated();
  if (candidate === null) return { parts: null, next: pos };
  return {
    parts: {
      objectId,
      candid: recordCandid ?? candidate.candid,
      jd: columns[JD_COLUMN],
      columns,
      hasRoid: plan.hasRoid,
      science,
      template,
      difference,
      history,
    },
    next: pos,
  };
}

/** Whether an error from {@link readAlertRecord} means the bytes ended too early. */
export function isTruncation(err: unknown): boolean {
  return err instanceof TruncatedError;
}
