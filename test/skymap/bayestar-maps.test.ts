/**
 * The sky-map science on the two real BAYESTAR maps (flat HEALPix, NESTED, NSIDE 512, 3,145,728 pixels):
 * S200219ac (G364600) and G617545, read from test/data/skymaps.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeFitsBinTable } from '../../compute/fits/index.js';
import { nestToRing, pix2angNest } from '../../compute/sky/index.js';
import {
  type CredibleRegion,
  cellAreaSr,
  credibleRegion,
  credibleRegionRanges,
  DEG2_PER_SR,
  formatMocAscii,
  formatMocJson,
  isInCredibleRegion,
  mocAreaDeg2,
  mocCells,
  mocContains,
  mocFromCells,
  mocFromCredibleRegion,
  parseMocAscii,
  parseMocJson,
  probDensityAt,
  readSkymap,
  type Skymap,
  skymapT0Jd,
  uniqOf,
} from '../../compute/skymap/index.js';
import { testDataPath } from '../support/test-data.js';

const PIXEL_DEG2 = cellAreaSr(9) * DEG2_PER_SR; // 0.01311 deg² at NSIDE 512

interface Case {
  readonly file: string;
  readonly objectName: string;
  /** MJD-OBS card of the file. */
  readonly mjdObs: number;
}

const CASES: readonly Case[] = [
  { file: 'S200219ac_G364600_bayestar.fits.gz', objectName: 'G364600', mjdObs: 58898.40573144879 },
  { file: 'G617545_bayestar.fits.gz', objectName: 'G617545', mjdObs: 60991.63802503985 },
];

const loaded = new Map<string, { bytes: Uint8Array; map: Skymap; readMs: number }>();
function load(file: string) {
  let entry = loaded.get(file);
  if (entry === undefined) {
    const bytes = new Uint8Array(fs.readFileSync(testDataPath('skymaps', file)));
    const started = performance.now();
    const map = readSkymap(bytes);
    entry = { bytes, map, readMs: performance.now() - started };
    loaded.set(file, entry);
  }
  return entry;
}

/** The credible regions of the files' maps, computed once per map and level (a pass over 3 M pixels each). */
const regions = new Map<string, CredibleRegion>();
function regionOf(file: string, level: number): CredibleRegion {
  const key = `${file}|${level}`;
  let region = regions.get(key);
  if (region === undefined) {
    region = credibleRegion(load(file).map, level);
    regions.set(key, region);
  }
  return region;
}

