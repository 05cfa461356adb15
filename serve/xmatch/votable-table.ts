/**
 * VOTable documents (TABLEDATA serialisation) as a table of strings: the FIELD names of the first TABLE and the
 * text of its TD cells. The XML is read by saxes, a strict streaming parser: namespaces (elements are matched by
 * local name, so `<vot:TABLE>` and any VOTable version's namespace are read), comments, CDATA, entity and character
 * references; it expands no DTD entity (no entity-expansion attack) and stops reading once the first TABLE or the
 * row limit is reached. BINARY, BINARY2 and FITS serialisations are refused with a message.
 *
 * saxes rather than fast-xml-parser: an upload may be 64 MiB, and a streaming parser reads rows as they come and
 * stops at the row limit instead of building the whole document as objects first; it also reports well-formedness
 * errors with their line and column.
 *
 * Reference: IVOA VOTable 1.4 (2019-10-21) §4 (FIELD), §6 (TABLEDATA); W3C Namespaces in XML 1.0.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { TextTable } from './csv-table.js';

/** A VOTable the parser cannot read, with the reason. */
export class VotableError extends Error {}

/** FIELD datatypes read as numbers. */
export const NUMERIC_DATATYPES = new Set(['short', 'int', 'long', 'float', 'double', 'unsignedByte']);

/** A VOTable read as text cells, with each FIELD's datatype. */
export interface VotableText extends TextTable {
  readonly datatypes: readonly string[];
}

/** Characters handed to the XML parser at a time. */
const CHUNK_CHARS = 1 << 16;

/** Thrown from a handler to stop reading: the first TABLE has ended, or the row limit is passed. */
class EnoughRead extends Error {}

/** The value of an unprefixed attribute, or undefined. */
function attribute(tag: SaxesTagNS, name: string): string | undefined {
  return tag.attributes[name]?.value;
}

/**
 * Reads the first TABLE of a VOTable document.
 *
 * @param maxRows most data rows accepted; one more is read so that the caller can tell "too many".
 * @throws VotableError when the XML is not well-formed (with line and column), there is no TABLE or FIELD, the
 *   data are not TABLEDATA, a FIELD has no name, or a row has more cells than there are FIELDs.
 */
export function parseVotable(text: string, maxRows: number): VotableText {
  const columns: string[] = [];
  const datatypes: string[] = [];
  const rows: string[][] = [];
  let tableDepth = 0; // > 0 inside the first TABLE
  let inTableData = false;
  let row: string[] | null = null;
  let cell: string | null = null;

  const parser = new SaxesParser({ xmlns: true, position: true });
  parser.on('opentag', (tag) => {
    const name = tag.local;
    if (tableDepth > 0) {
      tableDepth++;
      if (name === 'FIELD' && tableDepth === 2) {
        const fieldName = attribute(tag, 'name');
        if (fieldName === undefined)
          throw new VotableError(`FIELD ${columns.length + 1} has no name attribute`);
        columns.push(fieldName.trim());
        datatypes.push(attribute(tag, 'datatype') ?? 'char');
      } else if (name === 'BINARY' || name === 'BINARY2' || name === 'FITS') {
        throw new VotableError(
          'only the TABLEDATA serialisation is read: save the VOTable as TABLEDATA (e.g. TOPCAT votable-tabledata)',
        );
      } else if (name === 'TABLEDATA') inTableData = true;
      else if (inTableData && name === 'TR') row = [];
      else if (row !== null && name === 'TD') cell = '';
    } else if (name === 'TABLE') {
      tableDepth = 1;
    }
  });
  const addText = (t: string) => {
    if (cell !== null) cell += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', (tag) => {
    if (tableDepth === 0) return;
    tableDepth--;
    const name = tag.local;
    if (name === 'TD' && row !== null && cell !== null) {
      row.push(cell.trim());
      cell = null;
    } else if (name === 'TR' && row !== null) {
      if (columns.length === 0) throw new VotableError('the TABLE has no FIELD element');
      if (row.length > columns.length)
        throw new VotableError(`row ${rows.length + 1} has ${row.length} cells for ${columns.length} FIELDs`);
      while (row.length < columns.length) row.push('');
      rows.push(row);
      row = null;
      if (rows.length > maxRows) throw new EnoughRead();
    } else if (name === 'TABLEDATA') inTableData = false;
    if (tableDepth === 0) throw new EnoughRead();
  });

  try {
    for (let at = 0; at < text.length; at += CHUNK_CHARS) parser.write(text.slice(at, at + CHUNK_CHARS));
    parser.close();
  } catch (err) {
    if (err instanceof VotableError) throw err;
    if (err instanceof EnoughRead) {
      if (columns.length === 0) throw new VotableError('the TABLE has no FIELD element');
      return { columns, rows, datatypes, where: rows.map((_, i) => `row ${i + 1}`) };
    }
    // saxes reports well-formedness errors as Error("line:column: what.")
    const m = /^(\d+):(\d+): (.*?)\.?$/s.exec((err as Error).message);
    const what = m ? `line ${m[1]}, column ${m[2]}: ${m[3]}` : (err as Error).message;
    throw new VotableError(`the XML is not well-formed at ${what}`, { cause: err });
  }
  // a well-formed document read to its end: it has no TABLE (a TABLE's end stops reading)
  throw new VotableError('the VOTable has no TABLE element');
}
