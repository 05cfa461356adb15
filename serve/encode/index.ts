/**
 * The one output encoder of tabular endpoints: json, csv, parquet, votable. Column types, units and UCDs come
 * from the column catalogue (data/columns.ts) by API name; columns the catalogue does not know are typed from
 * their values.
 */
import type { Context } from 'hono';
import { ALERT_COLUMNS } from '../../data/columns.js';
import type { OutputFormat } from '../args/common.js';
import { ApiError } from '../errors.js';
import { encodeJsonRecords } from './json.js';

/** API names of single-precision catalogue columns (written in their shortest float32 form). */
export const FLOAT32_COLUMNS: ReadonlySet<string> = new Set(
  ALERT_COLUMNS.filter((c) => c.type === 'float').map((c) => c.name),
);

/** An encoded table: body, MIME type and download file name. */
export interface EncodedTable {
  readonly body: string | Uint8Array;
  readonly contentType: string;
  readonly filename: string;
}

/** Encodes rows (keyed by API column names) in a format; `name` is the base of the download file name. */
export async function encodeTable(
  rows: readonly Record<string, unknown>[],
  format: OutputFormat,
  name: string,
): Promise<EncodedTable> {
  switch (format) {
    case 'json':
      return {
        body: encodeJsonRecords(rows, FLOAT32_COLUMNS),
        contentType: 'application/json',
        filename: `${name}.json`,
      };
    default:
      throw new ApiError(400, `Output format \`${format}\` is not supported here yet. Choose json.`);
  }
}

/** Sends rows as an HTTP response in the requested format, with Content-Type and a download file name. */
export async function respondTable(
  c: Context,
  rows: readonly Record<string, unknown>[],
  format: OutputFormat,
  name: string,
): Promise<Response> {
  const t = await encodeTable(rows, format, name);
  const headers: Record<string, string> = { 'content-type': t.contentType };
  if (format !== 'json') headers['content-disposition'] = `attachment; filename="${t.filename}"`;
  return c.body(typeof t.body === 'string' ? t.body : (t.body as Uint8Array<ArrayBuffer>), 200, headers);
}
