/**
 * VOTable documents (TABLEDATA serialisation) as a table of strings: the FIELD names of the first TABLE and the
 * text of its TD cells. Enough of XML for VOTable: elements, attributes, the five predefined entities, numeric
 * character references and CDATA sections; BINARY, BINARY2 and FITS serialisations are refused with a message.
 *
 * Reference: IVOA VOTable 1.4 (2019-10-21) §4 (FIELD), §6 (TABLEDATA).
 */
import type { TextTable } from './csv-table.js';

/** A VOTable the parser cannot read, with the reason. */
export class VotableError extends Error {}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Replaces entity and character references by their characters. */
function decodeXmlText(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, cdata: string) =>
      cdata.replace(/&/g, '&amp;').replace(/</g, '&lt;'),
    )
    .replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, ref: string) => {
      if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
      if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
      return ENTITIES[ref] ?? whole;
    });
}

/** The value of an attribute in an element's attribute text, decoded; undefined when absent. */
function attribute(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  return m ? decodeXmlText(m[1] ?? m[2]) : undefined;
}

/** FIELD datatypes read as numbers. */
export const NUMERIC_DATATYPES = new Set(['short', 'int', 'long', 'float', 'double', 'unsignedByte']);

/** A VOTable read as text cells, with each FIELD's datatype. */
export interface VotableText extends TextTable {
  readonly datatypes: readonly string[];
}

/**
 * Reads the first TABLE of a VOTable document.
 *
 * @param maxRows most data rows accepted; one more is read so that the caller can tell "too many".
 * @throws VotableError when there is no TABLE or FIELD, the data are not TABLEDATA, a FIELD has no name, or a row
 *   has more cells than there are FIELDs.
 */
export function parseVotable(text: string, maxRows: number): VotableText {
  const tableStart = text.search(/<TABLE[\s>]/);
  if (tableStart < 0) throw new VotableError('the VOTable has no TABLE element');
  const tableEnd = text.indexOf('</TABLE>', tableStart);
  const table = text.slice(tableStart, tableEnd < 0 ? undefined : tableEnd);
  if (/<(BINARY2?|FITS)[\s>]/.test(table))
    throw new VotableError(
      'only the TABLEDATA serialisation is read: save the VOTable as TABLEDATA (e.g. TOPCAT votable-tabledata)',
    );
  const columns: string[] = [];
  const datatypes: string[] = [];
  for (const m of table.matchAll(/<FIELD\b([^>]*?)\/?>/g)) {
    const name = attribute(m[1], 'name');
    if (name === undefined) throw new VotableError(`FIELD ${columns.length + 1} has no name attribute`);
    columns.push(name.trim());
    datatypes.push(attribute(m[1], 'datatype') ?? 'char');
  }
  if (columns.length === 0) throw new VotableError('the TABLE has no FIELD element');
  const dataStart = table.indexOf('<TABLEDATA');
  const rows: string[][] = [];
  const where: string[] = [];
  let at = dataStart < 0 ? table.length : dataStart;
  while (rows.length <= maxRows) {
    const tr = table.indexOf('<TR', at);
    if (tr < 0) break;
    const open = table.indexOf('>', tr);
    const close = open < 0 ? -1 : table.indexOf('</TR>', open);
    if (close < 0) throw new VotableError(`row ${rows.length + 1} is not closed (no </TR>)`);
    const cells = rowCells(table.slice(open + 1, close), rows.length + 1);
    if (cells.length > columns.length)
      throw new VotableError(`row ${rows.length + 1} has ${cells.length} cells for ${columns.length} FIELDs`);
    while (cells.length < columns.length) cells.push('');
    rows.push(cells);
    where.push(`row ${rows.length}`);
    at = close + 5;
  }
  return { columns, rows, where, datatypes };
}

/** The decoded TD texts of a row's content (linear scan: no backtracking on malformed input). */
function rowCells(content: string, rowNumber: number): string[] {
  const cells: string[] = [];
  let at = 0;
  for (;;) {
    const td = content.indexOf('<TD', at);
    if (td < 0) return cells;
    const open = content.indexOf('>', td);
    if (open < 0) throw new VotableError(`row ${rowNumber}: a TD element is not closed`);
    if (content[open - 1] === '/') {
      cells.push('');
      at = open + 1;
      continue;
    }
    const close = content.indexOf('</TD>', open);
    if (close < 0) throw new VotableError(`row ${rowNumber}: a TD element is not closed (no </TD>)`);
    cells.push(decodeXmlText(content.slice(open + 1, close)).trim());
    at = close + 5;
  }
}
