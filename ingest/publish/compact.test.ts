/** The compaction plan over hand-built catalogs: which parts of which month are merged, and when. */
import { describe, expect, it } from 'vitest';
import { type Catalog, EMPTY_CATALOG, type PartEntry } from '../../data/index.js';
import { NIGHTS_PER_MERGE, planCompaction, RECENT_NIGHTS_KEPT } from './compact.js';

function part(id: string, nights: number[]): PartEntry {
  return {
    id,
    nights,
    rows: { alerts: 1, upperlim: 0, cutouts: 1 },
    cutouts: nights.map((night) => ({ night, part: id })),
    createdAt: '2024-01-01T00:00:00Z',
  };
}

/** One single-night part per night of `days` (1-based days of the month `month`, YYYYMM). */
function nightParts(month: number, days: number[]): PartEntry[] {
  return days.map((d) => part(`n${month * 100 + d}`, [month * 100 + d]));
}

const catalogOf = (parts: PartEntry[]): Catalog => ({ ...EMPTY_CATALOG, version: 1, parts });
const planned = (catalog: Catalog, ...rest: [number?, number[]?]) =>
  planCompaction(catalog, ...rest).map((g) => g.map((p) => p.id).sort());
const days = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('planCompaction', () => {
  it('merges nothing while a month in progress has fewer old nights than a merge takes', () => {
    // ten nights of one month: the last 7 are recent, 3 are old
    const catalog = catalogOf(nightParts(202402, days(1, 10)));
    expect(RECENT_NIGHTS_KEPT).toBe(7);
    expect(planned(catalog)).toEqual([]);
  });

  it("merges a week of a month in progress, and leaves the recent nights and the month's merged part alone", () => {
    const old = nightParts(202402, days(8, 8 + NIGHTS_PER_MERGE - 1));
    const recent = nightParts(202402, days(20, 26));
    const merged = part(
      'm202402-a',
      days(1, 7).map((d) => 20240200 + d),
    );
    const plan = planned(catalogOf([merged, ...old, ...recent]));
    expect(plan).toEqual([old.map((p) => p.id).sort()]);
    // one old night fewer: no merge yet
    expect(planned(catalogOf([merged, ...old.slice(1), ...recent]))).toEqual([]);
  });

  it('merges every part of a month once none of its nights is recent', () => {
    const feb = [part('m202402-a', [20240201, 20240202]), ...nightParts(202402, [3, 28, 29])];
    const march = nightParts(202403, days(1, 7));
    expect(planned(catalogOf([...feb, ...march]))).toEqual([feb.map((p) => p.id).sort()]);
    // a complete month already in one part is left alone
    const done = part('m202402-b', [20240201, 20240202, 20240203, 20240228, 20240229]);
    expect(planned(catalogOf([done, ...march]))).toEqual([]);
  });

  it('counts nights queued for publication as recent, and leaves a part holding one alone', () => {
    const feb = nightParts(202402, [27, 28, 29]);
    const march = nightParts(202403, days(1, 7));
    // the queued night 20240308 pushes 20240301 out of the recent seven, which does not complete February...
    expect(planned(catalogOf([...feb, ...march]), 7, [20240308])).toEqual([feb.map((p) => p.id).sort()]);
    // ...while republishing 20240229 holds February open, and its part is not merged
    expect(planned(catalogOf([...feb, ...march]), 7, [20240229])).toEqual([]);
    // (with no recent nights kept, March is complete and merged; February still waits)
    expect(planned(catalogOf([...feb, ...march]), 0, [20240229])).toEqual([march.map((p) => p.id).sort()]);
  });

  it('leaves a part spanning two months alone', () => {
    const spanning = part('x', [20240229, 20240301]);
    const march = nightParts(202403, days(10, 16));
    expect(planned(catalogOf([spanning, ...nightParts(202402, [1, 2]), ...march]), 7)).toEqual([
      ['n20240201', 'n20240202'],
    ]);
  });
});
