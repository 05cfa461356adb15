/**
 * Reads alert records straight from their Avro bytes into what normalisation needs (`RecordParts`, normalize.ts):
 * the catalogue columns, the stamps (views of the input) and the history entries' kept fields. The writer
 * schema is compiled once into a plan: reading functions generated for it (avro-codegen.ts) read the fields that
 * are kept and skip the others without building a value. avsc's generic decoding builds an object per record (a
 * candidate of ~100 fields) that normalisation then reads back by name; this gives the same outcome (the tests
 * compare the two on every real alert and on simulated ones) for a fraction of the time and garbage
 * (docs/benchmarks.md).
 *
 * Values are those avsc gives (avro-cursor.ts); records, maps and arrays read where a scalar was expected
 * become plain objects and arrays (normalisation turns them into null, or rejects the record for ra, dec and fid).
 */
import { ALERT_COLUMNS } from '../../data/index.js';
import { ReaderSource, type RecordReadFn } from './avro-codegen.js';
import { type AvroType, compileAvroType, type Json, Op, viewOf } from './avro-cursor.js';
import { COLUMN_SOURCES, HISTORY_FIELDS, HistoryEntry, type RecordParts } from './normalize.js';

/** What the generated functions fill while reading one record. */
interface RecordTarget {
  readonly columns: unknown[];
  objectId: unknown;
  /** The record's top-level candid, and its candidate's. */
  recordCandid: unknown;
  candidateCandid: unknown;
  /** Whether a candidate record was read. */
  hasCandidate: boolean;
  history: unknown[] | null;
  science: unknown;
  template: unknown;
  difference: unknown;
}

/** The plan of one writer schema. */
export interface AlertReadPlan {
  /** Whether the schema has a top-level `roid`. */
  readonly hasRoid: boolean;
  /** Reads a whole record into its target. */
  readonly read: RecordReadFn<RecordTarget>;
}

const HISTORY_KEYS = [...HISTORY_FIELDS];
// the generated code passes the kept fields to HistoryEntry's constructor in HISTORY_KEYS order
{
  const probe = new HistoryEntry(
    ...(HISTORY_KEYS.map((_, i) => i) as ConstructorParameters<typeof HistoryEntry>),
  );
  HISTORY_KEYS.forEach((key, i) => {
    if ((probe as unknown as Record<string, unknown>)[key] !== i) {
      throw new Error(`HistoryEntry does not take ${key} at position ${i}`);
    }
  });
}
const JD_COLUMN = ALERT_COLUMNS.findIndex((c) => c.storage === 'i_jd');

const CUTOUT_TARGETS: Readonly<Record<string, string>> = {
  cutoutScience: 'target.science',
  cutoutTemplate: 'target.template',
  cutoutDifference: 'target.difference',
};

/** A function reading a candidate record: its catalogue columns and its candid. */
function candidateReader(src: ReaderSource, record: AvroType, columnOf: Map<string, number>): string {
  const body = record.fieldNames.map((name, k) => {
    const type = record.fieldTypes[k];
    if (name === 'candid') return src.value(type, 'target.candidateCandid');
    const column = columnOf.get(name);
    return src.value(type, column === undefined ? null : `c[${column}]`);
  });
  return src.fn(`const c = target.columns; ${body.join('\n')}`);
}

/** A function reading a history entry into an object of the kept fields, pushed onto the target array. */
function historyEntryReader(src: ReaderSource, record: AvroType): string {
  const locals = HISTORY_KEYS.map((_, i) => `h${i}`);
  const body = record.fieldNames.map((name, k) => {
    const slot = HISTORY_KEYS.indexOf(name);
    return src.value(record.fieldTypes[k], slot < 0 ? null : locals[slot]);
  });
  // one class for every entry: each kept field, undefined when the schema has none
  const make = src.constant(HistoryEntry);
  return src.fn(
    `let ${locals.join(', ')}; ${body.join('\n')} target.push(new K[${make}](${locals.join(', ')}));`,
  );
}

/** A function reading a cutout record's `stampData` into `to`. */
function cutoutReader(src: ReaderSource, record: AvroType, to: string): string {
  const body = record.fieldNames.map((name, k) =>
    src.value(record.fieldTypes[k], name === 'stampData' ? to : null),
  );
  return src.fn(body.join('\n'));
}

/** Code reading `prv_candidates`: an array of entries (or a union with an array branch). */
function historyField(src: ReaderSource, type: AvroType): string {
  return src.arrayField(type, (array) => {
    const item = array.child as AvroType;
    if (item.op !== Op.Record) return src.value(array, 'target.history');
    const entry = src.constant(src.compile(historyEntryReader(src, item)));
    const read = `pos = K[${entry}](data, view, pos, end, history);`;
    return `{ const history = []; target.history = history; ${src.array(item, read)} }`;
  });
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
  // a field read by several columns (a map's entries) is stored once, at its first column (normalize.ts copies it)
  COLUMN_SOURCES.forEach(({ field, inCandidate }, i) => {
    const columns = inCandidate ? candidateColumn : topColumn;
    if (!columns.has(field)) columns.set(field, i);
  });
  const src = new ReaderSource();
  const call = (fnSource: string) =>
    `pos = K[${src.constant(src.compile(fnSource))}](data, view, pos, end, target);`;
  const body = root.fieldNames.map((name, k) => {
    const type = root.fieldTypes[k];
    const column = topColumn.get(name);
    if (name === 'objectId') {
      const read = src.value(type, 'target.objectId');
      return column === undefined ? read : `${read} c[${column}] = target.objectId;`;
    }
    if (name === 'candid') return src.value(type, 'target.recordCandid');
    if (name === 'candidate') {
      return src.record(
        type,
        (r) => `${call(candidateReader(src, r, candidateColumn))} target.hasCandidate = true;`,
      );
    }
    if (name === 'prv_candidates') return historyField(src, type);
    const cutout = CUTOUT_TARGETS[name];
    if (cutout !== undefined) return src.record(type, (r) => call(cutoutReader(src, r, cutout)));
    return src.value(type, column === undefined ? null : `c[${column}]`);
  });
  const read = src.compile<RecordTarget>(src.fn(`const c = target.columns; ${body.join('\n')}`));
  return { hasRoid: root.fieldNames.includes('roid'), read };
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
  const target: RecordTarget = {
    columns: new Array(COLUMN_SOURCES.length),
    objectId: undefined,
    recordCandid: undefined,
    candidateCandid: undefined,
    hasCandidate: false,
    history: null,
    science: null,
    template: null,
    difference: null,
  };
  const next = plan.read(bytes, viewOf(bytes), offset, bytes.length, target);
  if (!target.hasCandidate) return { parts: null, next };
  return {
    parts: {
      objectId: target.objectId,
      candid: target.recordCandid ?? target.candidateCandid,
      jd: target.columns[JD_COLUMN],
      columns: target.columns,
      hasRoid: plan.hasRoid,
      science: target.science,
      template: target.template,
      difference: target.difference,
      history: target.history,
    },
    next,
  };
}
