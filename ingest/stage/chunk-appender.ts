/**
 * Appends rows to a DuckDB table through data chunks built column by column. DuckDB's appender takes one native
 * call per value (~150 per alert row); here numbers go into typed arrays, copied into the chunk's vectors with one
 * call per column and chunk, so a row costs only its strings' calls (docs/benchmarks.md, ingestion).
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

/** One column's values of the chunk being filled. */
interface ChunkColumn {
  readonly kind: ChunkColumnKind;
  /** Typed values (numbers, longs, booleans); null for strings and blobs. */
  readonly numbers: NumberArray | BigInt64Array | null;
  /** Strings or blobs; null for the other kinds. */
  readonly texts: (string | Uint8Array | null)[] | null;
  /** Validity bits (1 = value present), 32 rows per word, little-endian as DuckDB's 64-bit words. */
  readonly validity: Uint32Array;
  hasNull: boolean;
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
  return {
    kind,
    numbers,
    texts: numbers === null ? new Array(rows).fill(null) : null,
    validity: new Uint32Array(Math.ceil(rows / 64) * 2).fill(0xffffffff),
    hasNull: false,
  };
}

/** Rows of one table appended through data chunks; `close` appends the last chunk and closes the appender. */
export class ChunkAppender {
  private readonly capacity = duckdb.vector_size();
  private readonly types: readonly DuckDBType[];
  private readonly columns: ChunkColumn[];
  private row = 0;
  private column = 0;

  /**
   * @param appender an appender of the table.
   * @param kinds the kind of each of its columns, in order.
   */
  constructor(
    private readonly appender: DuckDBAppender,
    private readonly kinds: readonly ChunkColumnKind[],
  ) {
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

  /** A NULL in the next column. */
  null(): void {
    const c = this.columns[this.column];
    if (c === undefined) throw new Error(`row ${this.row} has more than ${this.kinds.length} values`);
    this.column++;
    c.validity[this.row >>> 5] &= ~(1 << (this.row & 31));
    c.hasNull = true;
    if (c.texts) c.texts[this.row] = null;
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
    else if (BigInt.asIntN(64, v) !== v)
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
    else (this.next('string').texts as string[])[this.row] = v;
  }

  blob(v: Uint8Array | null): void {
    if (v === null) this.null();
    else (this.next('blob').texts as Uint8Array[])[this.row] = v;
  }

  /** Ends the row; a full chunk is appended. @throws Error when the row has too few values. */
  endRow(): void {
    if (this.column !== this.kinds.length)
      throw new Error(`row ${this.row} has ${this.column} values, not ${this.kinds.length}`);
    this.column = 0;
    this.row++;
    if (this.row === this.capacity) this.flush();
  }

  /** Appends the rows ended so far (a partial row is an error). */
  flush(): void {
    if (this.column !== 0) throw new Error(`row ${this.row} is not ended`);
    if (this.row === 0) return;
    const rows = this.row;
    const chunk = DuckDBDataChunk.create(this.types, rows);
    this.columns.forEach((c, i) => {
      const vector = duckdb.data_chunk_get_vector(chunk.chunk, i);
      if (c.numbers) {
        const n = c.numbers;
        duckdb.copy_data_to_vector(
          vector,
          0,
          n.buffer as ArrayBuffer,
          n.byteOffset,
          rows * n.BYTES_PER_ELEMENT,
        );
      } else if (c.texts) {
        const texts = c.texts;
        for (let r = 0; r < rows; r++) {
          const t = texts[r];
          if (t === null) continue;
          if (typeof t === 'string') duckdb.vector_assign_string_element(vector, r, t);
          else duckdb.vector_assign_string_element_len(vector, r, t);
          texts[r] = null;
        }
      }
      if (c.hasNull) {
        duckdb.vector_ensure_validity_writable(vector);
        duckdb.copy_data_to_vector_validity(
          vector,
          0,
          c.validity.buffer as ArrayBuffer,
          0,
          Math.ceil(rows / 64) * 8,
        );
        c.validity.fill(0xffffffff);
        c.hasNull = false;
      }
    });
    this.appender.appendDataChunk(chunk);
    this.row = 0;
  }

  /** Appends the last rows and closes the appender (its rows then belong to the transaction). */
  close(): void {
    this.flush();
    this.appender.closeSync();
  }
}
