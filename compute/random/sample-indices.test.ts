import { describe, expect, it } from 'vitest';
import { hashSeed, Prng } from './prng.js';
import { sampleIndices } from './sample-indices.js';

describe('sampleIndices', () => {
  it('draws n distinct indices in range, the same for the same seed', () => {
    const a = sampleIndices(new Prng(hashSeed(7)), 50, 1_000_000);
    expect(new Set(a).size).toBe(50);
    expect(a.every((i) => Number.isInteger(i) && i >= 0 && i < 1_000_000)).toBe(true);
    expect(sampleIndices(new Prng(hashSeed(7)), 50, 1_000_000)).toEqual(a);
    expect(sampleIndices(new Prng(hashSeed(8)), 50, 1_000_000)).not.toEqual(a);
  });

  it('gives a permutation of all indices when n reaches the count', () => {
    const all = sampleIndices(new Prng(1), 20, 10);
    expect([...all].sort((x, y) => x - y)).toEqual([...Array(10).keys()]);
    expect(sampleIndices(new Prng(1), 0, 10)).toEqual([]);
  });

  it('draws every index about equally often', () => {
    const counts = new Array<number>(10).fill(0);
    const prng = new Prng(hashSeed('uniform'));
    for (let t = 0; t < 20_000; t++) for (const i of sampleIndices(prng, 3, 10)) counts[i]++;
    // 6,000 draws per index expected; 5 sigma of a binomial(60000, 0.1) is ~370
    for (const c of counts) expect(Math.abs(c - 6000)).toBeLessThan(370);
  });
});
