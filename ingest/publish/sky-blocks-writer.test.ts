/** The sky blocks writer over hand-made sky indexes: records, block keys, and the cases it refuses (no file left). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_FILES } from '../../data/index.js';
import {
  SKY_BLOCKS_FILE,
  SKY_FIELD,
  SKY_FOOTER_BYTES,
  SKY_HEADER_BYTES,
  SKY_RECORD_BYTES,
  SKY_RECORDS_PER_BLOCK,
} from '../../data/sky-blocks.js';
import { writeSkyBlocks } from './sky-blocks-writer.js';

interface Row {
  hpix: bigint;
  ra: number;
  dec: number;
  jd: number;
  jdstarthist: number | null;
  candid: bigint;
  objectId: string;
}

const rowsOf = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    hpix: 1_000_000_000_000n + BigInt(i * 37),
    ra: (i * 0.37) % 360,
    dec: -30 + (i % 600) / 10,
    jd: 2460000.5 + i / 1000,
    jdstarthist: i % 5 === 0 ? null : 2459990.5 + i / 1000,
    candid: 2_000_000_000_000_000_000n + BigInt(i),
    objectId: `ZTF24aa${String(i).padStart(5, '0')}`,
  }));

describe('writeSkyBlocks', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-sky-'));
  let conn: DuckDBConnection;
  beforeAll(async () => {
    conn = await (await DuckDBInstance.create(':memory:')).connect();
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  /** A part directory holding an idx_sky.parquet of `rows`, in their order. */
  async function partOf(name: string, rows: Row[]): Promise<string> {
    const dir = path.join(root, name);
    fs.mkdirSync(dir);
    await conn.run(`CREATE OR REPLACE TABLE sky (n INTEGER, hpix29 BIGINT, i_ra DOUBLE, i_dec DOUBLE,
                    i_jd DOUBLE, i_jdstarthist DOUBLE, i_candid BIGINT, i_objectId VARCHAR)`);
    const a = await conn.createAppender('sky');
    rows.forEach((r, n) => {
      a.appendInteger(n);
      a.appendBigInt(r.hpix);
      a.appendDouble(r.ra);
      a.appendDouble(r.dec);
      a.appendDouble(r.jd);
      if (r.jdstarthist === null) a.appendNull();
      else a.appendDouble(r.jdstarthist);
      a.appendBigInt(r.candid);
      a.appendVarchar(r.objectId);
      a.endRow();
    });
    a.closeSync();
    await conn.run(`COPY (SELECT * EXCLUDE (n) FROM sky ORDER BY n)
                    TO '${path.join(dir, PART_FILES.sky)}' (FORMAT parquet, ROW_GROUP_SIZE 1000)`);
    return dir;
  }

  it('writes every row as a record, in order, with the first pixel of each block as its key', async () => {
    const rows = rowsOf(3000);
    const dir = await partOf('ok', rows);
    expect(await writeSkyBlocks(conn, dir)).toBe(rows.length);
    const bin = fs.readFileSync(path.join(dir, SKY_BLOCKS_FILE));
    const blocks = Math.ceil(rows.length / SKY_RECORDS_PER_BLOCK);
    const keysAt = SKY_HEADER_BYTES + rows.length * SKY_RECORD_BYTES;
    expect(bin.length).toBe(keysAt + blocks * 8 + SKY_FOOTER_BYTES);
    expect(Number(bin.readBigUInt64LE(bin.length - SKY_FOOTER_BYTES))).toBe(keysAt);
    rows.forEach((r, i) => {
      const at = SKY_HEADER_BYTES + i * SKY_RECORD_BYTES;
      const idLength = bin[at + SKY_FIELD.idLength];
      expect([
        bin.readDoubleLE(at + SKY_FIELD.ra),
        bin.readDoubleLE(at + SKY_FIELD.dec),
        bin.readDoubleLE(at + SKY_FIELD.jd),
        bin.readDoubleLE(at + SKY_FIELD.jdstarthist),
        bin.readBigInt64LE(at + SKY_FIELD.candid),
        bin.toString('utf8', at + SKY_FIELD.id, at + SKY_FIELD.id + idLength),
      ]).toEqual([r.ra, r.dec, r.jd, r.jdstarthist ?? Number.NaN, r.candid, r.objectId]);
    });
    for (let b = 0; b < blocks; b++) {
      expect(bin.readBigInt64LE(keysAt + b * 8)).toBe(rows[b * SKY_RECORDS_PER_BLOCK].hpix);
    }
  });

  it('refuses an objectId that does not fit in a record, and leaves no file', async () => {
    const rows = rowsOf(2500);
    rows[2400].objectId = 'an-object-id-of-thirty-bytes!!';
    const dir = await partOf('long-id', rows);
    await expect(writeSkyBlocks(conn, dir)).rejects.toThrow(
      /an-object-id-of-thirty-bytes!!.*longer than 23 bytes/,
    );
    expect(fs.readdirSync(dir)).toEqual([PART_FILES.sky]);
  });

  it('refuses an index not sorted by pixel, and leaves no file', async () => {
    const rows = rowsOf(2500);
    [rows[2100].hpix, rows[2101].hpix] = [rows[2101].hpix, rows[2100].hpix];
    const dir = await partOf('unsorted', rows);
    await expect(writeSkyBlocks(conn, dir)).rejects.toThrow(/not sorted by hpix29/);
    expect(fs.readdirSync(dir)).toEqual([PART_FILES.sky]);
  });
});
