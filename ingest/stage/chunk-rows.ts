/**
 * Rows of one table built into DuckDB data chunks, to be appended later (e.g. inside a transaction that starts
 * after the rows are built). DuckDB's appender takes one native call per value (~150 per alert row); here numbers
 * go into typed arrays, copied into the chunk's vectors with one call per column and chunk, and strings and blobs
 * are copied into their vector as they come. The rows so hold no JavaScript values while they wait: a staged batch
 * is native memory, not objects the garbage collector copies from one generation to the next (docs/benchmarks.md,
 * ingestion). Chunks are reused once appended (`release`).
 *
 * Rows are written value by value in column order, as with DuckDB's appender: `int`, `float`, ... then `endRow`.
 */
import {
  BIGINT,
  BLOB,
  BOOLEAN,
  DOUBLE,
  type DuckDBAppender,
  DuckDBDataChunk,
  type DuckDBType,
  FLOAT,
  INTEGER,
  VARCHAR,
} from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';
import { INT64_MAX, INT64_MIN } from '../../data/index.js';

/** Value kinds of a chunk column (the DuckDB types INTEGER, BIGINT, FLOAT, DOUBLE, BOOLEAN, VARCHAR, BLOB). */
export type ChunkColumnKind = 'int' | 'long' | 'float' | 'double' | 'boolean' | 'string' | 'blob';

const DUCKDB_TYPES: Readonly<Record<ChunkColumnKind, DuckDBType>> = {
  int: INTEGER,
  long: BIGINT,
  float: FLOAT,
  double: DOUBLE,
  boolean: BOOLEAN,
  string: VARCHAR,
  blob: BLOB,
};

/** The chunk column kind of a DuckDB SQL type name. @throws Error for a type chunks do not carry. */
export function chunkKindOfSql(sqlType: string): ChunkColumnKind {
  const kind = (Object.keys(DUCKDB_TYPES) as ChunkColumnKind[]).find(
    (k) => DUCKDB_TYPES[k].toString() === sqlType.toUpperCase(),
  );
  if (kind === undefined) throw new Error(`no chunk column kind for the SQL type ${sqlType}`);
  return kind;
}

type NumberArray = Int32Array | Float32Array | Float64Array | Uint8Array;

/** One column of the chunk being filled. */
interface ChunkColumn {
  readonly kind: ChunkColumnKind;
  /** Typed values (numbers, longs, booleans); null for strings and blobs (written into the vector at once). */
  readonly numbers: NumberArray | BigInt64Array | null;
  /** Validity bits (1 = value present), 32 rows per word, little-endian as DuckDB's 64-bit words. */
  readonly validity: Uint32Array;
}

function newColumn(kind: ChunkColumnKind, rows: number): ChunkColumn {
  const numbers =
    kind === 'int'
      ? new Int32Array(rows)
      : kind === 'long'
        ? new BigInt64Array(rows)
        : kind === 'float'
          ? new Float32Array(rows)
          : kind === 'double'
            ? new Float64Array(rows)
            : kind === 'boolean'
              ? new Uint8Array(rows)
              : null;
  return { kind, numbers, validity: new Uint32Array(Math.ceil(rows / 64) * 2).fill(0xffffffff) };
}

/** Rows of one table built into data chunks: `take` hands over the chunks of the rows ended since the last take. */
export class ChunkRows {
  private readonly capacity = duckdb.vector_size();
  private readonly types: readonly DuckDBType[];
  private readonly columns: ChunkColumn[];
  /** The chunk being filled and its vectors (null before its first value). */
  private chunk: DuckDBDataChunk | null = null;
  private vectors: duckdb.Vector[] = [];
  /** Full chunks not taken yet. */
  private filled: DuckDBDataChunk[] = [];
  /** Appended chunks, emptied, for reuse. */
  private readonly free: DuckDBDataChunk[] = [];
  private row = 0;
  private column = 0;

  /** @param kinds the kind of each column of the table, in order. */
  constructor(private readonly kinds: readonly ChunkColumnKind[]) {
    this.types = kinds.map((k) => DUCKDB_TYPES[k]);
    this.columns = kinds.map((k) => newColumn(k, this.capacity));
  }

  private next(kind: ChunkColumnKind): ChunkColumn {
    const c = this.columns[this.column];
    if (c === undefined) throw new Error(`row ${this.row} has more than ${this.kinds.length} values`);
    if (c.kind !== kind) throw new Error(`column ${this.column} holds ${c.kind} values, not ${kind}`);
    this.column++;
    return c;
  }

  /** The vector of column `i` of the chunk being filled (the chunk taken from the free ones, or created). */
  private vector(i: number): duckdb.Vector {
    if (this.chunk === null) {
      const chunk = this.free.pop() ?? DuckDBDataChunk.create(this.types);
      this.vectors = this.types.map((_, k) => duckdb.data_chunk_get_vector(chunk.chunk, k));
      this.chunk = chunk;
    }
    return this.vectors[i];
  }

  /** A NULL in the next column. */
  null(): void {
    const c = this.columns[this.column];
    if (c === undefined) throw new Error(`row ${this.row} has more than ${this.kinds.length} values`);
    this.column++;
    c.validity[this.row >>> 5] &= ~(1 << (this.row & 31));
  }

  /** @throws RangeError for a value that is not a 32-bit integer (a typed array would wrap it silently). */
  int(v: number | null): void {
    if (v === null) this.null();
    else if ((v | 0) !== v) throw new RangeError(`column ${this.column}: ${v} is not a 32-bit integer`);
    else (this.next('int').numbers as Int32Array)[this.row] = v;
  }

