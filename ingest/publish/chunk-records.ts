/**
 * Rows of DuckDB result chunks encoded as Avro records of a flat schema (data/flat-record-writer.ts) straight
 * from the vectors' memory: numbers' bytes copied as they are (DuckDB and Avro both write IEEE floats little
 * endian), integers written as zigzag varints from their words, strings' UTF-8 bytes copied; no JavaScript value
 * is made per cell. `DuckDBVector.toArray` makes one per cell, and tests each cell's validity with BigInt
 * arithmetic: for the ~240,000 upper limits of 100,000 alerts that was ~1 s of a publication's thread
 * (docs/benchmarks.md).
 *
 * The rows are grouped in runs of equal keys (the first column, a VARCHAR: an objectId), each run's records
 * kept together, for a writer that takes an object's records at once.
 *
 * Reference: Apache Avro 1.11 specification, "Binary Encoding"; DuckDB C API (`duckdb_vector_get_data`,
 * `duckdb_vector_get_validity`, the 16-byte `string_t` of VARCHAR and BLOB vectors).
 */
import os from 'node:os';
import { type DuckDBDataChunk, type DuckDBType, DuckDBTypeId } from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';
import { ByteSink, type FlatField, type FlatScalar } from '../../data/flat-record-writer.js';

/** The DuckDB column type that holds each Avro scalar. */
const TYPE_OF: Readonly<Record<FlatScalar, DuckDBTypeId>> = {
  double: DuckDBTypeId.DOUBLE,
  float: DuckDBTypeId.FLOAT,
  int: DuckDBTypeId.INTEGER,
  long: DuckDBTypeId.BIGINT,
  string: DuckDBTypeId.VARCHAR,
  bytes: DuckDBTypeId.BLOB,
  boolean: DuckDBTypeId.BOOLEAN,
};

/** Bytes per row of each kind of vector (a VARCHAR or BLOB row is a 16-byte `string_t`). */
const WIDTH: Readonly<Record<FlatScalar, number>> = {
  double: 8,
  float: 4,
  int: 4,
  long: 8,
  string: 16,
  bytes: 16,
  boolean: 1,
};

/** A `string_t` holding at most this many bytes keeps them inline, after its length. */
const INLINE_BYTES = 12;

/** One column of the chunk being encoded. */
interface ColumnData {
  readonly field: FlatField;
  readonly bytes: Uint8Array;
  /** The same memory as 32-bit words (ints; the halves of longs; string lengths). */
  readonly words: Uint32Array;
  /** Validity bits, 1 = a value (null: every row has one). */
  readonly validity: Uint8Array | null;
}

/** The raw memory of a chunk's column `i` holding `rows` rows of `field`'s type. */
function columnData(chunk: DuckDBDataChunk, i: number, rows: number, field: FlatField): ColumnData {
  const vector = duckdb.data_chunk_get_vector(chunk.chunk, i);
  const bytes = duckdb.vector_get_data(vector, rows * WIDTH[field.type]);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2 || 0);
  const validity = duckdb.vector_get_validity(vector, Math.ceil(rows / 64) * 8) ?? null;
  return { field, bytes, words, validity };
}

/** Position of a row's UTF-8 bytes in a VARCHAR or BLOB column: inline in its `string_t`, or behind its pointer. */
function stringBytes(c: ColumnData, row: number): { data: Uint8Array; start: number; length: number } {
  const length = c.words[row * 4];
  if (length <= INLINE_BYTES) return { data: c.bytes, start: row * 16 + 4, length };
  const data = duckdb.get_data_from_pointer(
    c.bytes.buffer as ArrayBuffer,
    c.bytes.byteOffset + row * 16 + 8,
    length,
  );
  return { data, start: 0, length };
}

/** Whether rows `a` and `b` of a VARCHAR column hold the same inline text (false for longer texts: not compared). */
function sameInlineText(c: ColumnData, a: number, b: number): boolean {
  const length = c.words[a * 4];
  if (length > INLINE_BYTES || c.words[b * 4] !== length) return false;
  const { bytes } = c;
  for (let k = 4; k < 4 + length; k++) if (bytes[a * 16 + k] !== bytes[b * 16 + k]) return false;
  return true;
}

function valid(c: ColumnData, row: number): boolean {
  return c.validity === null || (c.validity[row >>> 3] & (1 << (row & 7))) !== 0;
}

