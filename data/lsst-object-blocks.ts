/**
 * The object blocks of an LSST part (LSST_BLOCK_FILES; docs/store.md, "Object blocks"): one block per diaObject
 * holding its rows of the part's `objects`, `sources` and `fp` tables, so that a lookup of one diaObject reads a
 * few kilobytes instead of decoding a row group of every column of each table. A block is a header of three
 * lengths (UInt32 LE) and three segments, one per table (objects, sources, fp: a reader inflates only those it
 * needs), each raw DEFLATE of the JSON array of the table's rows, each row an array of values in the order of
 * the part's columns (`blocks.json`). Values are written as DuckDB reads them from the part files: BIGINT as strings, non-finite
 * and negative-zero numbers as their text (`NaN`, `-inf`, `-0`, in JavaScript's or DuckDB's spelling: JSON
 * numbers would lose them), others as JSON values; a reader converts them back by the column's type, so that a
 * row read from a block equals the row DuckDB reads from the parquet file.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { castLikeDuckDb } from './lsst-block-casts.js';

/** The tables an LSST block holds, in block order. */
export const LSST_BLOCK_TABLES = ['objects', 'sources', 'fp'] as const;
export type LsstBlockTable = (typeof LSST_BLOCK_TABLES)[number];

/** Format of the blocks (in `blocks.json`); a reader reads only the format it knows. */
export const LSST_BLOCK_FORMAT = 1;

/** One column of a table in a part: name and DuckDB type. */
export interface LsstBlockColumn {
  readonly name: string;
  readonly sqlType: string;
}

/** Content of a part's `blocks.json`: the format and each table's columns (absent: the part has no such file). */
export interface LsstBlockColumns {
  readonly format: number;
  readonly tables: Partial<Record<LsstBlockTable, readonly LsstBlockColumn[]>>;
}

/** The rows of one diaObject in one part: per table, rows of values in the part's column order. */
export type LsstBlockRows = Readonly<Record<LsstBlockTable, readonly (readonly unknown[])[]>>;

const deflateRawAsync = promisify(zlib.deflateRaw);

/** Bytes of a block's header: the length of each table's segment (UInt32 little-endian). */
const HEADER_BYTES = 4 * LSST_BLOCK_TABLES.length;

/** Encodes one block given as each table's JSON array of rows (rows already written as block JSON, e.g. by DuckDB). */
export async function encodeLsstBlockTexts(texts: Readonly<Record<LsstBlockTable, string>>): Promise<Buffer> {
  // on libuv's threads: the blocks of a batch are deflated on every core (the publication's thread and DuckDB's
  // leave one idle), ~a third of publishing real alerts when they were deflated one after the other
  const segments = await Promise.all(
    LSST_BLOCK_TABLES.map((t) => deflateRawAsync(Buffer.from(texts[t], 'utf8'), { level: 1 })),
  );
  const header = Buffer.alloc(HEADER_BYTES);
  segments.forEach((segment, i) => {
    header.writeUInt32LE(segment.length, 4 * i);
  });
  return Buffer.concat([header, ...segments]);
}

/**
 * Decodes the rows of the tables `tables` (every table by default; the others come back empty: their segments
 * are not inflated) of one block into raw values (see {@link lsstBlockValue}).
 */
export function decodeLsstBlock(
  bytes: Uint8Array,
  tables: readonly LsstBlockTable[] = LSST_BLOCK_TABLES,
): LsstBlockRows {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Record<LsstBlockTable, unknown[][]> = { objects: [], sources: [], fp: [] };
  let at = HEADER_BYTES;
  for (const [i, table] of LSST_BLOCK_TABLES.entries()) {
    const length = view.readUInt32LE(4 * i);
    if (tables.includes(table))
      out[table] = JSON.parse(zlib.inflateRawSync(view.subarray(at, at + length)).toString('utf8'));
    at += length;
  }
  return out;
}

const BIGINT_TYPES = new Set(['BIGINT', 'HUGEINT', 'UBIGINT']);
const NUMBER_TYPES = new Set(['TINYINT', 'SMALLINT', 'INTEGER', 'UTINYINT', 'USMALLINT', 'UINTEGER']);
const FLOAT_TYPES = new Set(['FLOAT', 'DOUBLE']);

/** Numbers written as text, in JavaScript's spelling and DuckDB's. */
const NUMBER_TEXTS: Readonly<Record<string, number>> = {
  NaN: Number.NaN,
  nan: Number.NaN,
  '-nan': Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  inf: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
  '-inf': Number.NEGATIVE_INFINITY,
  '-0': -0,
};

/** A raw block value as DuckDB reads it from a column of `sqlType` (BIGINT as bigint, numbers as numbers). */
function storedValue(raw: unknown, sqlType: string): unknown {
  if (BIGINT_TYPES.has(sqlType)) return BigInt(raw as string | number);
  if (typeof raw === 'string' && (FLOAT_TYPES.has(sqlType) || NUMBER_TYPES.has(sqlType)))
    return NUMBER_TEXTS[raw] ?? Number(raw);
  return raw;
}

/**
 * A raw block value of a part whose column has `partType`, as DuckDB gives it for the catalog's table, whose
 * column (the union of the parts' schemas, `read_parquet(union_by_name)`) has `tableType`: DuckDB casts each
 * part's value to the union type, and so does this, in memory (lsst-block-casts.ts).
 * @throws Error for a pair of types that no union of the store's column types gives.
 */
export function lsstBlockValue(raw: unknown, partType: string, tableType: string): unknown {
  if (raw === null || raw === undefined) return null;
  const value = storedValue(raw, partType);
  return partType === tableType ? value : castLikeDuckDb(value, partType, tableType);
}
