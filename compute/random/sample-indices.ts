/**
 * Draws `n` distinct indices of [0, count) in draw order (all of them, shuffled, when n ≥ count): a partial
 * Fisher–Yates shuffle over a sparse map, O(n) time and memory whatever `count` is. Deterministic for a generator
 * state. Reference: Knuth, TAOCP vol. 2, §3.4.2, Algorithm P (shuffling), stopped after n steps.
 */
import type { Prng } from './prng.js';

export function sampleIndices(prng: Prng, n: number, count: number): number[] {
  const k = Math.min(Math.max(0, Math.floor(n)), count);
  const moved = new Map<number, number>();
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(prng.uniform() * (count - i));
    const atJ = moved.get(j) ?? j;
    moved.set(j, moved.get(i) ?? i);
    out.push(atJ);
  }
  return out;
}
