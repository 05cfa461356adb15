import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type FitsCard, FitsError, writeFitsBinTable } from '../fits/index.js';
import { nestToRing } from '../sky/index.js';
import { cellAreaSr, uniqOf } from './skymap.js';
import { readSkymap, skymapT0Jd } from './skymap-read.js';

/** Probability of NESTED pixel p of an order-2 map (192 pixels), normalised. */
const PROB = Float64Array.from({ length: 192 }, (_, p) => ((p * 29) % 192) + 1);
const TOTAL = PROB.reduce((a, b) => a + b, 0);
PROB.forEach((v, p) => {
  PROB[p] = v / TOTAL;
});

const CARDS: FitsCard[] = [
  { keyword: 'PIXTYPE', value: 'HEALPIX' },
  { keyword: 'NSIDE', value: 4 },
  { keyword: 'INDXSCHM', value: 'IMPLICIT' },
  { keyword: 'OBJECT', value: 'G364600' },
  { keyword: 'DATE-OBS', value: '2020-02-19T09:44:15.197173' },
];

function flatFile(ordering: 'NESTED' | 'RING', repeat = 1): Uint8Array {
  const values = new Float64Array(192);
  PROB.forEach((v, nest) => {
    values[ordering === 'RING' ? nestToRing(2, nest) : nest] = v;
  });
  return writeFitsBinTable({
    columns: [
      { name: 'PROB', type: 'D', repeat, unit: 'pix-1', values },
      { name: 'DISTMU', type: 'E', repeat, values: new Float64Array(192).fill(100) },
    ],
    cards: [{ keyword: 'ORDERING', value: ordering }, ...CARDS],
  });
}

describe('readSkymap, flat maps', () => {
  it('reads a NESTED map (plain or gzip) with its t0 and OBJECT', () => {
    for (const bytes of [flatFile('NESTED'), gzipSync(flatFile('NESTED'))]) {
      const map = readSkymap(bytes);
      expect(map.flatOrder).toBe(2);
      expect(map.ordering).toBe('NESTED');
      expect(Array.from(map.prob)).toEqual(Array.from(PROB));
      expect(map.objectName).toBe('G364600');
      // 2020-02-19T09:44:15.197173 UTC = MJD 58898.40573144879 (the MJD-OBS card of the real file).
      expect(map.t0Jd).toBeCloseTo(58898.40573144879 + 2400000.5, 9);
    }
  });

  it('reorders a RING map to NESTED, and reads PROB written 16 values per row', () => {
    expect(Array.from(readSkymap(flatFile('RING')).prob)).toEqual(Array.from(PROB));
    expect(readSkymap(flatFile('RING')).ordering).toBe('RING');
    expect(Array.from(readSkymap(flatFile('NESTED', 16)).prob)).toEqual(Array.from(PROB));
  });

  it('rejects maps without ORDERING, with explicit indexing or a wrong pixel count', () => {
    const noOrdering = writeFitsBinTable({ columns: [{ name: 'PROB', type: 'D', values: PROB }] });
    expect(() => readSkymap(noOrdering)).toThrow(/ORDERING/);
    const explicit = writeFitsBinTable({
      columns: [{ name: 'PROB', type: 'D', values: PROB }],
      cards: [
        { keyword: 'ORDERING', value: 'NESTED' },
        { keyword: 'INDXSCHM', value: 'EXPLICIT' },
      ],
    });
    expect(() => readSkymap(explicit)).toThrow(/EXPLICIT/);
    const short = writeFitsBinTable({
      columns: [{ name: 'PROB', type: 'D', values: PROB.subarray(0, 100) }],
      cards: [{ keyword: 'ORDERING', value: 'NESTED' }],
    });
    expect(() => readSkymap(short)).toThrow(FitsError);
  });
});

describe('readSkymap, multi-order maps', () => {
  it('reads UNIQ/PROBDENSITY cells into sky order with probability = density × area', () => {
    // Face 0 as four order-1 cells, faces 1..11 whole, listed out of order.
    const uniq = [
      ...[11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((f) => uniqOf(0, f)),
      ...[0, 1, 2, 3].map((p) => uniqOf(1, p)),
    ];
    const density = uniq.map(() => 1 / (4 * Math.PI));
    const bytes = writeFitsBinTable({
      columns: [
        { name: 'UNIQ', type: 'K', values: uniq.map(BigInt) },
        { name: 'PROBDENSITY', type: 'D', unit: 'sr-1', values: density },
      ],
      cards: [
        { keyword: 'ORDERING', value: 'NUNIQ' },
        { keyword: 'MJD-OBS', value: 60991.63802503985 },
      ],
    });
    const map = readSkymap(bytes);
    expect(map.ordering).toBe('NUNIQ');
    expect(map.flatOrder).toBeNull();
    expect(Array.from(map.orders)).toEqual([1, 1, 1, 1, ...Array(11).fill(0)]);
    expect(map.prob[0]).toBeCloseTo(cellAreaSr(1) / (4 * Math.PI), 15);
    expect(map.prob.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect(map.t0Jd).toBe(60991.63802503985 + 2400000.5);
  });
});

describe('skymapT0Jd', () => {
  it('prefers MJD-OBS, parses DATE-OBS to the microsecond, and returns null without either', () => {
    expect(skymapT0Jd(new Map([['MJD-OBS', 58898.5]]))).toBe(2458899);
    expect(skymapT0Jd(new Map([['DATE-OBS', '2020-02-19T12:00:00']]))).toBe(2458899);
    expect(skymapT0Jd(new Map([['DATE-OBS', '2020-02-19T12:00:00.000500']]))).toBeCloseTo(
      2458899 + 0.0005 / 86400,
      9, // 5e-10 d = 43 µs, a tenth of the 0.5 ms fraction
    );
    expect(skymapT0Jd(new Map([['DATE-OBS', 'yesterday']]))).toBeNull();
    expect(skymapT0Jd(new Map())).toBeNull();
  });
});
