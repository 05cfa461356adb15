import { describe, expect, it } from 'vitest';
import { base26Counter, base26Letters } from './base26-letters.js';

describe('base26Letters', () => {
  // fink-fat int_to_tags test values (docs/references.md#ssocand-id)
  it.each([
    [0, 'aaaaaaa'],
    [3, 'aaaaaad'],
    [15, 'aaaaaap'],
    [25, 'aaaaaaz'],
    [26, 'aaaaaba'],
    [27, 'aaaaabb'],
    [652, 'aaaaazc'],
    [26 ** 7 - 1, 'zzzzzzz'],
  ])('writes %i as %s', (counter, letters) => {
    expect(base26Letters(counter, 7)).toBe(letters);
    expect(base26Counter(letters)).toBe(counter);
  });

  it('round-trips every width from 1 to 10 at its largest counter', () => {
    for (let width = 1; width <= 10; width++) {
      const top = 26 ** width - 1;
      expect(base26Letters(top, width)).toBe('z'.repeat(width));
      expect(base26Counter('z'.repeat(width))).toBe(top);
    }
  });

  it.each([
    [-1, 7],
    [1.5, 7],
    [26 ** 7, 7],
    [Number.NaN, 7],
    [0, 0],
    [0, 11],
  ])('answers null for counter %d at width %d', (counter, width) => {
    expect(base26Letters(counter, width)).toBeNull();
  });

  it.each(['', 'A', 'aa1', 'é', 'a'.repeat(11)])('reads no counter from %j', (text) => {
    expect(base26Counter(text)).toBeNull();
  });
});
