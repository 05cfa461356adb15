/**
 * Independent readers of the encoder outputs, for tests: an RFC 4180 CSV parser, a small VOTable (TABLEDATA)
 * reader that also checks that the XML tags nest, and a parquet reader through DuckDB.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

/** Parses CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF line ends) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i++;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      i++;
      continue;
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
    i++;
  }
  if (quoted) throw new Error('CSV ends inside a quoted field');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Replaces the five XML entities and numeric character references. */
export function xmlUnescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_m, e: string) => {
    if (e === 'amp') return '&';
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    return String.fromCodePoint(e.startsWith('#x') ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)));
  });
}

function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([A-Za-z_][\w:.-]*)="([^"]*)"/g)) out[m[1]] = xmlUnescape(m[2]);
  return out;
}

/** Throws unless start and end tags nest properly and no raw `<`/`&` appears in text. */
export function checkXmlNesting(xml: string): void {
  const stack: string[] = [];
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  for (const m of body.matchAll(
    /<(\/?)([A-Za-z_][\w:.-]*)([^<>]*?)(\/?)>|<|&(?!(amp|lt|gt|quot|apos|#\d+);)/g,
  )) {
    if (m[2] === undefined) throw new Error(`stray markup character at ${m.index}`);
    if (m[1] === '/') {
      const open = stack.pop();
      if (open !== m[2]) throw new Error(`</${m[2]}> closes <${open}>`);
    } else if (m[4] !== '/') stack.push(m[2]);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('><')}>`);
}

/** What a VOTable holds, as text: FIELD attributes (+ `description`), TIMESYS attributes, TD texts. */
export interface ParsedVotable {
  readonly root: Record<string, string>;
  readonly table: Record<string, string>;
  readonly timesys: Record<string, string>[];
  readonly fields: Record<string, string>[];
  /** Cell texts, null for an empty TD. */
  readonly rows: (string | null)[][];
}

/** Reads a VOTable with one TABLE in TABLEDATA serialisation (after checking that its tags nest). */
export function parseVotable(xml: string): ParsedVotable {
  checkXmlNesting(xml);
  const root = attributes(/<VOTABLE([^>]*)>/.exec(xml)?.[1] ?? '');
  const table = attributes(/<TABLE([^>]*)>/.exec(xml)?.[1] ?? '');
  const timesys = [...xml.matchAll(/<TIMESYS([^>]*?)\/?>/g)].map((m) => attributes(m[1]));
  const fields = [...xml.matchAll(/<FIELD([^>]*?)(\/>|>([\s\S]*?)<\/FIELD>)/g)].map((m) => {
    const attrs = attributes(m[1]);
    const desc = /<DESCRIPTION>([\s\S]*?)<\/DESCRIPTION>/.exec(m[3] ?? '');
    return desc ? { ...attrs, description: xmlUnescape(desc[1]) } : attrs;
  });
  const rows = [...xml.matchAll(/<TR>([\s\S]*?)<\/TR>/g)].map((tr) =>
    [...tr[1].matchAll(/<TD\/>|<TD>([\s\S]*?)<\/TD>/g)].map((td) =>
      td[1] === undefined ? null : xmlUnescape(td[1]),
    ),
  );
  return { root, table, timesys, fields, rows };
}

/** A parquet file read back by DuckDB: column names and SQL types, rows as JS values (BIGINT as bigint). */
export async function readParquet(
  bytes: Uint8Array,
): Promise<{ columns: { name: string; type: string }[]; rows: Record<string, unknown>[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-test-read-'));
  const file = path.join(dir, 't.parquet');
  fs.writeFileSync(file, bytes);
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    const reader = await conn.runAndReadAll(`SELECT * FROM read_parquet('${file}')`);
    const columns = reader.columnNames().map((name, i) => ({ name, type: String(reader.columnTypes()[i]) }));
    return { columns, rows: reader.getRowObjectsJS() as Record<string, unknown>[] };
  } finally {
    conn.closeSync();
    instance.closeSync();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
