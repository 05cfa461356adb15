/**
 * The one output encoder of tabular endpoints: json, csv, parquet, votable. Column types, units and UCDs come
 * from the field catalogue (data/columns.ts and data/derived-columns.ts) by API name; columns the catalogue does
 * not know are typed from their values.
 *
 * Reference: docs/references.md#api-output-formats (output formats); docs/api.md (shared behaviour).
 */
import type { Context } from 'hono';
import { encodeJsonRecords, FLOAT32_FIELDS } from '../../data/index.js';
import type { OutputFormat } from '../args/index.js';
import { encodeCsv } from './csv.js';
import { encodeParquet } from './parquet.js';
import { type FieldLookup, tableColumns } from './table-columns.js';
import { encodeVotable } from './votable.js';

export type { CellKind, FieldInfo, FieldLookup, TableColumn } from './table-columns.js';
export { encodeVotable, xmlEscape } from './votable.js';

/** MIME type of each output format (parquet: IANA registration of 2024; VOTable: IVOA). */
export const CONTENT_TYPES: Readonly<Record<OutputFormat, string>> = {
  json: 'application/json',
  csv: 'text/csv; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
  votable: 'application/x-votable+xml',
};

/** File-name extension of each output format. */
export const FILE_EXTENSIONS: Readonly<Record<OutputFormat, string>> = {
  json: 'json',
  csv: 'csv',
  parquet: 'parquet',
  votable: 'xml',
};

/** An encoded table: body, MIME type and download file name. */
export interface EncodedTable {
  readonly body: string | Uint8Array;
  readonly contentType: string;
  readonly filename: string;
}

/** Options of {@link encodeTable}. */
export interface EncodeOptions {
  /** Column names of an empty result (csv header, parquet schema, votable FIELDs); ignored when rows exist. */
  readonly columns?: readonly string[];
  /** The catalogue describing the columns (types, units, UCDs, docs); default the alert catalogue. */
  readonly fields?: FieldLookup;
  /** The single-precision columns, written in JSON in their shortest float32 form; default the alert's. */
  readonly float32Columns?: ReadonlySet<string>;
}

/** A file-name base safe in a Content-Disposition header: letters, digits, `.`, `_`, `-`; others become `_`. */
function safeBaseName(name: string): string {
  const base = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 128);
  return base === '' ? 'result' : base;
}

/**
 * Encodes rows (keyed by API column names) in a format.
 *
 * @param rows flat records; rows may have different keys (the table has the union, in first-seen order).
 * @param format json (array of records), csv, parquet or votable.
 * @param name base of the download file name and the VOTable TABLE name (e.g. `objects_ZTF21abfmbix`).
 * @param options column names for an empty result.
 * @returns the body, its Content-Type and a file name `<name>.<ext>`.
 */
export async function encodeTable(
  rows: readonly Record<string, unknown>[],
  format: OutputFormat,
  name: string,
  options: EncodeOptions = {},
): Promise<EncodedTable> {
  const filename = `${safeBaseName(name)}.${FILE_EXTENSIONS[format]}`;
  const contentType = CONTENT_TYPES[format];
  switch (format) {
    case 'json':
      return {
        body: encodeJsonRecords(rows, options.float32Columns ?? FLOAT32_FIELDS),
        contentType,
        filename,
      };
    case 'csv':
      return {
        body: encodeCsv(rows, tableColumns(rows, options.columns, options.fields)),
        contentType,
        filename,
      };
    case 'parquet':
      return {
        body: await encodeParquet(rows, tableColumns(rows, options.columns, options.fields)),
        contentType,
        filename,
      };
    case 'votable':
      return {
        body: encodeVotable(rows, tableColumns(rows, options.columns, options.fields), name),
        contentType,
        filename,
      };
  }
}

/** Sends rows as an HTTP response in the requested format, with Content-Type and a download file name. */
export async function respondTable(
  c: Context,
  rows: readonly Record<string, unknown>[],
  format: OutputFormat,
  name: string,
  options: EncodeOptions = {},
): Promise<Response> {
  const t = await encodeTable(rows, format, name, options);
  const headers: Record<string, string> = { 'content-type': t.contentType };
  if (format !== 'json') headers['content-disposition'] = `attachment; filename="${t.filename}"`;
  return c.body(typeof t.body === 'string' ? t.body : (t.body as Uint8Array<ArrayBuffer>), 200, headers);
}

/** Sends a JSON answer already encoded (UTF-8 bytes), with the Content-Type of {@link respondTable}. */
export function respondJsonBytes(c: Context, body: Uint8Array): Response {
  return c.body(body as Uint8Array<ArrayBuffer>, 200, { 'content-type': CONTENT_TYPES.json });
}
