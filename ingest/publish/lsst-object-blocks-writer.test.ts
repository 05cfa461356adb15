import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeLsstBlock, LSST_BLOCK_FILES, lsstBlockValue, sqlPathLiteral } from '../../data/index.js';
import { writeLsstObjectBlocks } from './lsst-object-blocks-writer.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-lsst-blocks-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Rows of two diaObjects with each scalar column type of an LSST table, edge values included: `d` and `f` hold
 * non-finite and negative-zero floats (written as text), `g` and `h` only finite ones (written as they are).
 */
const ROWS = `SELECT * FROM (VALUES
  (7::BIGINT, 9223372036854775807::BIGINT, 2147483647::INTEGER, 0.1::DOUBLE, 0.1::FLOAT, true, 'a"b\\é'::VARCHAR, 0.0::DOUBLE, 0.1::FLOAT),
  (7, '-9223372036854775808'::BIGINT, NULL, 'nan'::DOUBLE, 'inf'::FLOAT, false, NULL, 5e-324::DOUBLE, 3.4e38::FLOAT),
  (7, NULL, -1, '-inf'::DOUBLE, (-0.0)::FLOAT, NULL, '', NULL, (1/3)::FLOAT),
  (9, 313853861647499290, 0, (-0.0)::DOUBLE, 3.4e38::FLOAT, true, '{"x":[1]}', 61041.22124337929::DOUBLE, 0.0::FLOAT),
  (9, 1, 1, 5e-324::DOUBLE, '-nan'::FLOAT, false, 'z', -1.7976931348623157e308::DOUBLE, -1.4e-45::FLOAT),
  (9, 2, 2, 61041.22124337929::DOUBLE, (1/3)::FLOAT, true, NULL, 1e-300::DOUBLE, NULL)
) t("r:diaObjectId", b, i, d, f, o, s, g, h)`;

describe('LSST object blocks writer', () => {
  // one object per batch; batches of 2 rows (each object's 3 rows then make a batch of their own); one batch
  it.each([
    { objects: 1, rows: 1_000 },
    { objects: 1_000, rows: 2 },
    { objects: 1_000, rows: 1_000 },
  ])(
    'writes each diaObject rows as a block that reads back as DuckDB reads the part file (batches of at most $objects objects, $rows rows)',
    async (bounds) => {
      const db = await DuckDBInstance.create(':memory:');
      const conn = await db.connect();
      try {
        const file = path.join(dir, 'sources.parquet');
        await conn.run(`COPY (${ROWS}) TO ${sqlPathLiteral(file)} (FORMAT parquet)`);
        const stored = await conn.runAndReadAll(`SELECT * FROM read_parquet(${sqlPathLiteral(file)})`);
        const types = stored.columnTypes().map(String);
        const want = stored.getRowsJS();
        expect(await writeLsstObjectBlocks(conn, dir, bounds)).toMatchObject({ objects: 2 });
        const index = (
          await conn.runAndReadAll(
            `SELECT objectId, block_offset, block_length FROM read_parquet(${sqlPathLiteral(path.join(dir, LSST_BLOCK_FILES.index))}) ORDER BY objectId`,
          )
        ).getRowsJS();
        expect(index.map((r) => r[0])).toEqual(['7', '9']);
        const bin = fs.readFileSync(path.join(dir, LSST_BLOCK_FILES.blocks));
        const got = index.flatMap(([, offset, length]) =>
          decodeLsstBlock(bin.subarray(Number(offset), Number(offset) + Number(length))).sources.map((row) =>
            row.map((v, c) => lsstBlockValue(v, types[c], types[c])),
          ),
        );
        expect(got).toHaveLength(want.length);
        for (const [r, row] of got.entries())
          for (const [c, v] of row.entries())
            expect(Object.is(v, want[r][c]), `row ${r} column ${c} (${types[c]}): ${String(v)}`).toBe(true);
        const columns = JSON.parse(fs.readFileSync(path.join(dir, LSST_BLOCK_FILES.columns), 'utf8'));
        expect(columns.tables.sources.map((c: { sqlType: string }) => c.sqlType)).toEqual(types);
      } finally {
        conn.closeSync();
        db.closeSync();
      }
    },
  );
});
