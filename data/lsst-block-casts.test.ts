/**
 * The casts of LSST block values to a table's union type, against DuckDB itself: for every pair of the store's
 * column types, a parquet file of each, read as one relation (`union_by_name`, as the LSST reader describes its
 * tables), gives the union type and each value cast to it; the same values read from each file alone and cast
 * in memory must be those values, bit for bit (edge values included: 64-bit extremes, NaN, infinities, -0,
 * float32 ties, the thresholds of DuckDB's number texts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { castLikeDuckDb } from './lsst-block-casts.js';

/** SQL values of each column type of an LSST store (data/column-types.ts). */
const VALUES: Readonly<Record<string, readonly string[]>> = {
  BOOLEAN: ['true', 'false', 'NULL'],
  INTEGER: ['0', '-1', '2147483647', '-2147483648', '16777217', '16777219'],
  BIGINT: [
    '9223372036854775807',
    "'-9223372036854775808'",
    '9007199254740993',
    '16777217',
    // halfway between two float32 once rounded to a double first: a cast through a double would go wrong
    '1152921573326323713',
    '-1152921573326323713',
    '0',
  ],
  FLOAT: [
    "'nan'",
    "'inf'",
    "'-inf'",
    '-0.0',
    '0.1',
    '3.4e38',
    '1e-45',
    '1/3',
    '1e16',
    '1e15',
    '123456.7',
    '1e-5',
  ],
  DOUBLE: [
    "'nan'",
    "'-inf'",
    '-0.0',
    '0.1',
    '5e-324',
    '1e16',
    '1e15',
    '1e-5',
    '0.0001',
    '1.7976931348623157e308',
    '61041.22124337929',
    '123456789012345678',
    '-2.5e-300',
    '100',
  ],
  VARCHAR: ["'z'", "''", "'12'"],
};
const TYPES = Object.keys(VALUES);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-lsst-casts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('LSST block casts', () => {
  it('give every value of one column type as DuckDB gives it in a union with each other type', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    const file = (type: string) => path.join(dir, `${type}.parquet`);
    const stored = new Map<string, unknown[]>();
    try {
      for (const type of TYPES) {
        const rows = VALUES[type].map((v) => `(${v})::${type}`).join('), (');
        await conn.run(`COPY (SELECT * FROM (VALUES (${rows})) t(x)) TO '${file(type)}' (FORMAT parquet)`);
        const read = await conn.runAndReadAll(`SELECT x FROM read_parquet('${file(type)}')`);
        stored.set(type, read.getColumnsJS()[0]);
      }
      let compared = 0;
      for (const from of TYPES)
        for (const other of TYPES) {
          if (other === from) continue;
          const read = await conn.runAndReadAll(
            `SELECT x, typeof(x) FROM read_parquet(['${file(from)}', '${file(other)}'], union_by_name = true,
               filename = true, file_row_number = true)
             WHERE filename = '${file(from)}' ORDER BY file_row_number`,
          );
          const [want, [unionType]] = read.getColumnsJS() as [unknown[], string[]];
          const values = stored.get(from) ?? [];
          expect(want).toHaveLength(values.length);
          for (const [i, value] of values.entries()) {
            const got = value === null ? null : castLikeDuckDb(value, from, unionType);
            expect(Object.is(got, want[i]), `${from} ${String(value)} as ${unionType}: ${String(got)}`).toBe(
              true,
            );
            compared++;
          }
        }
      expect(compared).toBe(TYPES.reduce((n, t) => n + VALUES[t].length, 0) * (TYPES.length - 1));
    } finally {
      conn.closeSync();
      db.closeSync();
    }
  });

  it('refuse a cast no union of the store types asks for', () => {
    expect(() => castLikeDuckDb('12', 'VARCHAR', 'BIGINT')).toThrow(
      /VARCHAR column cannot be read as .*BIGINT/,
    );
  });
});
