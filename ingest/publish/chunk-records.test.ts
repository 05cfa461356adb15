/**
 * Records encoded from DuckDB result chunks: the same bytes the value-by-value writer writes for the rows' values
 * (every scalar type, nulls in both union orders, texts inline and behind a pointer, 64-bit extremes), runs of
 * equal keys kept whole across chunk boundaries, and a null where the schema has none refused.
 */
import { DuckDBBlobValue, type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ByteSink, FlatRecordWriter } from '../../data/index.js';
import { ChunkRecords } from './chunk-records.js';

const RECORD = FlatRecordWriter.fromSchema({
  fields: [
    { name: 'd', type: 'double' },
    { name: 'f', type: ['null', 'float'] },
    { name: 'n', type: ['int', 'null'] },
    { name: 'l', type: 'long' },
    { name: 's', type: ['null', 'string'] },
    { name: 'b', type: ['null', 'bytes'] },
    { name: 'z', type: ['boolean', 'null'] },
  ],
}).fields;

/** 5,000 rows in runs of 5 keys (2,048-row chunks cut runs), short keys then keys too long to be inline. */
const ROWS = `
  SELECT CASE WHEN i < 3000 THEN 'ZTF' || lpad((i // 5)::VARCHAR, 9, '0')
              ELSE 'a key longer than twelve bytes, é ' || lpad((i // 5)::VARCHAR, 6, '0') END AS key,
         (i * 1.000001 - 3000.25)::DOUBLE AS d,
         CASE WHEN i % 11 = 0 THEN NULL ELSE (i / 7.0)::FLOAT END AS f,
         CASE WHEN i % 13 = 0 THEN NULL WHEN i = 1 THEN -2147483648 WHEN i = 2 THEN 2147483647
              ELSE (i - 2500) * 859 END::INTEGER AS n,
         CASE i % 3 WHEN 0 THEN -i * 1000000000007 WHEN 1 THEN 9223372036854775807 - i
                    ELSE -9223372036854775807 + i END::BIGINT AS l,
         CASE i % 4 WHEN 0 THEN NULL WHEN 1 THEN 't' WHEN 2 THEN 'a longer text, é ü ' || i ELSE '' END AS s,
         CASE WHEN i % 5 = 0 THEN NULL ELSE '\\xAA\\x00\\xFF'::BLOB || encode(repeat('z', i % 20)) END AS b,
         CASE WHEN i % 17 = 0 THEN NULL ELSE i % 2 = 0 END AS z
  FROM range(5000) t(i) ORDER BY key, i`;

let instance: DuckDBInstance;
let conn: DuckDBConnection;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
});

afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

describe('records from result chunks', () => {
  it('writes what the value-by-value writer writes, in runs of equal keys', async () => {
    const result = await conn.run(ROWS);
    ChunkRecords.check(RECORD, result.columnNames(), result.columnTypes());
    expect(result.chunkCount).toBeGreaterThan(2);
    const records = new ChunkRecords(RECORD);
    for (let c = 0; c < result.chunkCount; c++) records.add(result.getChunk(c));

    // the expected runs and bytes, from the rows' JavaScript values
    const writer = new FlatRecordWriter(RECORD);
    const expected = new ByteSink(64);
    const keys: string[] = [];
    const counts: number[] = [];
    for (const [key, ...values] of (await conn.runAndReadAll(ROWS)).getRows()) {
      if (keys[keys.length - 1] !== key) {
        keys.push(key as string);
        counts.push(0);
      }
      counts[counts.length - 1]++;
      writer.writeValues(
        values.map((v) => (v instanceof DuckDBBlobValue ? v.bytes : v)),
        expected,
      );
    }
    expect(records.keys).toEqual(keys);
    expect(records.counts).toEqual(counts);
    expect(keys).toHaveLength(1000);
    expect(records.ends[records.ends.length - 1]).toBe(expected.pos);
    expect(Buffer.compare(Buffer.from(records.sink.view()), Buffer.from(expected.view()))).toBe(0);
    // each run's range holds its own records: the first run's are its five rows' bytes
    const first = new ByteSink(64);
    const firstRows = (await conn.runAndReadAll(`SELECT * FROM (${ROWS}) LIMIT 5`)).getRows();
    for (const [, ...values] of firstRows) {
      writer.writeValues(
        values.map((v) => (v instanceof DuckDBBlobValue ? v.bytes : v)),
        first,
      );
    }
    expect(records.start(0)).toBe(0);
    expect(records.ends[0]).toBe(first.pos);
    expect(records.start(1)).toBe(first.pos);
  });

  it('refuses a null in a field that is not nullable, keeping the rows before it', async () => {
    const sql = `SELECT 'k' || (i // 2) AS key, CASE WHEN i = 4 THEN NULL ELSE i * 0.5 END::DOUBLE AS d,
                        NULL::FLOAT AS f, 1 AS n, i::BIGINT AS l, NULL::VARCHAR AS s, NULL::BLOB AS b, true AS z
                 FROM range(6) t(i) ORDER BY i`;
    const result = await conn.run(sql);
    ChunkRecords.check(RECORD, result.columnNames(), result.columnTypes());
    const records = new ChunkRecords(RECORD);
    expect(() => records.add(result.getChunk(0))).toThrow(/field d \(double\) cannot hold null/);
    // rows 0-3 kept (keys k0, k1), nothing of row 4 (not even its key k2)
    expect(records.keys).toEqual(['k0', 'k1']);
    expect(records.counts).toEqual([2, 2]);
    expect(records.sink.pos).toBe(records.ends[1]);
  });

  it('refuses a result whose columns do not hold the record', async () => {
    const result =
      await conn.run(`SELECT 'k' AS key, 1.5::FLOAT AS d, NULL::FLOAT AS f, 1 AS n, 2::BIGINT AS l,
                                          NULL::VARCHAR AS s, NULL::BLOB AS b, true AS z`);
    expect(() => ChunkRecords.check(RECORD, result.columnNames(), result.columnTypes())).toThrow(
      /column d is FLOAT, not DOUBLE/,
    );
    const short = await conn.run(`SELECT 'k' AS key, 1.5::DOUBLE AS d`);
    expect(() => ChunkRecords.check(RECORD, short.columnNames(), short.columnTypes())).toThrow(/2 columns/);
  });
});
