import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../compute/random/index.js';
import { appendChunks, type ChunkColumnKind, ChunkRows, chunkKindOfSql } from './chunk-rows.js';

const COLUMNS: readonly (readonly [name: string, sqlType: string])[] = [
  ['i', 'INTEGER'],
  ['l', 'BIGINT'],
  ['f', 'FLOAT'],
  ['d', 'DOUBLE'],
  ['b', 'BOOLEAN'],
  ['s', 'VARCHAR'],
  ['x', 'BLOB'],
];

type Row = [
  number | null,
  bigint | null,
  number | null,
  number | null,
  boolean | null,
  string | null,
  Uint8Array | null,
];

/** Rows with every kind of value, about one in five NULL, strings of every length (inlined or not by DuckDB). */
function randomRows(count: number, seed: number): Row[] {
  const prng = new Prng(seed);
  const maybe = <T>(v: T): T | null => (prng.nextUint32() % 5 === 0 ? null : v);
  const rows: Row[] = [];
  for (let r = 0; r < count; r++) {
    const text = 'x'.repeat(prng.nextUint32() % 30) + String(r);
    rows.push([
      maybe((prng.nextUint32() | 0) >> 1),
      maybe(BigInt.asIntN(64, BigInt(prng.nextUint32()) * 4_294_967_296n + BigInt(prng.nextUint32()))),
      maybe(Math.fround((prng.nextUint32() / 1e6) * (r % 2 ? -1 : 1))),
      maybe(prng.nextUint32() / 7 + 2_451_000.5),
      maybe(prng.nextUint32() % 2 === 0),
      maybe(text),
      maybe(Uint8Array.from(text, (c) => c.charCodeAt(0) ^ 0x5a)),
    ]);
  }
  return rows;
}

function writeRow(rows: ChunkRows, k: number, row: Row): void {
  rows.int(k);
  rows.int(row[0]);
  rows.long(row[1]);
  rows.float(row[2]);
  rows.double(row[3]);
  rows.boolean(row[4]);
  rows.string(row[5]);
  rows.blob(row[6]);
  rows.endRow();
}

/**
 * Stores `batches` of rows through one ChunkRows, each batch taken and appended in a transaction of its own and its
 * chunks released for the next batch (as staging does); `abandoned` rows are written then discarded before each
 * batch. Returns the stored rows in order.
 */
async function roundTrip(
  batches: readonly (readonly Row[])[],
  abandoned: readonly Row[] = [],
): Promise<unknown[][]> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  await conn.run(`CREATE TABLE t (k INTEGER, ${COLUMNS.map(([n, t]) => `${n} ${t}`).join(', ')})`);
  const kinds: ChunkColumnKind[] = ['int', ...COLUMNS.map(([, t]) => chunkKindOfSql(t))];
  const rows = new ChunkRows(kinds);
  let k = 0;
  for (const batch of batches) {
    for (const row of abandoned) writeRow(rows, -1, row);
    rows.int(-1); // a row left unfinished, as a failure mid-row leaves it
    rows.discard();
    for (const row of batch) writeRow(rows, k++, row);
    const chunks = rows.take();
    await conn.run('BEGIN TRANSACTION');
    appendChunks(await conn.createAppender('t'), chunks);
    await conn.run('COMMIT');
    rows.release(chunks);
  }
  const reader = await conn.runAndReadAll(`SELECT ${COLUMNS.map(([n]) => n).join(', ')} FROM t ORDER BY k`);
  const out = reader
    .getRows()
    .map((r) =>
      r.map((v) =>
        v !== null && typeof v === 'object' && 'bytes' in v ? (v as { bytes: Uint8Array }).bytes : v,
      ),
    );
  conn.closeSync();
  instance.closeSync();
  return out;
}

function expectStored(stored: readonly unknown[][], rows: readonly Row[]): void {
  expect(stored).toHaveLength(rows.length);
  stored.forEach((got, r) => {
    const want = rows[r];
    expect(got.slice(0, 6)).toEqual(want.slice(0, 6));
    expect(got[6] === null ? null : Array.from(got[6] as Uint8Array)).toEqual(
      want[6] === null ? null : Array.from(want[6]),
    );
  });
}

describe('ChunkRows', () => {
  it('stores every value and NULL of every kind, across several chunks and a partial last one', async () => {
    const rows = randomRows(5000, 3); // 2,048 rows per chunk: two full chunks and a partial one
    expectStored(await roundTrip([rows]), rows);
  });

  it('reuses released chunks without their old values or NULLs, and drops discarded rows', async () => {
    // the second batch's chunks are the first's, reset: its NULLs fall where the first had values and back
    const first = randomRows(3000, 5);
    const second = randomRows(4100, 6);
    const abandoned = randomRows(2100, 7); // fills a chunk and starts another before being discarded
    expectStored(await roundTrip([first, second], abandoned), [...first, ...second]);
  });

  it('maps the SQL types of the staging tables to kinds, and refuses one it cannot carry', () => {
    expect(COLUMNS.map(([, t]) => chunkKindOfSql(t))).toEqual([
      'int',
      'long',
      'float',
      'double',
      'boolean',
      'string',
      'blob',
    ]);
    expect(() => chunkKindOfSql('DATE')).toThrow(/no chunk column kind for the SQL type DATE/);
  });

  it('refuses a value of the wrong kind, a row too short or too long, and taking a partial row', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    await conn.run('CREATE TABLE t (a INTEGER, s VARCHAR)');
    const rows = new ChunkRows(['int', 'string']);
    expect(() => rows.string('x')).toThrow(/column 0 holds int values, not string/);
    expect(() => rows.int(2 ** 31)).toThrow(/2147483648 is not a 32-bit integer/);
    expect(() => rows.int(1.5)).toThrow(/not a 32-bit integer/);
    const wide = new ChunkRows(['long']);
    expect(() => wide.long(2n ** 63n)).toThrow(/9223372036854775808 is outside BIGINT/);
    rows.int(1);
    expect(() => rows.endRow()).toThrow(/row 0 has 1 values, not 2/);
    expect(() => rows.take()).toThrow(/row 0 is not ended/);
    rows.string('a');
    expect(() => rows.int(2)).toThrow(/row 0 has more than 2 values/);
    rows.endRow();
    appendChunks(await conn.createAppender('t'), rows.take());
    const reader = await conn.runAndReadAll('SELECT a, s FROM t');
    expect(reader.getRows()).toEqual([[1, 'a']]);
    conn.closeSync();
    instance.closeSync();
  });
});
