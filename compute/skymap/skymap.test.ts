import { describe, expect, it } from 'vitest';
import { cellAreaSr, flatSkymap, multiOrderSkymap, orderPixelOfUniq, uniqOf } from './skymap.js';

describe('UNIQ indices', () => {
  it('round-trips order and pixel at the edges of every order 0..24', () => {
    for (let order = 0; order <= 24; order++) {
      for (const pix of [0, 1, 12 * 4 ** order - 1]) {
        expect(orderPixelOfUniq(uniqOf(order, pix))).toEqual({ order, pix });
      }
    }
    // IVOA MOC 2.0 §4.3.1 examples: uniq 4..15 are the 12 order-0 cells, 16 is order 1 pixel 0.
    expect(orderPixelOfUniq(4)).toEqual({ order: 0, pix: 0 });
    expect(orderPixelOfUniq(15)).toEqual({ order: 0, pix: 11 });
    expect(orderPixelOfUniq(16)).toEqual({ order: 1, pix: 0 });
  });

  it('rejects values that are not UNIQ indices of order ≤ 24', () => {
    expect(() => orderPixelOfUniq(3)).toThrow(RangeError);
    expect(() => orderPixelOfUniq(1.5)).toThrow(RangeError);
    expect(() => orderPixelOfUniq(4 * 4 ** 25)).toThrow(RangeError);
  });
});

describe('cellAreaSr', () => {
  it('tiles the sphere: 12·4^order pixels of equal area make 4π sr (tolerance 1e-12 relative)', () => {
    for (const order of [0, 9, 29]) {
      expect(12 * 4 ** order * cellAreaSr(order)).toBeCloseTo(4 * Math.PI, 12);
    }
  });
});

describe('map construction', () => {
  it('builds a flat map whose cell i is NESTED pixel i', () => {
    const map = flatSkymap(1, new Float64Array(48).fill(1 / 48), { t0Jd: 2458898.9 });
    expect(map.flatOrder).toBe(1);
    expect(map.pixels[47]).toBe(47);
    expect(map.orders[0]).toBe(1);
    expect(map.t0Jd).toBe(2458898.9);
    expect(() => flatSkymap(1, new Float64Array(47))).toThrow(RangeError);
  });

  it('sorts multi-order cells into sky order and turns densities into probabilities', () => {
    // Face 1 at order 0, face 0 as its four order-1 children (listed in reverse), faces 2..11 at order 0.
    const faces = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((f) => uniqOf(0, f));
    const uniq = [uniqOf(0, 1), ...[3, 2, 1, 0].map((p) => uniqOf(1, p)), ...faces];
    const map = multiOrderSkymap(
      uniq,
      uniq.map(() => 1 / (4 * Math.PI)),
    );
    expect(Array.from(map.orders.slice(0, 6))).toEqual([1, 1, 1, 1, 0, 0]);
    expect(Array.from(map.pixels.slice(0, 6))).toEqual([0, 1, 2, 3, 1, 2]);
    expect(map.maxOrder).toBe(1);
    expect(map.flatOrder).toBeNull();
    expect(map.prob.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect(map.prob[0]).toBeCloseTo(1 / 48, 14);
  });

  it('rejects overlapping cells and length mismatches', () => {
    expect(() => multiOrderSkymap([uniqOf(0, 0), uniqOf(1, 2)], [1, 1])).toThrow(/overlap/);
    expect(() => multiOrderSkymap([4], [1, 2])).toThrow(RangeError);
  });
});
