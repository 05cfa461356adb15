/**
 * Parquet output, written by DuckDB: rows are appended to a temporary table of a private connection, then
 * `COPY ... TO` a file in a fresh temporary directory that is read back and removed, whatever happens. Column
 * names are kept (`i:ra`); types come from the column catalogue (BIGINT for 64-bit ids, exact), NaN is null.
 *
 * Concurrency: one in-memory DuckDB instance is shared through DuckDB's own instance cache; every call uses its
 * own connection, its own connection-local TEMP table and its own directory.
 *
 * Reference: Apache Parquet format 2 (https://parquet.apache.org/docs/); DuckDB `COPY ... (FORMAT parquet)`;
 * docs/references.md#api-output-formats (column names preserved).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  BIGINT,
  BLOB,
  BOOLEAN,
  blobValue,
  DOUBLE,
  type DuckDBConnection,
  DuckDBDataChunk,
  DuckDBInstance,
  type DuckDBType,
  type DuckDBValue,
  FLOAT,
  INTEGER,
  LIST,
  listValue,
  VARCHAR,
} from '@duckdb/node-api';
import { sqlIdentifier, sqlPathLiteral } from '../../data/index.js';
import { asArray, cellText, isNullCell, type TableColumn } from './table-columns.js';

/** Name of the shared in-memory encoder database in DuckDB's instance cache. */
const ENCODER_DB = ':memory:skyalert_encode';

/** Settings of the encoder database (they must be the same at every cache lookup). */
const ENCODER_DB_OPTIONS = { threads: '1' };

/**
 * Name of the single column of an empty result without any known column: a parquet file needs one column.
 */
export const EMPTY_PARQUET_COLUMN = 'i:objectId';

/** DuckDB type of each cell kind (1-D arrays; a 2-D array is DOUBLE[][]). */
const DUCKDB_TYPES: Readonly<Record<TableColumn['kind'], DuckDBType>> = {
  string: VARCHAR,
  int: INTEGER,
  long: BIGINT,
  float: FLOAT,
  double: DOUBLE,
  boolean: BOOLEAN,
  bytes: BLOB,
  array: LIST(DOUBLE),
};

/** DuckDB type of a column: its kind's type, DOUBLE[][] for 2-D arrays. */
function duckType(column: TableColumn): DuckDBType {
  return column.kind === 'array' && column.arrayDepth === 2 ? LIST(LIST(DOUBLE)) : DUCKDB_TYPES[column.kind];
}

const finiteOrNull = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/** Rows per DuckDB data chunk (DuckDB's standard vector size). */
const CHUNK_ROWS = 2048;

/** One cell as the DuckDB value of its column type (null for null, NaN and absent). */
function duckValue(v: unknown, column: TableColumn): DuckDBValue {
  if (isNullCell(v)) return null;
  switch (column.kind) {
    case 'int':
    case 'float':
    case 'double':
      return Number(v);
    case 'long':
      return BigInt(v as number | bigint);
    case 'boolean':
      return v as boolean;
    case 'bytes':
      return blobValue(v as Uint8Array);
    case 'array': {
      const values = asArray(v) ?? [];
      return column.arrayDepth === 1
        ? listValue(values.map(finiteOrNull))
        : listValue(values.map((row) => listValue((asArray(row) ?? []).map(finiteOrNull))));
    }
    case 'string':
      return cellText(v, column) ?? '';
  }
}

async function writeParquet(
  conn: DuckDBConnection,
  rows: readonly Record<string, unknown>[],
  columns: readonly TableColumn[],
  file: string,
): Promise<void> {
  // Positional names inside DuckDB (identifiers there are case-insensitive); the API names come back as aliases.
  const types = columns.map(duckType);
  const defs = types.map((t, i) => `c${i} ${t.toString()}`).join(', ');
  await conn.run(`CREATE TEMP TABLE encoded (${defs})`);
  const appender = await conn.createAppender('encoded', 'main', 'temp');
  try {
    // Column-wise data chunks: several times faster than appending cell by cell (cutout stamps above all).
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const slice = rows.slice(start, start + CHUNK_ROWS);
      const chunk = DuckDBDataChunk.create(types, slice.length);
      chunk.setColumns(columns.map((c) => slice.map((row) => duckValue(row[c.name], c))));
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  const select = columns.map((c, i) => `c${i} AS ${sqlIdentifier(c.name)}`).join(', ');
  await conn.run(
    `COPY (SELECT ${select} FROM encoded) TO ${sqlPathLiteral(file)} (FORMAT parquet, COMPRESSION zstd)`,
  );
}

/**
 * Encodes rows as a parquet file.
 *
 * @param rows records keyed by API names; a key a row lacks is null.
 * @param columns the table's columns (tableColumns of the same rows), in output order. With no column at all
 *   the file has one VARCHAR column {@link EMPTY_PARQUET_COLUMN} and no row.
 * @returns the bytes of the parquet file (zstd-compressed). Cutout stamps are DOUBLE[][] (NaN pixels null).
 * @throws Error with `cause` when DuckDB fails (a bug: every value was typed by tableColumns).
 */
export async function encodeParquet(
  rows: readonly Record<string, unknown>[],
  columns: readonly TableColumn[],
): Promise<Uint8Array> {
  const cols: readonly TableColumn[] =
    columns.length > 0
      ? columns
      : [
          {
            name: EMPTY_PARQUET_COLUMN,
            kind: 'string',
            unit: '',
            ucd: '',
            doc: '',
            isJdUtc: false,
            arrayDepth: 1,
            innerLength: null,
          },
        ];
  const instance = await DuckDBInstance.fromCache(ENCODER_DB, ENCODER_DB_OPTIONS);
  const conn = await instance.connect();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'skyalert-parquet-'));
  try {
    const file = path.join(dir, 'table.parquet');
    await writeParquet(conn, rows, cols, file);
    return new Uint8Array(await fs.readFile(file));
  } catch (err) {
    throw new Error(`parquet encoding of ${rows.length} rows failed`, { cause: err });
  } finally {
    conn.closeSync();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
