import { describe, expect, it } from 'vitest';
import { separationDeg as separationDegOracle } from '../../test/support/sky-oracle.js';
import { Prng } from '../random/index.js';
import { PositionIndex, separationDeg } from './cross-match.js';

/** Deterministic numbers in [0, 1) for a seed, so that failures reproduce. */
function random(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.uniform();
}

describe('PositionIndex', () => {
  it.each([0.5 / 3600, 1.5 / 3600, 0.05, 1, 5])(
    'finds the same pairs as a brute-force comparison, at the poles and across RA 0/360 (radius %f°)',
    (radiusDeg) => {
      const rnd = random(Math.round(radiusDeg * 1e6));
      // catalogue clustered where zones are hard: near both poles, along RA 0/360, and anywhere
      const place = (): [number, number] => {
        const k = rnd();
        if (k < 0.25) return [rnd() * 360, 90 - rnd() * 3 * radiusDeg];
        if (k < 0.5) return [rnd() * 360, -90 + rnd() * 3 * radiusDeg];
        if (k < 0.75) return [(360 + (rnd() - 0.5) * 4 * radiusDeg) % 360, (rnd() - 0.5) * 120];
        return [rnd() * 360, Math.asin(2 * rnd() - 1) / (Math.PI / 180)];
      };
      const cat = Array.from({ length: 400 }, place);
      const probes = [
        ...Array.from({ length: 300 }, place),
        ...cat.map(([ra, dec]): [number, number] => [
          ra + rnd() * radiusDeg * 0.5,
          Math.max(-90, Math.min(90, dec + (rnd() - 0.5) * radiusDeg)),
        ]),
      ];
      const index = new PositionIndex(
        cat.map((c) => c[0]),
        cat.map((c) => c[1]),
        radiusDeg,
      );
      let pairs = 0;
      for (const [ra, dec] of probes) {
        const found: number[] = [];
        index.matches(ra, dec, (row, d) => {
          found.push(row);
          expect(Math.abs(d - separationDegOracle(ra, dec, cat[row][0], cat[row][1]))).toBeLessThan(1e-9);
        });
        // rows within the radius by the oracle (pairs within 1e-9° of the edge may go either way)
        const sure = cat.flatMap((c, i) =>
          separationDegOracle(ra, dec, c[0], c[1]) < radiusDeg - 1e-9 ? [i] : [],
        );
        const maybe = new Set(
          cat.flatMap((c, i) => (separationDegOracle(ra, dec, c[0], c[1]) <= radiusDeg + 1e-9 ? [i] : [])),
        );
        for (const i of sure) expect(found).toContain(i);
        for (const i of found) expect(maybe.has(i)).toBe(true);
        expect(new Set(found).size).toBe(found.length);
        pairs += found.length;
      }
      expect(pairs).toBeGreaterThan(probes.length / 2);
    },
  );

  it('rejects a radius that is not positive', () => {
    expect(() => new PositionIndex([1], [2], 0)).toThrow(RangeError);
  });

  it('measures separations as the unit-vector angle', () => {
    expect(separationDeg(10, 20, 10, 20)).toBe(0);
    expect(separationDeg(359.9999, 0, 0.0001, 0)).toBeCloseTo(0.0002, 12);
    expect(separationDeg(0, 90, 180, 89)).toBeCloseTo(1, 12);
  });
});
