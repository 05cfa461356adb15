/**
 * JSON answers with 64-bit ids kept exact: `i:candid` values (up to 19 digits) and the other Avro longs of an
 * alert (Pan-STARRS1 ids such as 211873243326729047, processing ids) do not fit a JavaScript number, so they are
 * read as strings before parsing. The cutouts endpoint needs the exact candid.
 */
import { type ApiArgs, ApiRequestError, type ApiRow, apiUrl } from './api.js';

/** Fields holding 64-bit integers in the API's JSON (the `long` fields of the ZTF alert candidate). */
export const INT64_FIELDS: readonly string[] = [
  'i:candid',
  'i:objectidps1',
  'i:objectidps2',
  'i:objectidps3',
  'i:pid',
  'i:rfid',
  'i:tblid',
];

/**
 * Quotes the integer values of the named fields in a JSON text, so `JSON.parse` keeps every digit.
 * @param text a JSON document; @param fields field names (written literally in the text).
 * @returns the same JSON with `"field": 123…` turned into `"field": "123…"`; other values untouched.
 */
export function quoteIntegerFields(text: string, fields: readonly string[] = INT64_FIELDS): string {
  let out = text;
  for (const field of fields) {
    const key = JSON.stringify(field).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(${key}\\s*:\\s*)(-?\\d+)(?=\\s*[,}])`, 'g'), '$1"$2"');
  }
  return out;
}

/**
 * Quotes every field value that is an integer of 16 digits or more (beyond 2^53 a JavaScript number loses digits):
 * Rubin's ids (`r:diaObjectId`, `r:diaSourceId`, `r:visit`, …) whatever the schema version names them.
 * @param text a JSON document of records.
 * @returns the same JSON with such values as strings of the same digits; other values (and strings) untouched.
 */
export function quoteLargeIntegers(text: string): string {
  return text.replace(/(?<!\\)("\s*:\s*)(-?\d{16,})(?=\s*[,}])/g, '$1"$2"');
}

/**
 * GETs rows of the API with the {@link INT64_FIELDS} as exact decimal strings. Errors carry the API's message.
 * @param quote how 64-bit integers are kept (default: {@link quoteIntegerFields} of ZTF's fields).
 */
export async function getRowsExact(
  endpoint: string,
  args: ApiArgs,
  signal?: AbortSignal,
  quote: (text: string) => string = quoteIntegerFields,
): Promise<ApiRow[]> {
  const response = await fetch(apiUrl(endpoint, args), { signal, headers: { accept: 'application/json' } });
  const text = await response.text();
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      const body = JSON.parse(text) as { text?: unknown };
      if (typeof body.text === 'string') message = body.text;
    } catch {
      // not a JSON error body: keep the status line
    }
    throw new ApiRequestError(response.status, message);
  }
  return JSON.parse(quote(text)) as ApiRow[];
}