/** Number of positions where two equally long arrays differ (vitest's deep equality is slow on 3 M items). */
function countDifferences(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

/**
 * Independent credible region: the raw PROB values in a full numeric sort (`sorted`: ascending typed-array
 * sort), walked from the densest end, counting pixels while the running sum is ≤ level. Equal-area pixels, so PROB ranks
 * like density.
 */
function pixelCountBySort(sorted: Float64Array, level: number): number {
  let sum = 0;
  let count = 0;
  for (let i = sorted.length - 1; i >= 0; i--) {
    sum += sorted[i];
    if (sum > level) break;
    count++;
  }
  return count;
}

describe.each(CASES)('BAYESTAR map $objectName', ({ file, objectName, mjdObs }) => {
  it('reads NSIDE 512 NESTED, OBJECT and t0 (MJD-OBS and DATE-OBS agree within 1 ms)', () => {
    const { map } = load(file);
    expect(map.flatOrder).toBe(9);
    expect(map.prob.length).toBe(3_145_728);
    expect(map.ordering).toBe('NESTED');
    expect(map.objectName).toBe(objectName);
    expect(map.t0Jd).toBe(mjdObs + 2400000.5);
    const dateObs = objectName === 'G364600' ? '2020-02-19T09:44:15.197173' : '2025-11-12T15:18:45.363443';
    const fromDate = skymapT0Jd(new Map([['DATE-OBS', dateObs]]));
    expect(Math.abs((fromDate ?? 0) - (map.t0Jd ?? 0)) * 86_400_000).toBeLessThan(1);
  });

  it('sums PROB to 1 (tolerance 1e-9) with no negative pixel', () => {
    const { map } = load(file);
    let sum = 0;
    let min = Infinity;
    for (const p of map.prob) {
      sum += p;
      min = Math.min(min, p);
    }
    expect(sum).toBeCloseTo(1, 9);
    expect(min).toBeGreaterThanOrEqual(0);
  });

  it('gives the 90 % and 50 % areas of an independent full sort (to the pixel)', () => {
    const { map, readMs } = load(file);
    const started = performance.now();
    const r90 = regionOf(file, 0.9);
    const regionMs = performance.now() - started;
    const r50 = regionOf(file, 0.5);
    const sorted = map.prob.slice().sort();
    for (const [region, level] of [
      [r90, 0.9],
      [r50, 0.5],
    ] as const) {
      expect(Math.abs(region.cellCount - pixelCountBySort(sorted, level))).toBeLessThanOrEqual(1);
      expect(region.areaDeg2).toBeCloseTo(region.cellCount * PIXEL_DEG2, 6);
      expect(region.probability).toBeLessThanOrEqual(level);
      // The next pixel would cross the level: the region is maximal.
      expect(region.probability + (region.minProbDensitySr ?? 0) * cellAreaSr(9)).toBeGreaterThan(
        level - 1e-4,
      );
    }
    console.log(
      `${objectName}: 90 % ${r90.areaDeg2.toFixed(2)} deg² (${r90.cellCount} px), ` +
        `50 % ${r50.areaDeg2.toFixed(2)} deg² (${r50.cellCount} px); ` +
        `read ${readMs.toFixed(0)} ms, 90 % region ${regionMs.toFixed(0)} ms`,
    );
  });

  it('places the densest pixel inside the 50 % region and a faint pixel outside the 90 % region', () => {
    const { map } = load(file);
    const r50 = regionOf(file, 0.5);
    const r90 = regionOf(file, 0.9);
    let densest = 0;
    let faintest = 0;
    map.prob.forEach((p, i) => {
      if (p > map.prob[densest]) densest = i;
      if (p < map.prob[faintest]) faintest = i;
    });
    const peak = pix2angNest(9, densest);
    const faint = pix2angNest(9, faintest);
    expect(isInCredibleRegion(map, r50, peak.raDeg, peak.decDeg)).toBe(true);
    expect(isInCredibleRegion(map, r90, faint.raDeg, faint.decDeg)).toBe(false);
    expect(probDensityAt(map, peak.raDeg, peak.decDeg)?.perSr).toBeCloseTo(
      map.prob[densest] / cellAreaSr(9),
      12,
    );
    // Every 1009th pixel centre: membership equals "PROB at least the region's faintest pixel".
    const threshold = (r90.minProbDensitySr ?? 0) * cellAreaSr(9);
    for (let pix = 0; pix < map.prob.length; pix += 1009) {
      const { raDeg, decDeg } = pix2angNest(9, pix);
      expect(isInCredibleRegion(map, r90, raDeg, decDeg)).toBe(map.prob[pix] >= threshold);
    }
  });

  it('round-trips the 90 % MOC through ASCII and JSON, back to the same pixel set and area', () => {
    const { map } = load(file);
    const r90 = regionOf(file, 0.9);
    const moc = mocFromCredibleRegion(map, r90);
    expect(mocAreaDeg2(moc)).toBeCloseTo(r90.areaDeg2, 6);
    const ascii = formatMocAscii(moc);
    const json = formatMocJson(moc);
    expect(parseMocAscii(ascii)).toEqual(moc);
    expect(parseMocJson(json)).toEqual(moc);
    expect(mocFromCells(mocCells(moc), 9)).toEqual(moc);
    // Pixel set: expand every MOC cell to order 9 and compare with the region's pixels.
    const fromMoc = new Uint8Array(map.prob.length);
    for (const { order, pixels } of mocCells(moc)) {
      const span = 4 ** (9 - order);
      for (const pix of pixels) fromMoc.fill(1, Number(pix) * span, (Number(pix) + 1) * span);
    }
    expect(countDifferences(fromMoc, r90.isInRegion)).toBe(0);
    // Normalised: fewer cells than pixels, no four siblings left unmerged.
    const cellCount = mocCells(moc).reduce((n, c) => n + c.pixels.length, 0);
    expect(cellCount).toBeLessThan(r90.cellCount);
    const peak = pix2angNest(9, r90.isInRegion.indexOf(1));
    expect(mocContains(moc, peak.raDeg, peak.decDeg)).toBe(true);
    console.log(`${objectName}: 90 % MOC ${cellCount} cells, ASCII ${ascii.length} B, JSON ${json.length} B`);
  });

  it('covers the 90 % region with NSIDE-128 ranges of order-29 indices', () => {
    const { map } = load(file);
    const r90 = regionOf(file, 0.9);
    const ranges = credibleRegionRanges(map, r90, 7);
    const step = 4n ** 22n; // order-29 pixels per order-7 pixel
    const covered = ranges.reduce((n, [start, end]) => n + (end - start) / step, 0n);
    // Each order-7 pixel holds 16 order-9 pixels: the cover is at least the region, at most 16× its pixels.
    expect(Number(covered) * 16).toBeGreaterThanOrEqual(r90.cellCount);
    expect(Number(covered)).toBeLessThanOrEqual(r90.cellCount);
    for (const [start, end] of ranges) expect(start % step === 0n && end % step === 0n).toBe(true);
  });
});

describe('other layouts of S200219ac', () => {
  const file = CASES[0].file;

  it('reads the same map written RING-ordered (per-pixel nestToRing) and gives the same regions', () => {
    const { map } = load(file);
    const ring = new Float64Array(map.prob.length);
    for (let nest = 0; nest < ring.length; nest++) ring[nestToRing(9, nest)] = map.prob[nest];
    const bytes = writeFitsBinTable({
      columns: [{ name: 'PROB', type: 'D', unit: 'pix-1', values: ring }],
      cards: [
        { keyword: 'ORDERING', value: 'RING' },
        { keyword: 'NSIDE', value: 512 },
      ],
    });
    const fromRing = readSkymap(bytes);
    expect(fromRing.ordering).toBe('RING');
    expect(countDifferences(fromRing.prob, map.prob)).toBe(0);
    expect(credibleRegion(fromRing, 0.9).areaDeg2).toBe(regionOf(file, 0.9).areaDeg2);
  });

  it('reads a multi-order (UNIQ) map built from the flat one and gives the same 90 % and 50 % areas', () => {
    const { map } = load(file);
    // Order-6 groups (64 pixels) outside the 99 % region become one order-6 cell: their mean density stays
    // below every pixel of the 99 % region, so the 90 % and 50 % regions keep the same pixels.
    const r99 = regionOf(file, 0.99);
    const uniq: number[] = [];
    const density: number[] = [];
    for (let parent = 0; parent < 12 * 4 ** 6; parent++) {
      const first = parent * 64;
      if (r99.isInRegion.subarray(first, first + 64).includes(1)) {
        for (let pix = first; pix < first + 64; pix++) {
          uniq.push(uniqOf(9, pix));
          density.push(map.prob[pix] / cellAreaSr(9));
        }
      } else {
        const sum = map.prob.subarray(first, first + 64).reduce((a, b) => a + b, 0);
        uniq.push(uniqOf(6, parent));
        density.push(sum / cellAreaSr(6));
      }
    }
    const bytes = writeFitsBinTable({
      columns: [
        { name: 'UNIQ', type: 'K', values: uniq.map(BigInt) },
        { name: 'PROBDENSITY', type: 'D', unit: 'sr-1', values: density },
      ],
      cards: [{ keyword: 'ORDERING', value: 'NUNIQ' }],
    });
    const multi = readSkymap(bytes);
    expect(multi.flatOrder).toBeNull();
    expect(multi.prob.length).toBe(uniq.length);
    expect(multi.prob.length).toBeLessThan(map.prob.length / 2);
    for (const level of [0.9, 0.5]) {
      const flatArea = regionOf(file, level).areaDeg2;
      expect(credibleRegion(multi, level).areaDeg2).toBeCloseTo(flatArea, 6);
    }
    const peak = pix2angNest(9, map.prob.indexOf(Math.max(...map.prob.subarray(0, 100_000))));
    expect(probDensityAt(multi, peak.raDeg, peak.decDeg)?.perSr).toBeCloseTo(
      probDensityAt(map, peak.raDeg, peak.decDeg)?.perSr ?? Number.NaN,
      9,
    );
    console.log(`S200219ac multi-order: ${multi.prob.length} cells (flat ${map.prob.length})`);
  });
});
