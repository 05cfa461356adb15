import { describe, expect, it } from 'vitest';
import { type Catalog, EMPTY_CATALOG, type PartEntry } from '../data/index.js';
import { PartMemo } from './part-memo.js';

const part = (id: string): PartEntry => ({
  id,
  nights: [],
  rows: { alerts: 0, upperlim: 0, cutouts: 0 },
  cutouts: [],
  createdAt: '',
});
const catalog = (version: number, ids: string[]): Catalog => ({
  ...EMPTY_CATALOG,
  version,
  parts: ids.map(part),
});

describe('PartMemo', () => {
  it('computes a part once while it is published, shared by concurrent callers', async () => {
    const computed: string[] = [];
    const memo = new PartMemo(async (p) => {
      computed.push(p.id);
      return p.id.toUpperCase();
    });
    const v1 = catalog(1, ['a', 'b']);
    const values = await Promise.all([
      memo.get(v1, v1.parts[0]),
      memo.get(v1, v1.parts[0]),
      memo.get(v1, v1.parts[1]),
    ]);
    expect(values).toEqual(['A', 'A', 'B']);
    const v2 = catalog(2, ['b', 'c']); // a dropped, c new
    expect(await memo.get(v2, v2.parts[0])).toBe('B');
    expect(await memo.get(v2, v2.parts[1])).toBe('C');
    expect(computed).toEqual(['a', 'b', 'c']);
    expect(memo.size).toBe(2);
  });

  it('forgets a failed computation', async () => {
    let calls = 0;
    const memo = new PartMemo(async () => {
      calls++;
      if (calls === 1) throw new Error('read failed');
      return calls;
    });
    const v1 = catalog(1, ['a']);
    await expect(memo.get(v1, v1.parts[0])).rejects.toThrow('read failed');
    expect(await memo.get(v1, v1.parts[0])).toBe(2);
  });
});
