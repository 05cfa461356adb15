import { describe, expect, it } from 'vitest';
import { hashSeed, Prng } from './prng.js';

describe('hashSeed', () => {
  it('is deterministic and sensitive to every part and to order', () => {
    expect(hashSeed(42, 'night', 20240105)).toBe(hashSeed(42, 'night', 20240105));
    expect(hashSeed(42, 'night', 20240105)).not.toBe(hashSeed(42, 'night', 20240106));
    expect(hashSeed(42, 'a', 'b')).not.toBe(hashSeed(42, 'b', 'a'));
    expect(hashSeed(1n << 40n)).not.toBe(hashSeed(0n));
    expect(hashSeed(1, 2)).toBeGreaterThanOrEqual(0);
    expect(hashSeed(1, 2)).toBeLessThan(2 ** 32);
  });
});

describe('Prng (xoshiro128**)', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = new Prng(7);
    const b = new Prng(7);
    const c = new Prng(8);
    const sa = Array.from({ length: 5 }, () => a.nextUint32());
    expect(Array.from({ length: 5 }, () => b.nextUint32())).toEqual(sa);
    expect(Array.from({ length: 5 }, () => c.nextUint32())).not.toEqual(sa);
  });

  it('has uniform and normal moments within statistical tolerance (n = 100,000)', () => {
    const rng = new Prng(hashSeed(123));
    const n = 100_000;
    let su = 0;
    let sn = 0;
    let sn2 = 0;
    let lo = 1;
    let hi = 0;
    for (let i = 0; i < n; i++) {
      const u = rng.uniform();
      lo = Math.min(lo, u);
      hi = Math.max(hi, u);
      su += u;
      const z = rng.normal();
      sn += z;
      sn2 += z * z;
    }
    expect(lo).toBeGreaterThanOrEqual(0);
    expect(hi).toBeLessThan(1);
    // standard errors: uniform mean 0.0009, normal mean 0.0032, normal variance 0.0045
    expect(su / n).toBeCloseTo(0.5, 2);
    expect(Math.abs(sn / n)).toBeLessThan(0.015);
    expect(Math.abs(sn2 / n - 1)).toBeLessThan(0.02);
  });

  it('draws integers in the inclusive range and weighted indices in proportion', () => {
    const rng = new Prng(99);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) {
      const k = rng.int(1, 3);
      counts[k - 1]++;
    }
    for (const c of counts) expect(c).toBeGreaterThan(9_500);
    const w = [0, 0];
    for (let i = 0; i < 20_000; i++) w[rng.weighted([1, 3])]++;
    expect(w[1] / 20_000).toBeCloseTo(0.75, 1);
    expect(rng.weighted([0, 0, 5])).toBe(2);
  });

  it('shuffles into a permutation and rounds means randomly', () => {
    const rng = new Prng(5);
    const items = rng.shuffle([1, 2, 3, 4, 5, 6]);
    expect([...items].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    let total = 0;
    for (let i = 0; i < 10_000; i++) total += rng.roundRandom(2.3);
    expect(total / 10_000).toBeCloseTo(2.3, 1);
  });
});
