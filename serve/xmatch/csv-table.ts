/**
 * CSV text as a table of strings (RFC 4180: comma separators, double-quoted fields that may hold commas, quotes
 * doubled, and line breaks; CRLF or LF line ends). Blank lines are skipped; each record keeps the line number it
 * starts on, so that errors can name it.
 *
 * Reference: RFC 4180 (2005) §2.
 */

/** A table read from text: header names and rows of cell texts, with the line or row number of each row. */
export interface TextTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Where each row is, for messages: "line 12" (CSV) or "row 3" (VOTable). */
  readonly where: readonly string[];
}

/** A CSV problem, with the line it is on. */
export class CsvError extends Error {}

/**
 * Parses CSV text whose first record is the header.
 *
 * @param maxRows most data rows accepted; one more is read so that the caller can tell "too many".
 * @throws CsvError for an empty text, an unclosed quote, or a row whose field count differs from the header's.
 */
export function parseCsv(text: string, maxRows: number): TextTable {
  const records: { fields: string[]; line: number }[] = [];
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // byte-order mark
  while (i < text.length && records.length <= maxRows + 1) {
    const startLine = line;
    const fields: string[] = [];
    let field = '';
    let inQuotes = false;
    let quotedAt = 0;
    for (; i < text.length; i++) {
      const ch = text[i];
      if (inQuotes) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i++;
          } else inQuotes = false;
        } else {
          if (ch === '\n') line++;
          field += ch;
        }
      } else if (ch === '"' && field.trim() === '') {
        inQuotes = true;
        quotedAt = line;
        field = '';
      } else if (ch === ',') {
        fields.push(field);
        field = '';
      } else if (ch === '\n' || ch === '\r') {
        if (ch === '\r' && text[i + 1] === '\n') i++;
        i++;
        line++;
        break;
      } else field += ch;
    }
    if (inQuotes) throw new CsvError(`line ${quotedAt}: a quoted field is not closed`);
    fields.push(field);
    if (fields.length === 1 && fields[0].trim() === '') continue; // blank line
    records.push({ fields: fields.map((f) => f.trim()), line: startLine });
  }
  if (records.length === 0) throw new CsvError('the catalogue is empty: give a header line and rows');
  const [header, ...data] = records;
  for (const r of data) {
    if (r.fields.length !== header.fields.length)
      throw new CsvError(
        `line ${r.line}: ${r.fields.length} fields where the header (line ${header.line}) has ${header.fields.length}`,
      );
  }
  return {
    columns: header.fields,
    rows: data.map((r) => r.fields),
    where: data.map((r) => `line ${r.line}`),
  };
}