const decoder = new TextDecoder();

/**
 * Records of a flat Avro schema encoded from result chunks whose first column is a VARCHAR key and whose next
 * columns are the record's fields in order; rows of equal keys must be consecutive (a query ordered by the key).
 */
export class ChunkRecords {
  /** The key of each run, its records' end in `sink`, and its record count. */
  readonly keys: string[] = [];
  readonly ends: number[] = [];
  readonly counts: number[] = [];
  readonly sink = new ByteSink(1 << 16);

  constructor(private readonly fields: readonly FlatField[]) {}

  /**
   * Checks that a result's column types hold the key and the fields.
   * @throws Error naming the first column that does not.
   */
  static check(fields: readonly FlatField[], names: readonly string[], types: readonly DuckDBType[]): void {
    // numbers' bytes are copied as they are: Avro's order is little endian
    if (os.endianness() !== 'LE')
      throw new Error('records are encoded from vectors on little-endian machines only');
    const expected = [DuckDBTypeId.VARCHAR, ...fields.map((f) => TYPE_OF[f.type])];
    if (types.length !== expected.length) {
      throw new Error(`a result of ${types.length} columns cannot hold a key and ${fields.length} fields`);
    }
    types.forEach((t, i) => {
      if (t.typeId !== expected[i]) {
        throw new Error(`column ${names[i]} is ${t.toString()}, not ${DuckDBTypeId[expected[i]]}`);
      }
    });
  }

  /**
   * Encodes the rows of a chunk (its columns as {@link check}ed).
   * @throws TypeError for a null in a field that is not nullable or a null key; nothing of its row is kept (the
   * rows before it are).
   */
  add(chunk: DuckDBDataChunk): void {
    const rows = chunk.rowCount;
    if (rows === 0) return;
    const key = columnData(chunk, 0, rows, { name: 'key', type: 'string', nullIndex: null });
    const columns = this.fields.map((f, i) => columnData(chunk, i + 1, rows, f));
    const { sink, keys, ends, counts } = this;
    for (let row = 0; row < rows; row++) {
      if (!valid(key, row)) throw new TypeError(`row ${row} of a chunk has a null key`);
      // the key's text is decoded only where it may change
      if (row === 0 || !sameInlineText(key, row, row - 1)) {
        const { data, start, length } = stringBytes(key, row);
        const text = decoder.decode(data.subarray(start, start + length));
        if (keys.length === 0 || keys[keys.length - 1] !== text) {
          keys.push(text);
          ends.push(sink.pos);
          counts.push(0);
        }
      }
      const start = sink.pos;
      try {
        for (let i = 0; i < columns.length; i++) writeCell(columns[i], row, sink);
      } catch (err) {
        sink.pos = start;
        if (counts[counts.length - 1] === 0) {
          keys.pop();
          ends.pop();
          counts.pop();
        }
        throw err;
      }
      ends[ends.length - 1] = sink.pos;
      counts[counts.length - 1]++;
    }
  }

  /** Start in `sink` of the records of run `i`. */
  start(i: number): number {
    return i === 0 ? 0 : this.ends[i - 1];
  }
}

/** Writes a cell of row `row` of a column as its field's Avro encoding. */
function writeCell(c: ColumnData, row: number, out: ByteSink): void {
  const { field } = c;
  if (field.nullIndex !== null) {
    if (!valid(c, row)) {
      out.byte(field.nullIndex === 0 ? 0 : 2);
      return;
    }
    out.byte(field.nullIndex === 0 ? 2 : 0);
  } else if (!valid(c, row)) {
    throw new TypeError(`Avro field ${field.name} (${field.type}) cannot hold null`);
  }
  switch (field.type) {
    case 'double':
      out.rawRange(c.bytes, row * 8, row * 8 + 8);
      break;
    case 'float':
      out.rawRange(c.bytes, row * 4, row * 4 + 4);
      break;
    case 'int':
      out.varLong(c.words[row] | 0);
      break;
    case 'long':
      out.varInt64(c.words[row * 2], c.words[row * 2 + 1]);
      break;
    case 'boolean':
      out.byte(c.bytes[row] === 0 ? 0 : 1);
      break;
    default: {
      const { data, start, length } = stringBytes(c, row);
      out.varLong(length);
      out.rawRange(data, start, start + length);
    }
  }
}
