import { describe, expect, it } from 'vitest';
import { GroupCommitter } from './group-commit.js';

describe('GroupCommitter', () => {
  it('stages the submissions of one turn together, and those arriving during a flush in the next', async () => {
    const flushes: number[][] = [];
    let flushing: () => void = () => undefined;
    const started = new Promise<void>((r) => {
      flushing = r;
    });
    const gc = new GroupCommitter<number>(async (items) => {
      flushing();
      await new Promise((r) => setTimeout(r, 20));
      flushes.push(items);
    });
    // handed in one after the other within a turn, like the partitions of one Kafka fetch
    const first = [gc.submit([1]), gc.submit([2])];
    await started;
    const rest = [gc.submit([3, 4]), gc.submit([5])];
    await Promise.all([...first, ...rest]);
    expect(flushes).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('releases each caller only after the flush holding its items', async () => {
    const order: string[] = [];
    const gc = new GroupCommitter<number>(async (items) => {
      await new Promise((r) => setTimeout(r, 10));
      order.push(`flushed ${items.join(',')}`);
    });
    await Promise.all([gc.submit([1]).then(() => order.push('released 1'))]);
    expect(order).toEqual(['flushed 1', 'released 1']);
  });

  it('rejects every caller of a failed flush and keeps going', async () => {
    let fail = true;
    const gc = new GroupCommitter<number>(async () => {
      if (fail) {
        fail = false;
        throw new Error('disk full');
      }
    });
    await expect(gc.submit([1])).rejects.toThrow('disk full');
    await expect(gc.submit([2])).resolves.toBeUndefined();
  });
});

describe('GroupCommitter with two flushes in flight', () => {
  it('starts the next group while one is flushing, never more than two at once', async () => {
    let running = 0;
    let most = 0;
    const flushes: number[][] = [];
    const gc = new GroupCommitter<number>(async (items) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 20));
      flushes.push(items);
      running--;
    }, 2);
    const first = gc.submit([1]);
    await new Promise((r) => setImmediate(r));
    // handed in during the first flush: flushed beside it, not after it
    const second = [gc.submit([2]), gc.submit([3])];
    await new Promise((r) => setTimeout(r, 5));
    const third = gc.submit([4]);
    await Promise.all([first, ...second, third]);
    expect(most).toBe(2);
    expect(flushes).toEqual([[1], [2, 3], [4]]);
  });
});
