import { describe, expect, it } from 'vitest';
import { nestToRing, nestToRingTable, ringToNest } from './healpix-ring.js';

describe('nestToRingTable', () => {
  it('equals nestToRing for every pixel of orders 0-4 and is a permutation', () => {
    for (let order = 0; order <= 4; order++) {
      const table = nestToRingTable(order);
      expect(table.length).toBe(12 * 4 ** order);
      const seen = new Uint8Array(table.length);
      table.forEach((ring, nest) => {
        expect(ring).toBe(nestToRing(order, nest));
        seen[ring]++;
      });
      expect(seen.every((n) => n === 1)).toBe(true);
    }
  });

  it('equals nestToRing on a sample of order-9 pixels and inverts with ringToNest', () => {
    const table = nestToRingTable(9);
    for (let nest = 0; nest < table.length; nest += 4099) {
      expect(table[nest]).toBe(nestToRing(9, nest));
      expect(ringToNest(9, table[nest])).toBe(nest);
    }
  });

  it('rejects orders above 14', () => {
    expect(() => nestToRingTable(15)).toThrow(RangeError);
  });
});
