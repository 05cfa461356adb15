import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { readParquet } from '../../test/support/table-readers.js';
import { EMPTY_PARQUET_COLUMN, encodeParquet } from './parquet.js';
import { tableColumns } from './table-columns.js';

const parquet = (rows: Record<string, unknown>[], columns?: string[]) =>
  encodeParquet(rows, tableColumns(rows, columns));

const leftovers = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('skyalert-parquet-'));

describe('encodeParquet', () => {
  it('keeps API column names and catalogue types, with exact 64-bit ids', async () => {
    const bytes = await parquet([
      {
        'i:objectId': 'ZTF19acihgng',
        'i:candid': 1060135832015015002n,
        'i:jd': 2458814.6358218,
        'i:magpsf': Math.fround(18.59),
        'i:fid': 2,
        'd:from_upper': true,
        'v:classification': 'SN candidate',
      },
    ]);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('PAR1');
    const { columns, rows } = await readParquet(bytes);
    expect(columns).toEqual([
      { name: 'i:objectId', type: 'VARCHAR' },
      { name: 'i:candid', type: 'BIGINT' },
      { name: 'i:jd', type: 'DOUBLE' },
      { name: 'i:magpsf', type: 'FLOAT' },
      { name: 'i:fid', type: 'INTEGER' },
      { name: 'd:from_upper', type: 'BOOLEAN' },
      { name: 'v:classification', type: 'VARCHAR' },
    ]);
    expect(rows[0]).toEqual({
      'i:objectId': 'ZTF19acihgng',
      'i:candid': 1060135832015015002n,
      'i:jd': 2458814.6358218,
      'i:magpsf': Math.fround(18.59),
      'i:fid': 2,
      'd:from_upper': true,
      'v:classification': 'SN candidate',
    });
  });

  it('writes NaN and missing keys as null, and the union of the keys of all rows', async () => {
    const { columns, rows } = await readParquet(
      await parquet([
        { 'i:jd': 2.5, 'v:rate': Number.NaN, 'd:tag': 'valid' },
        { 'i:jd': 1.5, 'i:diffmaglim': Math.fround(20.25), 'd:tag': 'upperlim', 'i:candid': -1n },
      ]),
    );
    expect(columns.map((c) => c.name)).toEqual(['i:jd', 'v:rate', 'd:tag', 'i:diffmaglim', 'i:candid']);
    expect(rows).toEqual([
      { 'i:jd': 2.5, 'v:rate': null, 'd:tag': 'valid', 'i:diffmaglim': null, 'i:candid': null },
      { 'i:jd': 1.5, 'v:rate': null, 'd:tag': 'upperlim', 'i:diffmaglim': 20.25, 'i:candid': -1n },
    ]);
  });

  it('writes cutout stamps as DOUBLE[][] (NaN pixels null, unreadable stamps [])', async () => {
    const { columns, rows } = await readParquet(
      await parquet([
        {
          'b:cutoutDifference_stampData': [
            [1, 2],
            [Number.NaN, 4.5],
          ],
        },
        { 'b:cutoutDifference_stampData': [] },
      ]),
    );
    expect(columns).toEqual([{ name: 'b:cutoutDifference_stampData', type: 'DOUBLE[][]' }]);
    expect(rows[0]['b:cutoutDifference_stampData']).toEqual([
      [1, 2],
      [null, 4.5],
    ]);
    expect(rows[1]['b:cutoutDifference_stampData']).toEqual([]);
  });

  it('types unknown columns from their values, and falls back when values do not fit the catalogue', async () => {
    const { columns, rows } = await readParquet(
      await parquet([{ count: 3, mean: 1.25, name: 'x', 'i:fid': 'g', 'i:ra': 10n ** 20n }]),
    );
    expect(columns).toEqual([
      { name: 'count', type: 'BIGINT' },
      { name: 'mean', type: 'DOUBLE' },
      { name: 'name', type: 'VARCHAR' },
      { name: 'i:fid', type: 'VARCHAR' },
      { name: 'i:ra', type: 'VARCHAR' },
    ]);
    expect(rows[0]).toEqual({
      count: 3n,
      mean: 1.25,
      name: 'x',
      'i:fid': 'g',
      'i:ra': '100000000000000000000',
    });
  });

  it('writes an empty result with the hinted columns, or one placeholder column', async () => {
    const hinted = await readParquet(await parquet([], ['i:objectId', 'i:candid']));
    expect(hinted.columns).toEqual([
      { name: 'i:objectId', type: 'VARCHAR' },
      { name: 'i:candid', type: 'BIGINT' },
    ]);
    expect(hinted.rows).toEqual([]);
    const bare = await readParquet(await parquet([]));
    expect(bare.columns).toEqual([{ name: EMPTY_PARQUET_COLUMN, type: 'VARCHAR' }]);
  });

  it('keeps concurrent requests apart and leaves no temporary file behind', async () => {
    const before = leftovers();
    const jobs = Array.from({ length: 24 }, (_, k) =>
      parquet(Array.from({ length: 50 + k }, (_, i) => ({ 'i:candid': BigInt(k * 1000 + i), k }))),
    );
    const files = await Promise.all(jobs);
    for (const [k, bytes] of files.entries()) {
      const { rows } = await readParquet(bytes);
      expect(rows).toHaveLength(50 + k);
      expect(rows.every((r, i) => r['i:candid'] === BigInt(k * 1000 + i) && r.k === BigInt(k))).toBe(true);
    }
    expect(leftovers()).toEqual(before);
  });
});
