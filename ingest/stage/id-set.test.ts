import { describe, expect, it } from 'vitest';
import { IdSet } from './id-set.js';

/** A deterministic stream of 64-bit ids (xorshift), some repeated, the int64 extremes included. */
function ids(count: number, seed: bigint): bigint[] {
  let x = seed;
  const out: bigint[] = [-(2n ** 63n), 2n ** 63n - 1n, 0n, -1n];
  for (let i = 0; i < count; i++) {
    x ^= (x << 13n) & 0xffffffffffffffffn;
    x ^= x >> 7n;
    x ^= (x << 17n) & 0xffffffffffffffffn;
    out.push(BigInt.asIntN(64, x));
    if (i % 10 === 0) out.push(out[Math.floor(out.length / 2)]);
  }
  return out;
}

describe('IdSet', () => {
  it('answers as a Set of the same ids, through the merges of its recent ids', () => {
    const initial = ids(50_000, 88172645463325252n);
    const set = new IdSet(BigInt64Array.from(initial));
    const reference = new Set(initial);
    expect(set.size).toBe(reference.size);
    // more than MIN_RECENT additions: several merges
    for (const id of ids(300_000, 1234567n)) {
      set.add(id);
      reference.add(id);
    }
    expect(set.size).toBe(reference.size);
    let missing = 0;
    for (const id of reference) if (!set.has(id)) missing++;
    expect(missing).toBe(0);
    // ids never added, and every tenth one added
    const queries = ids(20_000, 987654321n).map((id, i) => (i % 10 === 0 ? initial[i % initial.length] : id));
    const wrong = queries.filter((id) => set.has(id) !== reference.has(id));
    expect(wrong).toEqual([]);
    expect(queries.filter((id) => set.has(id)).length).toBeGreaterThan(2_000);
  });

  it('is empty without ids', () => {
    const set = new IdSet();
    expect(set.size).toBe(0);
    expect(set.has(0n)).toBe(false);
    set.add(5n);
    set.add(5n);
    expect(set.size).toBe(1);
    expect(set.has(5n)).toBe(true);
  });
});
