/**
 * The object blocks of an LSST part (LSST_BLOCK_FILES; docs/store.md, "Object blocks"): one block per diaObject
 * holding its rows of the part's `objects`, `sources` and `fp` tables, so that a lookup of one diaObject reads a
 * few kilobytes instead of decoding a row group of every column of each table. A block is raw DEFLATE of the
 * JSON text `[objectsRows, sourcesRows, fpRows]`, each row an array of values in the order of the part's columns
 * (`blocks.json`). Values are written as DuckDB reads them from the part files: BIGINT as strings, non-finite
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

/** Encodes one block. */
export function encodeLsstBlock(rows: LsstBlockRows): Buffer {
  return encodeLsstBlockText(`[${LSST_BLOCK_TABLES.map((t) => rowsJson(rows[t])).join(',')}]`);
}

/** Encodes one block given as its JSON text (rows already written as block JSON, e.g. by DuckDB). */
export function encodeLsstBlockText(text: string): Buffer {
  return zlib.deflateRawSync(Buffer.from(text, 'utf8'), { level: 1 });
}

/** Decodes one block into its rows of raw values (see {@link lsstBlockValue}). */
export function decodeLsstBlock(bytes: Uint8Array): LsstBlockRows {
  const parsed = JSON.parse(zlib.inflateRawSync(bytes).toString('utf8')) as unknown[][][];
  return { objects: parsed[0] ?? [], sources: parsed[1] ?? [], fp: parsed[2] ?? [] };
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
