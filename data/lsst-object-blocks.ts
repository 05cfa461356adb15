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
import zlib from 'node:zlib';

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

/** One value as block JSON text. @throws Error for a value of no scalar column type. */
function valueJson(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  switch (typeof v) {
    case 'bigint':
      return `"${v}"`;
    case 'number':
      return Number.isFinite(v) && !Object.is(v, -0) ? String(v) : Object.is(v, -0) ? '"-0"' : `"${v}"`;
    case 'boolean':
      return v ? 'true' : 'false';
    case 'string':
      return JSON.stringify(v);
    default:
      throw new Error(`an LSST object block holds scalar values only, not ${typeof v}`);
  }
}

/** The JSON text of `rows` (arrays of values). */
function rowsJson(rows: readonly (readonly unknown[])[]): string {
  const out: string[] = [];
  for (const row of rows) out.push(`[${row.map(valueJson).join(',')}]`);
  return `[${out.join(',')}]`;
}

/** Bytes of a block's header: the length of each table's segment (UInt32 little-endian). */
const HEADER_BYTES = 4 * LSST_BLOCK_TABLES.length;

/** Encodes one block. */
export function encodeLsstBlock(rows: LsstBlockRows): Buffer {
  return encodeLsstBlockTexts(
    Object.fromEntries(LSST_BLOCK_TABLES.map((t) => [t, rowsJson(rows[t])])) as Record<
      LsstBlockTable,
      string
    >,
  );
}

/** Encodes one block given as each table's JSON array of rows (rows already written as block JSON, e.g. by DuckDB). */
export function encodeLsstBlockTexts(texts: Readonly<Record<LsstBlockTable, string>>): Buffer {
  const segments = LSST_BLOCK_TABLES.map((t) =>
    zlib.deflateRawSync(Buffer.from(texts[t], 'utf8'), { level: 1 }),
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

/**
 * True when a value stored as `partType` reads back as DuckDB gives it for a table whose column (the union of
 * the parts' schemas) has `unionType`: the same type, or a wider one of the same kind.
 */
export function lsstBlockTypeFits(partType: string, unionType: string): boolean {
  if (partType === unionType) return true;
  if (BIGINT_TYPES.has(unionType)) return NUMBER_TYPES.has(partType) || BIGINT_TYPES.has(partType);
  if (unionType === 'DOUBLE') return FLOAT_TYPES.has(partType) || NUMBER_TYPES.has(partType);
  return false;
}

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

/** A raw block value as DuckDB gives a column of `unionType` (BIGINT as bigint, numbers as numbers). */
export function lsstBlockValue(raw: unknown, unionType: string): unknown {
  if (raw === null || raw === undefined) return null;
  if (BIGINT_TYPES.has(unionType)) return BigInt(raw as string | number);
  if (typeof raw === 'string' && (FLOAT_TYPES.has(unionType) || NUMBER_TYPES.has(unionType)))
    return NUMBER_TEXTS[raw] ?? Number(raw);
  return raw;
}
