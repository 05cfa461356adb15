/**
 * CSV text as a table of strings, read by csv-parse (RFC 4180: comma separators, double-quoted fields that may
 * hold commas, doubled quotes and line breaks; a byte-order mark; CRLF, LF or CR line ends, read as LF inside
 * quoted fields too). Blank lines are skipped and fields trimmed; a quote inside an unquoted field is kept as a
 * character (as pandas reads it). Each record keeps the line number it starts on, so that errors can name it.
 *
 * Reference: RFC 4180 (2005) §2; csv-parse (https://csv.js.org/parse/options/).
 */
import { CsvError as CsvParseError, parse } from 'csv-parse/sync';

/** Most characters in one CSV record: a longer one is refused (an upload is at most 64 MiB). */
export const MAX_CSV_RECORD_CHARS = 1 << 20;

/** A table read from text: header names and rows of cell texts, with the line or row number of each row. */
export interface TextTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Where each row is, for messages: "line 12" (CSV) or "row 3" (VOTable). */
  readonly where: readonly string[];
}

/** A CSV problem, with the line it is on. */
export class CsvError extends Error {}

/** Line breaks in a record's fields (LF after normalisation). */
function lineBreaks(fields: readonly string[]): number {
  let n = 0;
  for (const f of fields) for (let i = f.indexOf('\n'); i >= 0; i = f.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * Parses CSV text whose first record is the header.
 *
 * @param maxRows most data rows accepted; one more is read so that the caller can tell "too many".
 * @throws CsvError for an empty text, an unclosed quote, a record longer than MAX_CSV_RECORD_CHARS, or a row
 *   whose field count differs from the header's.
 */
export function parseCsv(text: string, maxRows: number): TextTable {
  const startLines: number[] = [];
  let records: string[][];
  try {
    // One line end, so that csv-parse counts lines exactly (it counts CR and LF of a CRLF apart inside quotes).
    records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      record_delimiter: '\n',
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
      max_record_size: MAX_CSV_RECORD_CHARS,
      to: maxRows + 2,
      on_record: (record: string[], context) => {
        startLines.push(context.lines - lineBreaks(record));
        return record;
      },
    });
  } catch (err) {
    if (err instanceof CsvParseError) throw new CsvError(err.message.replace(/\.$/, ''), { cause: err });
    throw err;
  }
  if (records.length === 0) throw new CsvError('the catalogue is empty: give a header line and rows');
  const [header, ...data] = records;
  data.forEach((fields, i) => {
    if (fields.length !== header.length)
      throw new CsvError(
        `line ${startLines[i + 1]}: ${fields.length} fields where the header (line ${startLines[0]}) has ${header.length}`,
      );
  });
  return { columns: header, rows: data, where: data.map((_, i) => `line ${startLines[i + 1]}`) };
}
