/**
 * Rows of DuckDB result chunks encoded as Avro records of a flat schema (data/flat-record-writer.ts) straight
 * from the vectors' memory (vector-memory.ts): numbers' bytes copied as they are (DuckDB and Avro both write
 * IEEE floats little endian), integers written as zigzag varints from their words, texts' UTF-8 bytes copied; no
 * JavaScript value is made per cell.
 *
 * The rows are grouped in runs of equal keys (the first column, a VARCHAR: an objectId), each run's records
 * kept together, for a writer that takes an object's records at once.
 *
 * Reference: Apache Avro 1.11 specification, "Binary Encoding".
 */
import { type DuckDBDataChunk, type DuckDBType, DuckDBTypeId } from '@duckdb/node-api';
import { ByteSink, type FlatField, type FlatScalar } from '../../data/index.js';
import { checkColumnTypes, VectorMemory } from './vector-memory.js';

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
   * Checks that a result's columns hold the key and the fields.
   * @throws Error naming the first column that does not.
   */
  static check(fields: readonly FlatField[], names: readonly string[], types: readonly DuckDBType[]): void {
    checkColumnTypes(names, types, [DuckDBTypeId.VARCHAR, ...fields.map((f) => TYPE_OF[f.type])]);
  }

  /**
   * Encodes the rows of a chunk (its columns as {@link check}ed).
   * @throws TypeError for a null in a field that is not nullable or a null key; nothing of its row is kept (the
   * rows before it are).
   */
  add(chunk: DuckDBDataChunk): void {
    const rows = chunk.rowCount;
    if (rows === 0) return;
    const key = new VectorMemory(chunk, 0, DuckDBTypeId.VARCHAR);
    const columns = this.fields.map((f, i) => new VectorMemory(chunk, i + 1, TYPE_OF[f.type]));
    const { sink, keys, ends, counts, fields } = this;
    for (let row = 0; row < rows; row++) {
      if (!key.valid(row)) throw new TypeError(`row ${row} of a chunk has a null key`);
      // the key's text is decoded only where it may change
      if (row === 0 || !key.sameInlineText(row, row - 1)) {
        const text = key.text(row);
        if (keys.length === 0 || keys[keys.length - 1] !== text) {
          keys.push(text);
          ends.push(sink.pos);
          counts.push(0);
        }
      }
      const start = sink.pos;
      try {
        for (let i = 0; i < columns.length; i++) writeCell(fields[i], columns[i], row, sink);
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

/** Writes the cell of row `row` of a column as `field`'s Avro encoding. */
function writeCell(field: FlatField, c: VectorMemory, row: number, out: ByteSink): void {
  if (field.nullIndex !== null) {
    if (!c.valid(row)) {
      out.byte(field.nullIndex === 0 ? 0 : 2);
      return;
    }
    out.byte(field.nullIndex === 0 ? 2 : 0);
  } else if (!c.valid(row)) {
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
      const bytes = c.stringBytes(row);
      out.varLong(bytes.length);
      out.rawRange(bytes, 0, bytes.length);
    }
  }
}
