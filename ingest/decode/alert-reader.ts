/**
 * Reads alert records straight from their Avro bytes into what normalisation needs (`RecordParts`, normalize.ts):
 * the catalogue columns, the stamps (views of the input) and the history entries' kept fields. The writer
 * schema is compiled once into a plan; every other field is skipped without building a value. avsc's generic
 * decoding builds an object per record (a candidate of ~100 fields) that normalisation then reads back by name;
 * this gives the same outcome (the tests compare the two on every real alert and on simulated ones) for a
 * fraction of the time and garbage (docs/benchmarks.md).
 *
 * Values are those avsc gives (avro-cursor.ts); records, maps and arrays read where a scalar was expected
 * become plain objects and arrays (normalisation turns them into null, or rejects the record for ra, dec and fid).
 */
import { ALERT_COLUMNS } from '../../data/columns.js';
import {
  type AvroType,
  blockCount,
  branchOf,
  compileAvroType,
  type Json,
  Op,
  readPosition,
  readValue,
  skipValue,
  startReading,
} from './avro-cursor.js';
import { COLUMN_SOURCES, HISTORY_FIELDS, type RecordParts } from './normalize.js';

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
  readonly root: AvroType;
  /** Per top-level field: its role, and its column for Role.Column. */
  readonly roles: Int8Array;
  readonly rootColumns: Int16Array;
  /** Whether the schema has a top-level `roid`. */
  readonly hasRoid: boolean;
  /** Per field of each candidate record type: its column, CANDIDATE_CANDID, or -1. */
  readonly candidateSlots: Map<AvroType, Int16Array>;
  /** Per field of each history entry record type: the index of its name in HISTORY_KEYS, or -1. */
  readonly historySlots: Map<AvroType, Int16Array>;
  /** Per cutout record type: the index of its `stampData` field, or -1. */
  readonly stampSlots: Map<AvroType, number>;
}

const HISTORY_KEYS = [...HISTORY_FIELDS];
const JD_COLUMN = ALERT_COLUMNS.findIndex((c) => c.storage === 'i_jd');

/** The record types a field's type may hold (itself, or the record branches of its union; array items for history). */
function recordsOf(type: AvroType, arrayItems = false): AvroType[] {
  const direct = type.op === Op.Union ? type.branches : [type];
  const out: AvroType[] = [];
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
  const root = compileAvroType(schema);
  if (root.op !== Op.Record) throw new Error('an alert schema must be a record');
  const topColumn = new Map<string, number>();
  const candidateColumn = new Map<string, number>();
  COLUMN_SOURCES.forEach(({ field, inCandidate }, i) => {
    (inCandidate ? candidateColumn : topColumn).set(field, i);
  });
  const roles = new Int8Array(root.fieldNames.length);
  const rootColumns = new Int16Array(root.fieldNames.length).fill(-1);
  const candidateSlots = new Map<AvroType, Int16Array>();
  const historySlots = new Map<AvroType, Int16Array>();
  const stampSlots = new Map<AvroType, number>();
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

/** The record type a field holds here: itself, or its union's branch (null for a non-record branch, skipped). */
function recordHere(t: AvroType): AvroType | null {
  const r = t.op === Op.Union ? branchOf(t) : t;
  if (r.op === Op.Record) return r;
  skipValue(r);
  return null;
}

function readCandidate(plan: AlertReadPlan, t: AvroType, columns: unknown[]): { candid: unknown } | null {
  const r = recordHere(t);
  if (r === null) return null;
  const slots = plan.candidateSlots.get(r);
  let candid: unknown;
  for (let k = 0; k < r.fieldTypes.length; k++) {
    const slot = slots ? slots[k] : -1;
    if (slot >= 0) columns[slot] = readValue(r.fieldTypes[k]);
    else if (slot === CANDIDATE_CANDID) candid = readValue(r.fieldTypes[k]);
    else skipValue(r.fieldTypes[k]);
  }
  return { candid };
}

function readStampData(plan: AlertReadPlan, t: AvroType): unknown {
  const r = recordHere(t);
  if (r === null) return null;
  const at = plan.stampSlots.get(r) ?? -1;
  let stamp: unknown = null;
  for (let k = 0; k < r.fieldTypes.length; k++) {
    if (k === at) stamp = readValue(r.fieldTypes[k]);
    else skipValue(r.fieldTypes[k]);
  }
  return stamp;
}

function readHistory(plan: AlertReadPlan, t: AvroType): unknown[] | null {
  const a = t.op === Op.Union ? branchOf(t) : t;
  if (a.op !== Op.Array) {
    skipValue(a);
    return null;
  }
  const item = a.child as AvroType;
  const slots = item.op === Op.Record ? plan.historySlots.get(item) : undefined;
  const out: unknown[] = [];
  for (let n = blockCount(item); n > 0; n = blockCount(item)) {
    for (let k = 0; k < n; k++) {
      if (slots === undefined) {
        out.push(readValue(item));
        continue;
      }
      const entry: Record<string, unknown> = {};
      for (let f = 0; f < item.fieldTypes.length; f++) {
        const slot = slots[f];
        if (slot >= 0) entry[HISTORY_KEYS[slot]] = readValue(item.fieldTypes[f]);
        else skipValue(item.fieldTypes[f]);
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
 * @throws a RangeError when the bytes end before the record (avro-cursor.ts `isTruncation`); RangeError for a bad union branch
 *   or enum index.
 */
export function readAlertRecord(plan: AlertReadPlan, bytes: Buffer, offset: number): AlertRecordRead {
  startReading(bytes, offset);
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
        skipValue(t);
    }
  }
  const next = readPosition();
  if (candidate === null) return { parts: null, next };
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
    next,
  };
}
