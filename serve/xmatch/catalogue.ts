/**
 * The user catalogue of `/api/v1/xmatch`: read from CSV text, or from an uploaded CSV, VOTable (TABLEDATA) or
 * parquet file (recognised by content, not by name); cells typed (a column whose every non-empty cell is a number
 * is numeric, as pandas reads CSV); the RA, Dec, ID and optional Time columns found by the `header` argument
 * (case-insensitive) and their values parsed: decimal degrees or sexagesimal, times as ISO UTC, JD or MJD.
 * A bad cell is a 400 naming its line (CSV) or row (VOTable, parquet).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseDecDeg, parseRaDeg } from '../../compute/sky/index.js';
import { sqlPathLiteral } from '../../data/index.js';
import { parseDateToJd } from '../args/index.js';
import { ApiError } from '../errors.js';
import type { StoreReader } from '../store-reader.js';
import { CsvError, parseCsv, type TextTable } from './csv-table.js';
import { NUMERIC_DATATYPES, parseVotable, VotableError } from './votable-table.js';

/** Most catalogue rows in one request. */
export const MAX_CATALOGUE_ROWS = 100_000;

/** A catalogue: its columns in order, typed cells, and where each row is (for messages). */
export interface Catalogue {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
  readonly where: readonly string[];
}

/** The positions (and times) of a catalogue's rows. */
export interface CataloguePositions {
  readonly raDeg: Float64Array;
  readonly decDeg: Float64Array;
  /** JD (UTC) of each row's Time cell; null when no Time column is named. */
  readonly timeJd: Float64Array | null;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const PARQUET_MAGIC = 'PAR1';
/** The start of an XML document: a declaration, a comment, a DOCTYPE or a (prefixed) VOTABLE element. */
const XML_START = /^\s*(<\?xml|<!--|<!DOCTYPE|<([A-Za-z_][\w.-]*:)?VOTABLE[\s>/])/;

/** Typed cells of a text table: numbers for numeric columns (`numeric[i]`), null for empty cells. */
function typedRows(table: TextTable, numeric: readonly boolean[]): unknown[][] {
  return table.rows.map((cells) =>
    cells.map((text, i) => (text === '' ? null : numeric[i] ? Number(text) : text)),
  );
}

function checkRowCount(count: number): void {
  if (count > MAX_CATALOGUE_ROWS)
    throw new ApiError(
      400,
      `The catalogue has more than ${MAX_CATALOGUE_ROWS.toLocaleString('en-US')} rows, the most one request takes: split it.`,
    );
}

/** A catalogue from CSV text. */
export function catalogueFromCsv(text: string): Catalogue {
  let table: TextTable;
  try {
    table = parseCsv(text, MAX_CATALOGUE_ROWS);
  } catch (err) {
    if (err instanceof CsvError) throw new ApiError(400, `The catalogue is not valid CSV: ${err.message}.`);
    throw err;
  }
  checkRowCount(table.rows.length);
  const numeric = table.columns.map(
    (_, i) =>
      table.rows.some((r) => r[i] !== '') && table.rows.every((r) => r[i] === '' || NUMBER.test(r[i])),
  );
  return { columns: table.columns, rows: typedRows(table, numeric), where: table.where };
}

/** A catalogue from VOTable text (TABLEDATA). */
function catalogueFromVotable(text: string): Catalogue {
  try {
    const table = parseVotable(text, MAX_CATALOGUE_ROWS);
    checkRowCount(table.rows.length);
    const numeric = table.datatypes.map((t) => NUMERIC_DATATYPES.has(t));
    table.rows.forEach((cells, r) => {
      cells.forEach((text, i) => {
        if (numeric[i] && text !== '' && !NUMBER.test(text) && !/^[+-]?(NaN|Inf|Infinity)$/i.test(text))
          throw new ApiError(
            400,
            `The VOTable's ${table.where[r]}: ${table.columns[i]} is not a number: ${JSON.stringify(text)}.`,
          );
      });
    });
    return { columns: table.columns, rows: typedRows(table, numeric), where: table.where };
  } catch (err) {
    if (err instanceof VotableError)
      throw new ApiError(400, `The VOTable could not be read: ${err.message}.`);
    throw err;
  }
}

/** A catalogue from parquet bytes, read by DuckDB from a private temporary file. */
async function catalogueFromParquet(bytes: Uint8Array, reader: StoreReader): Promise<Catalogue> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'skyalert-xmatch-'));
  const file = path.join(dir, `${crypto.randomUUID()}.parquet`);
  try {
    await fs.writeFile(file, bytes);
    let rows: Record<string, unknown>[];
    try {
      rows = await reader.query(
        `SELECT * FROM read_parquet(${sqlPathLiteral(file)}) LIMIT ${MAX_CATALOGUE_ROWS + 1}`,
      );
    } catch (err) {
      throw new ApiError(
        400,
        `The parquet file could not be read: ${(err as Error).message.split('\n')[0]}.`,
      );
    }
    checkRowCount(rows.length);
    const columns =
      rows.length > 0
        ? Object.keys(rows[0])
        : (await reader.query(`DESCRIBE SELECT * FROM read_parquet(${sqlPathLiteral(file)})`)).map((r) =>
            String(r.column_name),
          );
    return {
      columns,
      rows: rows.map((r) => columns.map((c) => plainValue(r[c]))),
      where: rows.map((_, i) => `row ${i + 1}`),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A DuckDB value as a JSON-friendly one (numbers, strings, booleans, bigints kept; others as text). */
function plainValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' || typeof v === 'bigint')
    return v;
  return String(v);
}

/**
 * The catalogue of a request: an uploaded file (parquet, VOTable or CSV by content) or the `catalog` text.
 *
 * @throws ApiError 400 when both or neither are given, or the content cannot be read.
 */
export async function readCatalogue(
  text: string | undefined,
  file: Uint8Array | null,
  reader: StoreReader,
): Promise<Catalogue> {
  if (text !== undefined && file !== null)
    throw new ApiError(400, 'Give the catalogue once: the `catalog` text or an uploaded `file`, not both.');
  if (file !== null) {
    if (Buffer.from(file.subarray(0, 4)).toString('latin1') === PARQUET_MAGIC)
      return catalogueFromParquet(file, reader);
    const content = new TextDecoder('utf-8', { fatal: false }).decode(file);
    if (XML_START.test(content)) return catalogueFromVotable(content);
    return catalogueFromCsv(content);
  }
  if (text === undefined || text.trim() === '')
    throw new ApiError(
      400,
      'A catalogue is required: CSV text in `catalog`, or a file (CSV, VOTable, parquet) in `file`.',
    );
  return catalogueFromCsv(text);
}

/** Index of the column named `name` (case-insensitive); 400 listing the columns when absent. */
function columnIndex(catalogue: Catalogue, name: string, role: string): number {
  const wanted = name.toLowerCase();
  const i = catalogue.columns.findIndex((c) => c.toLowerCase() === wanted);
  if (i < 0)
    throw new ApiError(
      400,
      `The ${role} column ${JSON.stringify(name)} named in \`header\` is not in the catalogue (columns: ${catalogue.columns.join(', ')}).`,
    );
  return i;
}

/** The roles the `header` argument names: RA, Dec, ID and optionally Time. */
export interface HeaderRoles {
  readonly ra: string;
  readonly dec: string;
  readonly id: string;
  readonly time: string | null;
}

/** Reads `header` ("RA,Dec,ID[,Time]"); 400 with the reference's message unless it has 3 or 4 names. */
export function parseHeaderArg(header: string): HeaderRoles {
  const names = header
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length < 3 || names.length > 4)
    throw new ApiError(
      400,
      'Header should contain 3 or 4 entries from your catalog. E.g. RA,DEC,ID or RA,DEC,ID,Time',
    );
  return { ra: names[0], dec: names[1], id: names[2], time: names[3] ?? null };
}

