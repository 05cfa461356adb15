import { describe, expect, it } from 'vitest';
import { GroupCommitter } from './group-commit.js';

describe('GroupCommitter', () => {
  it('stages concurrent submissions together and releases each caller after its flush', async () => {
    const flushes: number[][] = [];
    const gc = new GroupCommitter<number>(async (items) => {
      await new Promise((r) => setTimeout(r, 20));
      flushes.push(items);
    });
    const first = gc.submit([1]);
    const rest = [gc.submit([2, 3]), gc.submit([4])];
    await Promise.all([first, ...rest]);
    expect(flushes).toEqual([[1], [2, 3, 4]]);
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
