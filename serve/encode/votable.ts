/**
 * VOTable 1.4 output (TABLEDATA serialisation). Each FIELD keeps the API name (`name="i:ra"`) and gets an XML
 * NCName ID (`ID="i_ra"`, unique), a datatype, the unit and UCD of the column catalogue and its doc as
 * DESCRIPTION. Julian-date columns reference a TIMESYS (timeorigin 0, i.e. JD; timescale UTC). Null and NaN cells
 * are empty TD elements.
 * Hand-written: npm has no maintained VOTable writer; this is escaped XML text (uploads are read by saxes).
 *
 * Reference: IVOA VOTable 1.4 (2019-10-21) §3.2 TIMESYS, §4 FIELD, §5.1 datatypes, §6 TABLEDATA, §6.1 empty
 * cells as null; docs/references.md#api-output-formats (column `name` keeps the colon, ID sanitised).
 */
import { asArray, cellText, isNullCell, type TableColumn } from './table-columns.js';

/** ID of the TIMESYS element that Julian-date FIELDs reference. */
export const JD_TIMESYS_ID = 'timesys_jd_utc';

/** Characters outside the XML 1.0 Char production (controls other than tab/LF/CR, lone surrogates, U+FFFE/F). */
const INVALID_XML_CHARS = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Escapes text for XML element content or an attribute value. Characters XML 1.0 forbids (controls other than
 * tab, LF, CR; lone surrogates) become U+FFFD; CR, LF and tab are written as character references so that
 * parsers do not normalise them away.
 */
export function xmlEscape(text: string): string {
  return text.replace(INVALID_XML_CHARS, '\uFFFD').replace(/[&<>"'\r\n\t]/g, (ch) => {
    switch (ch) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&apos;';
      default:
        return `&#${ch.charCodeAt(0)};`;
    }
  });
}

/**
 * XML NCName IDs for column names: characters other than letters, digits, `_`, `-` and `.` become `_`, a name
 * not starting with a letter or `_` gets a `_` in front, and repeats get `_2`, `_3`, … (`i:ra` → `i_ra`).
 *
 * @param names column names, in order.
 * @param reserved IDs already used in the document.
 * @returns one unique ID per name, in the same order.
 */
export function fieldIds(names: readonly string[], reserved: readonly string[] = []): string[] {
  const used = new Set(reserved);
  return names.map((name) => {
    let base = name.replace(/[^A-Za-z0-9_.-]/g, '_');
    if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
    let id = base;
    for (let k = 2; used.has(id); k++) id = `${base}_${k}`;
    used.add(id);
    return id;
  });
}

/** The datatype and arraysize attributes of a column. Strings with non-ASCII characters are unicodeChar. */
function typeAttributes(column: TableColumn, rows: readonly Record<string, unknown>[]): string {
  switch (column.kind) {
    case 'int':
    case 'long':
    case 'float':
    case 'double':
    case 'boolean':
      return `datatype="${column.kind}"`;
    case 'array': {
      const size =
        column.arrayDepth === 1 ? '*' : column.innerLength !== null ? `${column.innerLength}x*` : null;
      if (size !== null) return `datatype="double" arraysize="${size}"`;
      break;
    }
  }
  // strings, bytes (base64) and ragged arrays (JSON) are text
  const isAscii = rows.every((r) => {
    const text = cellText(r[column.name], column);
    return text === null || /^[\x20-\x7E]*$/.test(text);
  });
  return `datatype="${isAscii ? 'char' : 'unicodeChar'}" arraysize="*"`;
}

/** Whether the column is written as a numeric array in TABLEDATA (space-separated values). */
function isNumericArray(column: TableColumn): boolean {
  return column.kind === 'array' && (column.arrayDepth === 1 || column.innerLength !== null);
}

