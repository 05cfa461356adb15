import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FitsError, readFitsHeader } from './fits-reader.js';
import { type FitsBinTable, readFitsBinTable } from './fits-table.js';
import { writeFitsBinTable } from './fits-table-writer.js';
import { formatCard } from './fits-writer.js';

const TABLE = writeFitsBinTable({
  columns: [
    { name: 'UNIQ', type: 'K', values: [4n, 2n ** 60n + 7n, -1n] },
    { name: 'PROBDENSITY', type: 'D', unit: 'sr-1', values: [0.5, 1e-300, Math.PI] },
    { name: 'PROB', type: 'E', repeat: 2, values: [1, 2, 3, 4, 5, 6] },
    { name: 'FLAG', type: 'J', values: [-7, 0, 2 ** 31 - 1] },
    { name: 'SMALL', type: 'I', values: [-300, 1, 2] },
    { name: 'BYTE', type: 'B', values: [0, 255, 9] },
  ],
  cards: [{ keyword: 'ORDERING', value: 'NUNIQ' }],
});

/** The values of a column as an array (bigint for K columns). */
function valuesOf(table: FitsBinTable, name: string): (number | bigint)[] {
  const values = table.columns.get(name)?.values;
  if (values === undefined) throw new Error(`no column ${name}`);
  return values instanceof BigInt64Array ? Array.from(values) : Array.from(values);
}

describe('writeFitsBinTable + readFitsBinTable', () => {
  it('round-trips every numeric type, repeat counts and 64-bit integers beyond 2^53', () => {
    const table = readFitsBinTable(TABLE);
    expect(table.rowCount).toBe(3);
    expect(table.header.get('ORDERING')).toBe('NUNIQ');
    expect(valuesOf(table, 'UNIQ')).toEqual([4n, 2n ** 60n + 7n, -1n]);
    const density = table.columns.get('PROBDENSITY');
    expect(density?.unit).toBe('sr-1');
    expect(valuesOf(table, 'PROBDENSITY')).toEqual([0.5, 1e-300, Math.PI]);
    const prob = table.columns.get('PROB');
    expect(prob?.repeat).toBe(2);
    expect(valuesOf(table, 'PROB')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(valuesOf(table, 'FLAG')).toEqual([-7, 0, 2 ** 31 - 1]);
    expect(valuesOf(table, 'SMALL')).toEqual([-300, 1, 2]);
    expect(valuesOf(table, 'BYTE')).toEqual([0, 255, 9]);
  });

  it('decodes only the requested columns, case-insensitively, and reads gzip', () => {
    const table = readFitsBinTable(gzipSync(TABLE), { columns: ['probdensity'] });
    expect([...table.columns.keys()]).toEqual(['PROBDENSITY']);
    expect(table.columns.get('PROBDENSITY')?.name).toBe('PROBDENSITY');
  });

  it('pads both HDUs to 2880-byte blocks, the extension header starting with XTENSION', () => {
    expect(TABLE.length % 2880).toBe(0);
    const primary = readFitsHeader(TABLE);
    expect(primary.header.get('NAXIS')).toBe(0);
    const extension = readFitsHeader(TABLE, primary.dataOffset);
    expect(extension.header.get('XTENSION')).toBe('BINTABLE');
    expect(extension.header.get('NAXIS1')).toBe(8 + 8 + 8 + 4 + 2 + 1);
  });
});

/** Patches header cards of the extension (second 2880-byte block) of TABLE. */
function withExtraCards(cards: string[]): Uint8Array {
  const bytes = TABLE.slice();
  const text = new TextDecoder('latin1').decode(bytes.subarray(2880, 5760));
  const end = text.indexOf('END     ');
  const patched = text.slice(0, end) + cards.join('') + 'END'.padEnd(80);
  for (let i = 0; i < patched.length; i++) bytes[2880 + i] = patched.charCodeAt(i);
  return bytes;
}

describe('scaling and errors', () => {
  it('applies TSCAL/TZERO and maps TNULL to NaN on integer columns', () => {
    const bytes = withExtraCards([
      formatCard('TSCAL4', 0.5),
      formatCard('TZERO4', 10),
      formatCard('TNULL4', 0),
    ]);
    const flag = readFitsBinTable(bytes, { columns: ['FLAG'] }).columns.get('FLAG');
    expect(flag?.values[0]).toBe(6.5);
    expect(Number.isNaN(flag?.values[1])).toBe(true);
  });

  it('rejects a missing column, a scaled K column, a file without table and a truncated table', () => {
    expect(() => readFitsBinTable(TABLE, { columns: ['PROB', 'DISTMU'] })).toThrow(/no column DISTMU/);
    expect(() => readFitsBinTable(withExtraCards([formatCard('TZERO1', 1)]))).toThrow(FitsError);
    expect(() => readFitsBinTable(TABLE.subarray(0, 2880))).toThrow(/no BINTABLE/);
    expect(() => readFitsBinTable(TABLE.subarray(0, 5760 + 10))).toThrow(/truncated/);
  });
});
