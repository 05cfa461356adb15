/** The shared encoder: MIME types and file names, and the same values in all four formats. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ALL_FIELDS } from '../../data/index.js';
import { parseCsv, parseVotable, readParquet } from '../../test/support/table-readers.js';
import { encodeTable, respondTable } from './index.js';
import { type CellKind, tableColumns } from './table-columns.js';

/** Deterministic uniform numbers in [0, 1) (mulberry32). */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TRICKY = ['ZTF21abfmbix', 'a,"b"\n<c> & é', '(SIMBAD) Candidate_SN*', '', "it's"];

/** Rows with every catalogue field (valid alerts) and upper-limit rows with a few keys, NaN and nulls. */
function sampleRows(): Record<string, unknown>[] {
  const rnd = prng(42);
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < 12; i++) {
    const row: Record<string, unknown> = {};
    for (const f of ALL_FIELDS) {
      if (rnd() < 0.1) {
        row[f.name] = null;
        continue;
      }
      switch (f.type) {
        case 'string':
          row[f.name] = TRICKY[Math.floor(rnd() * TRICKY.length)];
          break;
        case 'long':
          row[f.name] = 1060135832015015002n + BigInt(i * 7919);
          break;
        case 'int':
          row[f.name] = Math.floor(rnd() * 2000) - 1000;
          break;
        case 'float':
          row[f.name] = Math.fround((rnd() - 0.5) * 1e3);
          break;
        case 'double':
          row[f.name] = rnd() < 0.1 ? Number.NaN : 2458814 + rnd() * 1e3;
          break;
        case 'boolean':
          row[f.name] = rnd() < 0.5;
          break;
        case 'array':
          row[f.name] = Array.from({ length: 4 }, () =>
            Array.from({ length: 3 }, () => (rnd() < 0.1 ? Number.NaN : rnd() * 100)),
          );
          break;
      }
    }
    rows.push(row);
  }
  // a stamp that could not be read is [] (serve/cutout-arrays.ts)
  rows[3]['b:cutoutTemplate_stampData'] = [];
  for (let i = 0; i < 3; i++)
    rows.push({ 'i:objectId': 'ZTF21abfmbix', 'i:candid': -1n, 'i:jd': 2458000.5 + i, 'd:tag': 'upperlim' });
  return rows;
}

/** A value in a canonical JS form for its column kind (null for null/NaN/absent). */
function canonical(v: unknown, kind: CellKind): unknown {
  if (v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v))) return null;
  if (typeof v === 'string' && v === '' && kind !== 'string') return null;
  switch (kind) {
    case 'long':
      return BigInt(v as string | bigint | number);
    case 'int':
    case 'double':
      return Number(v);
    case 'float':
      return Math.fround(Number(v));
    case 'boolean':
      return v === true || v === 'true' || v === 'T';
    case 'array': {
      const nested = typeof v === 'string' ? JSON.parse(v) : v;
      return (nested as unknown[][]).map((r) =>
        r.map((x) => (typeof x === 'number' && !Number.isNaN(x) ? x : null)),
      );
    }
    default:
      return v;
  }
}

/** Reshapes a VOTable numeric-array cell (`Nx*`, row-major) into rows of N values. */
function votableArray(text: string | null, arraysize: string): unknown {
  if (text === null) return null;
  if (text === '') return [];
  const n = Number(arraysize.split('x')[0]);
  const flat = text.split(' ').map((t) => (t === 'NaN' ? null : Number(t)));
  return Array.from({ length: flat.length / n }, (_, r) => flat.slice(r * n, (r + 1) * n));
}

describe('encodeTable', () => {
  it.each([
    ['json', 'application/json', 'objects_ZTF21abfmbix.json'],
    ['csv', 'text/csv; charset=utf-8', 'objects_ZTF21abfmbix.csv'],
    ['parquet', 'application/vnd.apache.parquet', 'objects_ZTF21abfmbix.parquet'],
    ['votable', 'application/x-votable+xml', 'objects_ZTF21abfmbix.xml'],
  ] as const)('answers %s with Content-Type %s and file name %s', async (format, type, filename) => {
    const t = await encodeTable([{ 'i:objectId': 'ZTF21abfmbix' }], format, 'objects_ZTF21abfmbix');
    expect(t.contentType).toBe(type);
    expect(t.filename).toBe(filename);
    const app = new Hono().get('/', (c) =>
      respondTable(c, [{ 'i:ra': 1.5 }], format, 'objects_ZTF21abfmbix'),
    );
    const res = await app.request('/');
    expect(res.headers.get('content-type')).toBe(type);
    const disposition = res.headers.get('content-disposition');
    if (format === 'json') expect(disposition).toBeNull();
    else expect(disposition).toBe(`attachment; filename="${filename}"`);
  });

  it('keeps file names header-safe', async () => {
    const t = await encodeTable([], 'csv', 'a"b\r\n/c');
    expect(t.filename).toBe('a_b___c.csv');
  });

  it('gives the same values in json, csv, parquet and votable', async () => {
    const rows = sampleRows();
    const columns = tableColumns(rows);
    const names = columns.map((c) => c.name);
    const expected = rows.map((r) => columns.map((c) => canonical(r[c.name], c.kind)));

    const json = (await encodeTable(rows, 'json', 't')).body as string;
    // 64-bit integers as strings before JSON.parse (test strings hold no long digit runs)
    const jsonRows = JSON.parse(json.replace(/(?<=[:[,])(-?\d{16,})(?=[,\]}])/g, '"$1"')) as Record<
      string,
      unknown
    >[];
    expect(jsonRows.map((r) => columns.map((c) => canonical(r[c.name], c.kind)))).toEqual(expected);

    const csv = parseCsv((await encodeTable(rows, 'csv', 't')).body as string);
    expect(csv[0]).toEqual(names);
    const csvRows = csv.slice(1).map((line) => columns.map((c, i) => canonical(line[i], c.kind)));
    // CSV cannot tell an empty string from null
    const noEmpty = (table: unknown[][]) => table.map((r) => r.map((v) => (v === '' ? null : v)));
    expect(noEmpty(csvRows)).toEqual(noEmpty(expected));

    const parquet = await readParquet((await encodeTable(rows, 'parquet', 't')).body as Uint8Array);
    expect(parquet.columns.map((c) => c.name)).toEqual(names);
    expect(parquet.rows.map((r) => columns.map((c) => canonical(r[c.name], c.kind)))).toEqual(expected);

    const vot = parseVotable((await encodeTable(rows, 'votable', 't')).body as string);
    expect(vot.fields.map((f) => f.name)).toEqual(names);
    const votRows = vot.rows.map((cells) =>
      columns.map((c, i) =>
        c.kind === 'array'
          ? canonical(votableArray(cells[i], vot.fields[i].arraysize), c.kind)
          : canonical(cells[i], c.kind),
      ),
    );
    expect(noEmpty(votRows)).toEqual(noEmpty(expected));
  });
});
