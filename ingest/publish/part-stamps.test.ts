/**
 * A part's stamps copied from several staging stamps files (part-stamps.ts): for 5,000 alerts (more than one
 * DuckDB result chunk) in two files, every reference of the filled table points at that alert's own bytes in the
 * new `stamps.bin`, in the select's order; one file is hard-linked and its references kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePartStamps } from './part-stamps.js';

const ALERTS = 5000;
let dir: string;
let instance: DuckDBInstance;
let conn: DuckDBConnection;

/** Stamp bytes of alert `id`, kind `k` (0-2): a length and a fill that name both. */
function stampOf(id: number, k: number): Buffer {
  return Buffer.alloc(10 + ((id * 7 + k) % 50), (id * 3 + k) % 251);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'part-stamps-'));
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
  // alerts alternate between two staging stamps files, each file's stamps appended in its own order
  const files = [path.join(dir, 'a.stamps'), path.join(dir, 'b.stamps')];
  const ends = [0, 0];
  const parts: Buffer[][] = [[], []];
  const refs: string[] = [];
  for (let id = 0; id < ALERTS; id++) {
    const f = id % 2;
    const stamps = [0, 1, 2].map((k) => stampOf(id, k));
    refs.push(`(${id}, ${f}, ${ends[f]}, ${stamps.map((s) => s.length).join(', ')})`);
    for (const s of stamps) {
      parts[f].push(s);
      ends[f] += s.length;
    }
  }
  for (const [i, f] of files.entries()) fs.writeFileSync(f, Buffer.concat(parts[i]));
  await conn.run(`CREATE TABLE staged (id BIGINT, file_no INTEGER, stamp_offset BIGINT, stamp_science_len INTEGER,
                  stamp_template_len INTEGER, stamp_difference_len INTEGER)`);
  await conn.run(`INSERT INTO staged VALUES ${refs.join(', ')}`);
});

afterAll(() => {
  conn?.closeSync();
  instance?.closeSync();
  fs.rmSync(dir, { recursive: true, force: true });
});

const REFS = 'stamp_offset, stamp_science_len, stamp_template_len, stamp_difference_len';

describe('makePartStamps', () => {
  it('copies the stamps of several files: every reference points at its own alert bytes', async () => {
    await conn.run(`CREATE TABLE cut (id BIGINT, ${REFS.replaceAll(',', ' INTEGER,')} INTEGER)`);
    const out = path.join(dir, 'copied.bin');
    await makePartStamps(conn, [path.join(dir, 'a.stamps'), path.join(dir, 'b.stamps')], out, {
      table: 'cut',
      insertLinkedSql: 'SELECT 1',
      selectToCopySql: `SELECT id, file_no, ${REFS} FROM staged ORDER BY id DESC`,
      keyKinds: ['long'],
    });
    const rows = (await conn.runAndReadAll(`SELECT id, ${REFS} FROM cut`)).getRows();
    expect(rows).toHaveLength(ALERTS);
    const bin = fs.readFileSync(out);
    const seen = new Set<number>();
    let previousOffset = -1;
    for (const [id, offset, ...lengths] of rows) {
      const n = Number(id);
      seen.add(n);
      let at = Number(offset);
      expect(at).toBeGreaterThan(previousOffset); // written in the select's order
      previousOffset = at;
      lengths.forEach((length, k) => {
        expect(bin.subarray(at, at + Number(length))).toEqual(stampOf(n, k));
        at += Number(length);
      });
    }
    expect(seen.size).toBe(ALERTS);
  });

  it('hard-links a single file and keeps its offsets', async () => {
    const out = path.join(dir, 'linked.bin');
    await conn.run(`CREATE TABLE cut1 (id BIGINT, ${REFS.replaceAll(',', ' INTEGER,')} INTEGER)`);
    await makePartStamps(conn, [path.join(dir, 'a.stamps')], out, {
      table: 'cut1',
      insertLinkedSql: `INSERT INTO cut1 SELECT id, ${REFS} FROM staged WHERE file_no = 0`,
      selectToCopySql: 'SELECT 1',
      keyKinds: ['long'],
    });
    expect(fs.statSync(out).ino).toBe(fs.statSync(path.join(dir, 'a.stamps')).ino);
    expect(Number((await conn.runAndReadAll('SELECT count(*) FROM cut1')).getRows()[0][0])).toBe(ALERTS / 2);
  });
});