/**
 * The positions and times of the rows.
 *
 * @throws ApiError 400 naming the line (or row) of the first cell that is not a position or a time.
 */
export function cataloguePositions(catalogue: Catalogue, roles: HeaderRoles): CataloguePositions {
  const raAt = columnIndex(catalogue, roles.ra, 'RA');
  const decAt = columnIndex(catalogue, roles.dec, 'Dec');
  columnIndex(catalogue, roles.id, 'ID');
  const timeAt = roles.time === null ? -1 : columnIndex(catalogue, roles.time, 'Time');
  const n = catalogue.rows.length;
  const raDeg = new Float64Array(n);
  const decDeg = new Float64Array(n);
  const timeJd = timeAt < 0 ? null : new Float64Array(n);
  catalogue.rows.forEach((row, i) => {
    const fail = (what: string, value: unknown, why: string): never => {
      throw new ApiError(400, `Catalogue ${catalogue.where[i]}: ${what} ${JSON.stringify(value)} ${why}.`);
    };
    const ra = parseRaDeg(cellArg(row[raAt]));
    if ('error' in ra) fail('RA', row[raAt], ra.error);
    const dec = parseDecDeg(cellArg(row[decAt]));
    if ('error' in dec) fail('Dec', row[decAt], dec.error);
    raDeg[i] = (ra as { deg: number }).deg;
    decDeg[i] = (dec as { deg: number }).deg;
    if (timeJd !== null) {
      const t = parseDateToJd(cellArg(row[timeAt]));
      if ('error' in t) fail('Time', row[timeAt], t.error);
      timeJd[i] = (t as { jd: number }).jd;
    }
  });
  return { raDeg, decDeg, timeJd };
}

/** A cell as the coordinate and date parsers take it. */
function cellArg(v: unknown): string | number {
  if (typeof v === 'number') return v;
  if (v === null || v === undefined) return '';
  return String(v);
}
