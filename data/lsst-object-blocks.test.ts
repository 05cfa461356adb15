import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { decodeLsstBlock, encodeLsstBlock, lsstBlockTypeFits, lsstBlockValue } from './lsst-object-blocks.js';

/** The values DuckDB gives for each scalar column type of an LSST table, edge cases included. */
const SQL = `SELECT * FROM (VALUES
  (9223372036854775807::BIGINT, 2147483647::INTEGER, 0.1::DOUBLE, 0.1::FLOAT, true, 'a"b\\é'::VARCHAR),
  ('-9223372036854775808'::BIGINT, NULL, 'nan'::DOUBLE, 'inf'::FLOAT, false, NULL),
  (NULL, -1, '-inf'::DOUBLE, (-0.0)::FLOAT, NULL, ''),
  (313853861647499290, 0, (-0.0)::DOUBLE, 3.4e38::FLOAT, true, '{"x":[1]}'),
  (1, 1, 5e-324::DOUBLE, 1.17549435e-38::FLOAT, false, 'z'),
  (2, 2, 61041.22124337929::DOUBLE, (1/3)::FLOAT, true, 'y')
) t(b, i, d, f, o, s)`;
const TYPES = ['BIGINT', 'INTEGER', 'DOUBLE', 'FLOAT', 'BOOLEAN', 'VARCHAR'];

describe('LSST object blocks', () => {
  it('give back every value exactly as DuckDB reads it from the column', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    const rows = (await conn.runAndReadAll(SQL)).getRowsJS();
    conn.closeSync();
    db.closeSync();
    const decoded = decodeLsstBlock(encodeLsstBlock({ objects: rows.slice(0, 2), sources: rows, fp: [] }));
    expect(decoded.fp).toEqual([]);
    expect(decoded.objects).toHaveLength(2);
    const back = decoded.sources.map((row) => row.map((v, c) => lsstBlockValue(v, TYPES[c])));
    expect(back).toHaveLength(rows.length);
    for (const [r, row] of back.entries())
      for (const [c, v] of row.entries())
        expect(Object.is(v, rows[r][c]), `row ${r} column ${TYPES[c]}: ${String(v)}`).toBe(true);
  });

  it('read narrower stored types as the wider type of the table', () => {
    expect(lsstBlockValue(7, 'BIGINT')).toBe(7n);
    expect(lsstBlockValue('-5', 'BIGINT')).toBe(-5n);
    expect(lsstBlockTypeFits('INTEGER', 'BIGINT')).toBe(true);
    expect(lsstBlockTypeFits('FLOAT', 'DOUBLE')).toBe(true);
    expect(lsstBlockTypeFits('DOUBLE', 'FLOAT')).toBe(false);
    expect(lsstBlockTypeFits('BIGINT', 'VARCHAR')).toBe(false);
  });
});
