/**
 * The memory of a DuckDB result chunk's column, read in place: numbers from typed views of the vector's data,
 * texts and blobs from its 16-byte `string_t` entries, validity from its bit mask. `DuckDBVector.toArray` and
 * `getItem` make a JavaScript value per cell and test each cell's validity with BigInt arithmetic (~1 s of a
 * publication's thread for 100,000 alerts; docs/benchmarks.md); the readers of a publication's rows read the
 * cells they need here instead.
 *
 * Reference: DuckDB C API (`duckdb_vector_get_data`, `duckdb_vector_get_validity`, `duckdb_string_t`).
 */
import os from 'node:os';
import { type DuckDBDataChunk, type DuckDBType, DuckDBTypeId } from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';

/** Bytes per row of the vectors read here (a VARCHAR or BLOB row is a 16-byte `string_t`). */
const WIDTH: Readonly<Partial<Record<DuckDBTypeId, number>>> = {
  [DuckDBTypeId.BOOLEAN]: 1,
  [DuckDBTypeId.INTEGER]: 4,
  [DuckDBTypeId.BIGINT]: 8,
  [DuckDBTypeId.FLOAT]: 4,
  [DuckDBTypeId.DOUBLE]: 8,
  [DuckDBTypeId.VARCHAR]: 16,
  [DuckDBTypeId.BLOB]: 16,
};

/** A `string_t` holding at most this many bytes keeps them inline, after its length. */
const INLINE_BYTES = 12;

const decoder = new TextDecoder();

/**
 * Checks that a result's columns have the types read from them.
 * @throws Error naming the first column that does not.
 */
export function checkColumnTypes(
  names: readonly string[],
  types: readonly DuckDBType[],
  expected: readonly DuckDBTypeId[],
): void {
  // numbers are read as the machine's words and copied as bytes into little-endian formats (Avro)
  if (os.endianness() !== 'LE') throw new Error('vectors are read in place on little-endian machines only');
  if (types.length !== expected.length) {
    throw new Error(`a result of ${types.length} columns, not ${expected.length}`);
  }
  types.forEach((t, i) => {
    if (t.typeId !== expected[i]) {
      throw new Error(`column ${names[i]} is ${t.toString()}, not ${DuckDBTypeId[expected[i]]}`);
    }
  });
}

/** Column `column` of a chunk, of a type {@link checkColumnTypes} checked, read in place. */
export class VectorMemory {
  /** The vector's data: its rows' values (numbers) or `string_t` entries (texts, blobs). */
  readonly bytes: Uint8Array;
  /** The same memory as 32-bit words (ints; the halves of longs; texts' lengths). */
  readonly words: Uint32Array;
  /** Validity bits, 1 = a value; null when every row has one. */
  private readonly validity: Uint8Array | null;

  constructor(chunk: DuckDBDataChunk, column: number, type: DuckDBTypeId) {
    const width = WIDTH[type];
    if (width === undefined) throw new Error(`vectors of ${DuckDBTypeId[type]} are not read in place`);
    const rows = chunk.rowCount;
    const vector = duckdb.data_chunk_get_vector(chunk.chunk, column);
    this.bytes = duckdb.vector_get_data(vector, rows * width);
    this.words = new Uint32Array(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength >> 2);
    this.validity = duckdb.vector_get_validity(vector, Math.ceil(rows / 64) * 8) ?? null;
  }

  /** Whether row `row` has a value. */
  valid(row: number): boolean {
    const v = this.validity;
    return v === null || (v[row >>> 3] & (1 << (row & 7))) !== 0;
  }

  /** The values of a DOUBLE column's rows (meaningful where {@link valid}). */
  doubles(): Float64Array {
    return new Float64Array(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength >> 3);
  }

  /** The values of a BIGINT column's rows (meaningful where {@link valid}). */
  longs(): BigInt64Array {
    return new BigInt64Array(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength >> 3);
  }

  /** A view of the bytes of row `row` of a VARCHAR or BLOB column: inline in its entry, or behind its pointer. */
  stringBytes(row: number): Uint8Array {
    const length = this.words[row * 4];
    const { bytes } = this;
    if (length <= INLINE_BYTES) return bytes.subarray(row * 16 + 4, row * 16 + 4 + length);
    return duckdb.get_data_from_pointer(bytes.buffer as ArrayBuffer, bytes.byteOffset + row * 16 + 8, length);
  }

  /** The text of row `row` of a VARCHAR column. */
  text(row: number): string {
    return decoder.decode(this.stringBytes(row));
  }

  /**
   * Whether rows `a` and `b` of a VARCHAR column hold the same inline text; false for texts too long to be inline
   * (not compared).
   */
  sameInlineText(a: number, b: number): boolean {
    const { words, bytes } = this;
    const length = words[a * 4];
    if (length > INLINE_BYTES || words[b * 4] !== length) return false;
    for (let k = 4; k < 4 + length; k++) if (bytes[a * 16 + k] !== bytes[b * 16 + k]) return false;
    return true;
  }
}
