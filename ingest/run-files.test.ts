import { describe, expect, it } from 'vitest';
import { quietBatches } from './run-files.js';

describe('quietBatches', () => {
  it('closes a night 2,000 alerts after its last one, whatever the batch size', () => {
    expect(quietBatches(500)).toBe(4);
    expect(quietBatches(2000)).toBe(1);
    expect(quietBatches(1)).toBe(2000);
    expect(quietBatches(300)).toBe(7);
  });

  it('waits at least one batch when batches are larger than that', () => {
    expect(quietBatches(5000)).toBe(1);
  });
});
