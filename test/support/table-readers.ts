/**
 * Independent readers of the encoder outputs, for tests: CSV by csv-parse (RFC 4180, strict), VOTable
 * (TABLEDATA) by the strict XML parser saxes (well-formedness and namespaces checked), parquet by DuckDB.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parse } from 'csv-parse/sync';
import { SaxesParser, type SaxesTagNS } from 'saxes';

/** Parses CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF line ends) into rows of fields. */
export function parseCsv(text: string): string[][] {
  return parse(text);
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

/** A tag's attributes by qualified name. */
function attributes(tag: SaxesTagNS): Record<string, string> {
  return Object.fromEntries(Object.entries(tag.attributes).map(([name, a]) => [name, a.value]));
}

/**
 * Reads a VOTable with one TABLE in TABLEDATA serialisation; elements are matched by local name.
 *
 * @throws Error when the XML is not well-formed, or has no VOTABLE root or no TABLE.
 */
export function parseVotable(xml: string): ParsedVotable {
  const found: { root?: Record<string, string>; table?: Record<string, string> } = {};
  const timesys: Record<string, string>[] = [];
  const fields: Record<string, string>[] = [];
  const rows: (string | null)[][] = [];
  let text: string | null = null; // text of the open TD or DESCRIPTION of a FIELD
  let field: Record<string, string> | null = null;
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag) => {
    switch (tag.local) {
      case 'VOTABLE':
        found.root = attributes(tag);
        break;
      case 'TABLE':
        found.table = attributes(tag);
        break;
      case 'TIMESYS':
        timesys.push(attributes(tag));
        break;
      case 'FIELD':
        field = attributes(tag);
        fields.push(field);
        break;
      case 'DESCRIPTION':
        if (field !== null) text = '';
        break;
      case 'TR':
        rows.push([]);
        break;
      case 'TD':
        text = tag.isSelfClosing ? null : '';
        break;
    }
  });
  const addText = (t: string) => {
    if (text !== null) text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', (tag) => {
    if (tag.local === 'TD') rows[rows.length - 1].push(text);
    else if (tag.local === 'DESCRIPTION' && field !== null && text !== null) field.description = text;
    else if (tag.local === 'FIELD') field = null;
    text = null;
  });
  parser.write(xml).close();
  const { root, table } = found;
  if (root === undefined) throw new Error('no VOTABLE element');
  if (table === undefined) throw new Error('no TABLE element');
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
