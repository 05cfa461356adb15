/** The heavy-request threads of each store: one process's bound (one per core but one, 1 to 4) shared evenly. */
import { describe, expect, it } from 'vitest';
import { heavyThreadsPerStore, MAX_HEAVY_THREADS } from './heavy-pool.js';

describe('heavyThreadsPerStore', () => {
  it('gives one store one thread per core but one, from 1 to 4', () => {
    expect(heavyThreadsPerStore(1, 1)).toBe(1);
    expect(heavyThreadsPerStore(1, 2)).toBe(1);
    expect(heavyThreadsPerStore(1, 4)).toBe(3);
    expect(heavyThreadsPerStore(1, 64)).toBe(MAX_HEAVY_THREADS);
  });

  it('shares those threads between stores, at least one each', () => {
    expect(heavyThreadsPerStore(2, 2)).toBe(1);
    expect(heavyThreadsPerStore(2, 5)).toBe(2);
    expect(heavyThreadsPerStore(2, 64)).toBe(2);
    expect(heavyThreadsPerStore(3, 64)).toBe(1);
    expect(heavyThreadsPerStore(5, 64)).toBe(1);
  });
});