  /** @throws RangeError for a value outside the 64-bit range. */
  long(v: bigint | null): void {
    if (v === null) this.null();
    else if (v < INT64_MIN || v > INT64_MAX)
      throw new RangeError(`column ${this.column}: ${v} is outside BIGINT`);
    else (this.next('long').numbers as BigInt64Array)[this.row] = v;
  }

  float(v: number | null): void {
    if (v === null) this.null();
    else (this.next('float').numbers as Float32Array)[this.row] = v;
  }

  double(v: number | null): void {
    if (v === null) this.null();
    else (this.next('double').numbers as Float64Array)[this.row] = v;
  }

  boolean(v: boolean | null): void {
    if (v === null) this.null();
    else (this.next('boolean').numbers as Uint8Array)[this.row] = v ? 1 : 0;
  }

  string(v: string | null): void {
    if (v === null) this.null();
    else duckdb.vector_assign_string_element(this.nextVector('string'), this.row, v);
  }

  /** Bytes copied into the vector at once: `v` may be a view of a buffer reused after the call. */
  blob(v: Uint8Array | null): void {
    if (v === null) this.null();
    else duckdb.vector_assign_string_element_len(this.nextVector('blob'), this.row, v);
  }

  /** The vector of the next column, which holds `kind` values (strings and blobs are written into it at once). */
  private nextVector(kind: ChunkColumnKind): duckdb.Vector {
    const at = this.column;
    this.next(kind);
    return this.vector(at);
  }

  /** Ends the row; a full chunk is completed. @throws Error when the row has too few values. */
  endRow(): void {
    if (this.column !== this.kinds.length)
      throw new Error(`row ${this.row} has ${this.column} values, not ${this.kinds.length}`);
    this.column = 0;
    this.row++;
    if (this.row === this.capacity) this.complete();
  }

  /** Copies the typed values and validity of the rows ended into the chunk, which joins the filled ones. */
  private complete(): void {
    const rows = this.row;
    if (rows === 0) return;
    this.vector(0); // the chunk exists even when no row had a string
    const chunk = this.chunk as DuckDBDataChunk;
    const validityBytes = Math.ceil(rows / 64) * 8;
    this.columns.forEach((c, i) => {
      const vector = this.vectors[i];
      const n = c.numbers;
      if (n) {
        const bytes = rows * n.BYTES_PER_ELEMENT;
        duckdb.copy_data_to_vector(vector, 0, n.buffer as ArrayBuffer, n.byteOffset, bytes);
      }
      // written for every column: a reused chunk may keep the mask of its previous rows
      duckdb.vector_ensure_validity_writable(vector);
      duckdb.copy_data_to_vector_validity(vector, 0, c.validity.buffer as ArrayBuffer, 0, validityBytes);
      c.validity.fill(0xffffffff);
    });
    chunk.rowCount = rows;
    this.filled.push(chunk);
    this.chunk = null;
    this.row = 0;
  }

  /** Rows ended since the last take (or discard). */
  get rowsNotTaken(): number {
    return this.filled.length * this.capacity + this.row;
  }

  /**
   * The chunks of the rows ended since the last take (the last one partial), for {@link appendChunks}.
   *
   * @throws Error when a row is not ended.
   */
  take(): DuckDBDataChunk[] {
    if (this.column !== 0) throw new Error(`row ${this.row} is not ended`);
    this.complete();
    const out = this.filled;
    this.filled = [];
    return out;
  }

  /** Drops the rows since the last take (the chunk being filled included), e.g. after a failure mid-batch. */
  discard(): void {
    for (const c of this.columns) c.validity.fill(0xffffffff);
    if (this.chunk !== null) this.filled.push(this.chunk);
    this.chunk = null;
    this.row = 0;
    this.column = 0;
    this.release(this.filled);
    this.filled = [];
  }

  /** Takes back appended (or abandoned) chunks for reuse. */
  release(chunks: readonly DuckDBDataChunk[]): void {
    for (const chunk of chunks) {
      chunk.reset();
      this.free.push(chunk);
    }
  }
}

/** Appends one value to the next column, converted to the column's kind. @throws for a value it cannot hold. */
export function appendValue(rows: ChunkRows, kind: ChunkColumnKind, v: unknown): void {
  if (v === null || v === undefined) {
    rows.null();
    return;
  }
  switch (kind) {
    case 'int':
      rows.int(Number(v));
      return;
    case 'long':
      rows.long(typeof v === 'bigint' ? v : BigInt(v as number));
      return;
    case 'float':
      rows.float(Number(v));
      return;
    case 'double':
      rows.double(Number(v));
      return;
    case 'boolean':
      rows.boolean(v === true || v === 1 || v === 1n);
      return;
    case 'string':
      rows.string(typeof v === 'string' ? v : String(v));
      return;
    case 'blob':
      if (!(v instanceof Uint8Array)) throw new TypeError(`a BLOB column takes bytes, not ${typeof v}`);
      rows.blob(v);
      return;
  }
}

/** Appends the chunks to a table through its appender, then closes it (its rows then belong to the transaction). */
export function appendChunks(appender: DuckDBAppender, chunks: readonly DuckDBDataChunk[]): void {
  for (const chunk of chunks) appender.appendDataChunk(chunk);
  appender.closeSync();
}
