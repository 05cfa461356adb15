import { describe, expect, it } from 'vitest';
import { pix2angNest } from '../sky/index.js';
import { credibleRegion, credibleRegionRanges, isInCredibleRegion } from './credible-region.js';
import { cellAreaSr, DEG2_PER_SR, flatSkymap, multiOrderSkymap, uniqOf } from './skymap.js';
import { cellIndexAt, probDensityAt } from './skymap-lookup.js';

/** An order-1 map (48 pixels) with probability ∝ weight. */
function order1Map(weights: (i: number) => number) {
  const w = Array.from({ length: 48 }, (_, i) => weights(i));
  const total = w.reduce((a, b) => a + b, 0);
  return flatSkymap(
    1,
    Float64Array.from(w, (v) => v / total),
  );
}

/** Region by the definition: sort by probability (ties by index), keep while the running sum is ≤ level. */
function regionBySort(prob: Float64Array, level: number): number[] {
  const order = Array.from(prob.keys()).sort((a, b) => prob[b] - prob[a] || a - b);
  const inside: number[] = [];
  let sum = 0;
  for (const i of order) {
    sum += prob[i];
    if (sum > level) break;
    inside.push(i);
  }
  return inside.sort((a, b) => a - b);
}

const insideOf = (mask: Uint8Array): number[] => Array.from(mask.keys()).filter((i) => mask[i] === 1);

describe('credibleRegion', () => {
  it('keeps the densest cells while the cumulative probability is ≤ level', () => {
    const map = order1Map((i) => ((i * 37) % 48) + 1); // a permutation of 1..48
    for (const level of [0, 0.05, 0.5, 0.9, 0.99, 1]) {
      const region = credibleRegion(map, level);
      expect(insideOf(region.isInRegion)).toEqual(regionBySort(map.prob, level));
      expect(region.probability).toBeLessThanOrEqual(level + 1e-15);
      expect(region.areaDeg2).toBeCloseTo(region.cellCount * cellAreaSr(1) * DEG2_PER_SR, 9);
    }
    expect(credibleRegion(map, 0).cellCount).toBe(0);
    expect(credibleRegion(map, 0).minProbDensitySr).toBeNull();
  });

  it('breaks ties by sky order and spans densities over 300 decades and zeros', () => {
    const flat = credibleRegion(
      order1Map(() => 1),
      0.51,
    );
    expect(insideOf(flat.isInRegion)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    const wide = order1Map((i) => (i % 3 === 0 ? 0 : 10 ** -(i * 6)));
    for (const level of [0.5, 0.999999, 1]) {
      expect(insideOf(credibleRegion(wide, level).isInRegion)).toEqual(regionBySort(wide.prob, level));
    }
  });

  it('ranks multi-order cells by density: merging equal siblings keeps the region and its area', () => {
    const flat = order1Map((i) => (i >= 20 && i < 24 ? 5 : (i % 7) + 1)); // face 5 uniform
    const uniq = [
      ...Array.from({ length: 20 }, (_, i) => uniqOf(1, i)),
      uniqOf(0, 5),
      ...Array.from({ length: 24 }, (_, i) => uniqOf(1, 24 + i)),
    ];
    const density = uniq.map((u) =>
      u === uniqOf(0, 5) ? (4 * flat.prob[20]) / cellAreaSr(0) : flat.prob[u - 16] / cellAreaSr(1),
    );
    const multi = multiOrderSkymap(uniq, density);
    for (const level of [0.3, 0.6, 0.9]) {
      expect(credibleRegion(multi, level).areaDeg2).toBeCloseTo(credibleRegion(flat, level).areaDeg2, 9);
    }
  });

  it('rejects levels outside 0..1', () => {
    const map = order1Map(() => 1);
    expect(() => credibleRegion(map, 1.5)).toThrow(RangeError);
    expect(() => credibleRegion(map, Number.NaN)).toThrow(RangeError);
  });
});

describe('positions', () => {
  const map = order1Map((i) => (i === 5 ? 100 : 1));
  const centre5 = pix2angNest(1, 5);

  it('finds the cell and density at a position (per sr and per deg²)', () => {
    expect(cellIndexAt(map, centre5.raDeg, centre5.decDeg)).toBe(5);
    const density = probDensityAt(map, centre5.raDeg, centre5.decDeg);
    expect(density?.perSr).toBeCloseTo(map.prob[5] / cellAreaSr(1), 12);
    expect(density?.perDeg2).toBeCloseTo((density?.perSr ?? 0) / DEG2_PER_SR, 15);
  });

  it('tests membership, and returns null outside a partial multi-order map', () => {
    const region = credibleRegion(map, 100 / 147 + 1e-9);
    expect(region.cellCount).toBe(1);
    expect(isInCredibleRegion(map, region, centre5.raDeg, centre5.decDeg)).toBe(true);
    const other = pix2angNest(1, 6);
    expect(isInCredibleRegion(map, region, other.raDeg, other.decDeg)).toBe(false);
    const partial = multiOrderSkymap([uniqOf(0, 1), uniqOf(2, 0)], [1, 1]);
    const inFace1 = pix2angNest(0, 1);
    expect(cellIndexAt(partial, inFace1.raDeg, inFace1.decDeg)).toBe(1);
    const inFace0 = pix2angNest(2, 0);
    expect(cellIndexAt(partial, inFace0.raDeg, inFace0.decDeg)).toBe(0);
    const elsewhere = pix2angNest(0, 7);
    expect(probDensityAt(partial, elsewhere.raDeg, elsewhere.decDeg)).toBeNull();
  });
});

describe('credibleRegionRanges', () => {
  const map = order1Map((i) => (i === 5 ? 100 : 1));
  const region = credibleRegion(map, 0.685); // pixel 5 alone: 100/147 = 0.6803, next 0.6871
  const d28 = 4n ** 28n;

  it('covers the region at a coarser, equal or finer depth, in order-29 indices by default', () => {
    expect(credibleRegionRanges(map, region, 0)).toEqual([[4n * d28, 8n * d28]]);
    expect(credibleRegionRanges(map, region, 1)).toEqual([[5n * d28, 6n * d28]]);
    expect(credibleRegionRanges(map, region, 2)).toEqual([[5n * d28, 6n * d28]]);
    expect(credibleRegionRanges(map, region, 2, 2)).toEqual([[20n, 24n]]);
  });

  it('merges adjacent cells and rejects invalid depths', () => {
    const twoMap = order1Map((i) => (i === 5 || i === 6 ? 100 : 1)); // pixels 5 and 6: 200/246 = 0.8130, next 0.8171
    expect(credibleRegionRanges(twoMap, credibleRegion(twoMap, 0.815), 1, 1)).toEqual([[5n, 7n]]);
    expect(() => credibleRegionRanges(map, region, 25)).toThrow(RangeError);
    expect(() => credibleRegionRanges(map, region, 5, 4)).toThrow(RangeError);
  });
});
