import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { Prng } from '../../compute/sim/prng.js';
import { ChunkAppender, type ChunkColumnKind, chunkKindOfSql } from './chunk-appender.js';

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

async function roundTrip(rows: readonly Row[]): Promise<unknown[][]> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  await conn.run(`CREATE TABLE t (k INTEGER, ${COLUMNS.map(([n, t]) => `${n} ${t}`).join(', ')})`);
  const kinds: ChunkColumnKind[] = ['int', ...COLUMNS.map(([, t]) => chunkKindOfSql(t))];
  const app = new ChunkAppender(await conn.createAppender('t'), kinds);
  rows.forEach((row, k) => {
    app.int(k);
    app.int(row[0]);
    app.long(row[1]);
    app.float(row[2]);
    app.double(row[3]);
    app.boolean(row[4]);
    app.string(row[5]);
    app.blob(row[6]);
    app.endRow();
  });
  app.close();
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

describe('ChunkAppender', () => {
  it('stores every value and NULL of every kind, across several chunks and a partial last one', async () => {
    const rows = randomRows(5000, 3); // 2,048 rows per chunk: two full chunks and a partial one
    const stored = await roundTrip(rows);
    expect(stored).toHaveLength(rows.length);
    stored.forEach((got, r) => {
      const want = rows[r];
      expect(got.slice(0, 6)).toEqual(want.slice(0, 6));
      expect(got[6] === null ? null : Array.from(got[6] as Uint8Array)).toEqual(
        want[6] === null ? null : Array.from(want[6]),
      );
    });
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

  it('refuses a value of the wrong kind, a row too short or too long, and flushing a partial row', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    await conn.run('CREATE TABLE t (a INTEGER, s VARCHAR)');
    const app = new ChunkAppender(await conn.createAppender('t'), ['int', 'string']);
    expect(() => app.string('x')).toThrow(/column 0 holds int values, not string/);
    expect(() => app.int(2 ** 31)).toThrow(/2147483648 is not a 32-bit integer/);
    expect(() => app.int(1.5)).toThrow(/not a 32-bit integer/);
    await conn.run('CREATE TABLE w (l BIGINT)');
    const wide = new ChunkAppender(await conn.createAppender('w'), ['long']);
    expect(() => wide.long(2n ** 63n)).toThrow(/9223372036854775808 is outside BIGINT/);
    app.int(1);
    expect(() => app.endRow()).toThrow(/row 0 has 1 values, not 2/);
    expect(() => app.flush()).toThrow(/row 0 is not ended/);
    app.string('a');
    expect(() => app.int(2)).toThrow(/row 0 has more than 2 values/);
    app.endRow();
    app.close();
    const reader = await conn.runAndReadAll('SELECT a, s FROM t');
    expect(reader.getRows()).toEqual([[1, 'a']]);
    conn.closeSync();
    instance.closeSync();
  });
});
