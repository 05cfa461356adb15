import { describe, expect, it } from 'vitest';
import { type ObjectLocator, ObjectLocatorBuilder } from './object-locator.js';

/** One row of an object index, as read from its parquet file. */
interface ObjectIndexRow {
  readonly objectId: string;
  readonly part: string;
  readonly blockOffset: number;
  readonly blockLength: number;
}

/** A locator of rows in any order: sorted bytewise by id then by part (as DuckDB sorts), then fed in. */
function buildFromAnyOrder(rows: readonly ObjectIndexRow[], knownParts: ReadonlySet<string>): ObjectLocator {
  const encoded = rows.map((r) => Buffer.from(r.objectId, 'utf8'));
  const order = rows.map((_, i) => i);
  order.sort((a, b) => Buffer.compare(encoded[a], encoded[b]) || (rows[a].part < rows[b].part ? -1 : 1));
  const builder = new ObjectLocatorBuilder(knownParts);
  for (const i of order)
    builder.add(rows[i].objectId, rows[i].part, rows[i].blockOffset, rows[i].blockLength);
  return builder.finish();
}

const row = (objectId: string, part: string, blockOffset = 0, blockLength = 10): ObjectIndexRow => ({
  objectId,
  part,
  blockOffset,
  blockLength,
});

describe('ObjectLocator', () => {
  // unsorted on purpose, one object in two parts, one part unknown to the catalog
  const rows: ObjectIndexRow[] = [
    row('ZTF19acihgng', 'n2', 4096, 300),
    row('ZTF18aaadweo', 'n1', 0, 120),
    row('ZTF19acihgng', 'n1', 120, 200),
    row('ZTF19acxxwrs', 'n3', 0, 80),
    row('ZTF19aaaaaaa', 'gone', 0, 1),
    row('ZTF20abcdefg', 'n2', 4396, 50),
  ];
  const locator = buildFromAnyOrder(rows, new Set(['n1', 'n2', 'n3']));

  it('finds an exact id in every part holding it, with its block, parts sorted', () => {
    expect(locator.find('ZTF19acihgng', true)).toEqual([
      { objectId: 'ZTF19acihgng', part: 'n1', offset: 120, length: 200 },
      { objectId: 'ZTF19acihgng', part: 'n2', offset: 4096, length: 300 },
    ]);
  });

  it('drops parts unknown to the catalog', () => {
    expect(locator.find('ZTF19acxxwrs', true)).toEqual([
      { objectId: 'ZTF19acxxwrs', part: 'n3', offset: 0, length: 80 },
    ]);
    expect(locator.find('ZTF19aaaaaaa', true)).toEqual([]);
    expect(locator.objectCount).toBe(4);
  });

  it('answers unknown ids and ids between known ones with nothing', () => {
    expect(locator.find('ZTF99zzzzzzz', true)).toEqual([]);
    expect(locator.find('ZTF00aaaaaaa', true)).toEqual([]);
    expect(locator.find('ZTF19acihgn', true)).toEqual([]);
  });

  it('finds every object of a prefix, in id order', () => {
    expect(locator.find('ZTF19', false).map((r) => `${r.objectId}/${r.part}`)).toEqual([
      'ZTF19acihgng/n1',
      'ZTF19acihgng/n2',
      'ZTF19acxxwrs/n3',
    ]);
    expect(locator.find('ZTF', false)).toHaveLength(5);
    // one object at a time, each with every part holding it
    const first = locator.matching('ZTF', false);
    expect(first.next().value?.map((r) => `${r.objectId}/${r.part}`)).toEqual(['ZTF18aaadweo/n1']);
    expect(first.next().value?.map((r) => `${r.objectId}/${r.part}`)).toEqual([
      'ZTF19acihgng/n1',
      'ZTF19acihgng/n2',
    ]);
    expect([...locator.matching('ZTF19acihgng', true)]).toEqual([locator.find('ZTF19acihgng', true)]);
    expect(locator.find('ZTF21', false)).toEqual([]);
  });

  it('agrees with a linear scan on many random ids (bytewise order, as DuckDB sorts)', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const ids = Array.from({ length: 2000 }, () =>
      Array.from({ length: 4 + Math.floor(random() * 4) }, () => letters[Math.floor(random() * 26)]).join(''),
    );
    const big = buildFromAnyOrder(
      ids.map((id, i) => row(id, `p${i % 3}`, i, 1)),
      new Set(['p0', 'p1', 'p2']),
    );
    for (const probe of [...ids.slice(0, 200), 'zzzz', 'a', 'mm', 'qq']) {
      const expectedExact = ids.flatMap((id, i) => (id === probe ? [i] : [])).sort((a, b) => a - b);
      const gotExact = big.find(probe, true).map((r) => r.offset);
      expect([...gotExact].sort((a, b) => a - b)).toEqual(expectedExact);
      const expectedPrefix = ids.filter((id) => id.startsWith(probe)).length;
      expect(big.find(probe, false)).toHaveLength(expectedPrefix);
    }
  });
});

describe('ObjectLocatorBuilder', () => {
  const sorted: ObjectIndexRow[] = [
    row('ZTF18aaadweo', 'n1', 0, 120),
    row('ZTF19acihgng', 'n1', 120, 200),
    row('ZTF19acihgng', 'n2', 4096, 300),
    row('ZTF19acxxwrs', 'gone', 0, 1),
    row('ZTF19acxxwrs', 'n3', 0, 80),
    row('ZTF20abcdefg', 'n2', 4396, 50),
  ];
  const feed = (rows: readonly ObjectIndexRow[]) => {
    const builder = new ObjectLocatorBuilder(new Set(['n1', 'n2', 'n3']));
    for (const r of rows) builder.add(r.objectId, r.part, r.blockOffset, r.blockLength);
    return builder;
  };

  it('gives, from rows in (objectId, part) order, the locator of the same rows sorted from any order', () => {
    const streamed = feed(sorted).finish();
    const built = buildFromAnyOrder([...sorted].reverse(), new Set(['n1', 'n2', 'n3']));
    expect(streamed.objectCount).toBe(4);
    for (const probe of ['ZTF', 'ZTF19', 'ZTF19acihgng', 'ZTF19acxxwrs', 'ZTF20abcdefg', 'ZTF21']) {
      expect(streamed.find(probe, false)).toEqual(built.find(probe, false));
      expect(streamed.find(probe, true)).toEqual(built.find(probe, true));
    }
    expect(streamed.find('ZTF19acihgng', true)[1]).toEqual({
      objectId: 'ZTF19acihgng',
      part: 'n2',
      offset: 4096,
      length: 300,
    });
  });

  it('grows past its first buffers (many rows, long ids)', () => {
    const builder = new ObjectLocatorBuilder(new Set(['p']));
    const ids = Array.from({ length: 40_000 }, (_, i) => `obj${String(i).padStart(8, '0')}${'x'.repeat(20)}`);
    ids.forEach((id, i) => {
      builder.add(id, 'p', i * 10, 10);
    });
    const locator = builder.finish();
    expect(locator.objectCount).toBe(40_000);
    expect(locator.find(ids[39_999], true)).toEqual([
      { objectId: ids[39_999], part: 'p', offset: 399_990, length: 10 },
    ]);
    expect(locator.find('obj0000001', false)).toHaveLength(10);
  });

  it('refuses rows out of order: an id before the previous one, or a part before the previous one', () => {
    expect(() => feed([sorted[1], sorted[0]])).toThrow(/out of order at ZTF18aaadweo/);
    expect(() => feed([sorted[2], sorted[1]])).toThrow(/out of order at ZTF19acihgng \(n1\)/);
  });
});
