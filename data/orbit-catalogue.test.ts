import { describe, expect, it } from 'vitest';
import {
  decodeNameIds,
  decodeOrbitRow,
  encodeNameIds,
  ORBIT_COLUMN_NAMES,
  ORBIT_TABLE_COLUMNS,
} from './orbit-catalogue.js';

describe('orbit catalogue lookup values', () => {
  it('name the columns of the orbit table, in its order', () => {
    const declared = [...ORBIT_TABLE_COLUMNS.matchAll(/^\s*(\w+)\s+(VARCHAR|INTEGER|DOUBLE)/gm)].map(
      (m) => m[1],
    );
    expect(declared).toEqual([...ORBIT_COLUMN_NAMES]);
  });

  it('round-trip the ids of a key, quotes and all', () => {
    const entries = [
      { id: '8467', packed: false },
      { id: 'C/2020 V2', packed: true },
      { id: 'odd "id" \\ é', packed: false },
    ];
    expect(decodeNameIds(JSON.parse(encodeNameIds(entries)))).toEqual(entries);
    expect(decodeNameIds(JSON.parse(encodeNameIds([])))).toEqual([]);
  });

  it('decode a row by column name', () => {
    const values = ORBIT_COLUMN_NAMES.map((c, i) => (c === 'number' ? null : i));
    const row = decodeOrbitRow(values);
    expect(row.id).toBe(0);
    expect(row.number).toBeNull();
    expect(row.source_file).toBe(ORBIT_COLUMN_NAMES.length - 1);
  });
});