/** TD content of one cell; arrays are their values in row-major order (the first FIELD dimension varies fastest). */
function tdText(v: unknown, column: TableColumn, isArray: boolean): string | null {
  if (isNullCell(v)) return null;
  if (column.kind === 'boolean' && typeof v === 'boolean') return v ? 'T' : 'F';
  if (!isArray) return cellText(v, column);
  const values = asArray(v) ?? [];
  const flat = column.arrayDepth === 2 ? values.flatMap((row) => asArray(row) ?? []) : values;
  return flat.map((x) => (typeof x === 'number' && Number.isFinite(x) ? String(x) : 'NaN')).join(' ');
}

/**
 * Encodes rows as a VOTable 1.4 document.
 *
 * @param rows records keyed by API names; a key a row lacks is an empty cell.
 * @param columns the table's columns (tableColumns of the same rows), in output order.
 * @param tableName the TABLE name (e.g. `objects_ZTF21abfmbix`).
 * @param queryStatus the value of the QUERY_STATUS INFO (DALI: OK, or OVERFLOW when the rows were cut).
 * @returns the XML text (UTF-8). Numeric arrays are `double` with arraysize `*` (1-D) or `Nx*` (2-D, N values
 *   per inner array); ragged arrays are JSON text. Booleans are T/F.
 */
export function encodeVotable(
  rows: readonly Record<string, unknown>[],
  columns: readonly TableColumn[],
  tableName: string,
  queryStatus: 'OK' | 'OVERFLOW' = 'OK',
): string {
  const ids = fieldIds(
    columns.map((c) => c.name),
    [JD_TIMESYS_ID],
  );
  const hasJd = columns.some((c) => c.isJdUtc);
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<VOTABLE version="1.4" xmlns="http://www.ivoa.net/xml/VOTable/v1.3"' +
      ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
      ' xsi:schemaLocation="http://www.ivoa.net/xml/VOTable/v1.3 http://www.ivoa.net/xml/VOTable/votable-1.4.xsd">',
  ];
  // ZTF times are JD UTC of the exposure start, at the observatory.
  if (hasJd)
    out.push(` <TIMESYS ID="${JD_TIMESYS_ID}" timeorigin="0" timescale="UTC" refposition="TOPOCENTER"/>`);
  out.push(' <RESOURCE type="results">', `  <INFO name="QUERY_STATUS" value="${queryStatus}"/>`);
  out.push(`  <TABLE name="${xmlEscape(tableName)}" nrows="${rows.length}">`);
  const isArray = columns.map(isNumericArray);
  // numbers, T/F and numeric arrays hold no XML special character
  const isText = columns.map(
    (c, i) => !isArray[i] && (c.kind === 'string' || c.kind === 'bytes' || c.kind === 'array'),
  );
  columns.forEach((c, i) => {
    let attrs = `name="${xmlEscape(c.name)}" ID="${ids[i]}" ${typeAttributes(c, rows)}`;
    if (c.unit) attrs += ` unit="${xmlEscape(c.unit)}"`;
    if (c.ucd) attrs += ` ucd="${xmlEscape(c.ucd)}"`;
    if (c.isJdUtc) attrs += ` ref="${JD_TIMESYS_ID}"`;
    out.push(
      c.doc
        ? `   <FIELD ${attrs}><DESCRIPTION>${xmlEscape(c.doc)}</DESCRIPTION></FIELD>`
        : `   <FIELD ${attrs}/>`,
    );
  });
  out.push('   <DATA><TABLEDATA>');
  for (const row of rows) {
    const cells = columns.map((c, i) => {
      const text = tdText(row[c.name], c, isArray[i]);
      if (text === null) return '<TD/>';
      return `<TD>${isText[i] ? xmlEscape(text) : text}</TD>`;
    });
    out.push(`<TR>${cells.join('')}</TR>`);
  }
  out.push('   </TABLEDATA></DATA>', '  </TABLE>', ' </RESOURCE>', '</VOTABLE>', '');
  return out.join('\n');
}
