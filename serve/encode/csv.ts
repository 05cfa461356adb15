/**
 * CSV output: a header of API names (`i:ra`), then one line per row, CRLF-terminated, fields quoted when they
 * hold a comma, a double quote, CR or LF (quotes doubled). Null and NaN are empty fields; 64-bit integers are
 * exact; an empty string is `""`; single-precision floats take their shortest float32 text; arrays (cutout stamps) and objects are JSON
 * text; bytes are base64.
 *
 * Reference: RFC 4180 §2 (format); docs/references.md#api-output-formats (header of prefixed names, no index column).
 */
import { cellText, type TableColumn } from './table-columns.js';

const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field: quoted (quotes doubled) when it holds a comma, a double quote, CR or LF. RFC 4180 §2.6-2.7. */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Encodes rows as CSV text.
 *
 * @param rows records keyed by API names; a key a row lacks is an empty field.
 * @param columns the table's columns (tableColumns of the same rows), in output order.
 * @returns the CSV text; just the header line when there are no rows, and an empty text when there is no column.
 */
export function encodeCsv(rows: readonly Record<string, unknown>[], columns: readonly TableColumn[]): string {
  if (columns.length === 0) return '';
  const lines: string[] = [columns.map((c) => csvField(c.name)).join(',')];
  for (const row of rows) {
    const fields = columns.map((c) => {
      const text = cellText(row[c.name], c);
      if (text === null) return '';
      return text === '' ? '""' : csvField(text);
    });
    const line = fields.join(',');
    // A blank line is skipped by most readers: a one-column row with a null cell is written as "".
    lines.push(line === '' ? '""' : line);
  }
  return `${lines.join('\r\n')}\r\n`;
}
