/**
 * The row document of an alert: every catalogue value of the alert encoded as one Avro record (field names are
 * the storage names). Published alerts files carry it in column `row_avro` beside the flat columns, so that a
 * full-row read touches a handful of columns instead of ~150 (a point lookup of `SELECT *` over 150 parquet
 * columns costs ~20-30 ms; the document and the keys cost ~2 ms). The flat columns stay for analytics and for
 * reads of a few fields.
 */
import avro from 'avsc';
import { bigintLongType } from './avro-long.js';
import type { ColumnValue } from './column-types.js';
import { ALERT_COLUMNS, EARLIER_ROW_COLUMNS } from './columns.js';
import { ByteSink, FlatRecordWriter } from './flat-record-writer.js';

/** Name of the row-document column in staging and published alerts files. */
export const ROW_DOC_COLUMN = 'row_avro';

const ROW_SCHEMA = {
  type: 'record' as const,
  name: 'skyalert.AlertRow',
  fields: ALERT_COLUMNS.map((c) => ({ name: c.storage, type: ['null', c.type] })),
};

/** The avsc type of a row document: the decoder, and the reference of the encoder's bytes. */
export const ALERT_ROW_TYPE = avro.Type.forSchema(ROW_SCHEMA, {
  registry: { long: bigintLongType },
  wrapUnions: false,
});

const ROW_WRITER = FlatRecordWriter.fromSchema(ROW_SCHEMA);
const sink = new ByteSink(8192);

/**
 * Encodes catalogue values (ALERT_COLUMNS order) as a row document: the bytes avsc writes for the record of
 * nullable columns, written field by field (data/flat-record-writer.ts; ~8x faster than avsc).
 *
 * @throws TypeError for a value its column's type cannot hold (as avsc does).
 */
export function encodeAlertRow(values: readonly ColumnValue[]): Buffer {
  try {
    ROW_WRITER.writeValues(values, sink);
  } catch (err) {
    sink.pos = 0; // drops the partial document
    throw err;
  }
  return sink.take();
}

/**
 * {@link encodeAlertRow} into a reused buffer: the view returned is valid until the next call (for a caller that
 * copies it at once, e.g. into a DuckDB vector).
 *
 * @throws TypeError for a value its column's type cannot hold (as avsc does).
 */
export function encodeAlertRowView(values: readonly ColumnValue[]): Uint8Array {
  try {
    ROW_WRITER.writeValues(values, sink);
  } catch (err) {
    sink.pos = 0;
    throw err;
  }
  return sink.takeView();
}

/**
 * The candid of a row document, read without decoding the rest: the document starts with the unions of
 * `i_objectId` (string) and `i_candid` (long), each a zigzag varint branch index then the value.
 *
 * @returns the candid, or null when the document holds none.
 * @throws RangeError for a truncated document.
 * Reference: Apache Avro 1.11 specification, "Binary Encoding" (long as zigzag varint, union, string).
 */
export function alertRowCandid(bytes: Uint8Array): bigint | null {
  let at = 0;
  const varint = (): bigint => {
    let value = 0n;
    let shift = 0n;
    for (;;) {
      if (at >= bytes.length) throw new RangeError('truncated alert row document');
      const b = bytes[at++];
      value |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return (value >> 1n) ^ -(value & 1n);
      shift += 7n;
    }
  };
  if (varint() === 1n) {
    const length = Number(varint()); // i_objectId: skip the string
    at += length;
  }
  return varint() === 1n ? varint() : null;
}

/** Row documents written before the later Fink fields (data/fink-later-fields.ts): the earlier columns only. */
const EARLIER_ROW_TYPE = avro.Type.forSchema(
  { ...ROW_SCHEMA, fields: ROW_SCHEMA.fields.slice(0, EARLIER_ROW_COLUMNS) },
  { registry: { long: bigintLongType }, wrapUnions: false },
);
const LATER_STORAGE = ALERT_COLUMNS.slice(EARLIER_ROW_COLUMNS).map((c) => c.storage);

/**
 * Decodes a row document into an object keyed by storage names (64-bit integers as bigint). A document written
 * before the later Fink fields (it ends after the earlier columns: each later column takes at least one byte,
 * so the two cannot be confused) gets them as null.
 *
 * @throws Error for bytes that are a document of neither.
 */
export function decodeAlertRow(bytes: Uint8Array): Record<string, ColumnValue> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  try {
    return ALERT_ROW_TYPE.fromBuffer(buf) as Record<string, ColumnValue>;
  } catch (err) {
    let row: Record<string, ColumnValue>;
    try {
      row = EARLIER_ROW_TYPE.fromBuffer(buf) as Record<string, ColumnValue>;
    } catch {
      throw err;
    }
    for (const name of LATER_STORAGE) row[name] = null;
    return row;
  }
}

/**
 * Expands stored rows that carry a row document into full stored rows (catalogue columns plus the other columns
 * the row had, e.g. classification, night); rows without one are returned unchanged.
 */
export function expandStoredRows(rows: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map((row) => {
    const doc = row[ROW_DOC_COLUMN];
    if (!(doc instanceof Uint8Array)) return row;
    const { [ROW_DOC_COLUMN]: _doc, ...rest } = row;
    return { ...decodeAlertRow(doc), ...rest };
  });
}

/** SELECT list of a full-row read: the keys and extra columns, and the row document. */
export const FULL_ROW_SELECT = `i_objectId, i_candid, i_jd, night, hpix29, classification, ${ROW_DOC_COLUMN}`;
