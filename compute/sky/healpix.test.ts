import { describe, expect, it } from 'vitest';
import {
  ang2pixNest,
  ang2pixNestBatch,
  chooseConeOrder,
  coneRanges,
  MAX_ORDER,
  maxPixelRadiusDeg,
  nestToRing,
  type PixelRange,
  pix2angNest,
  ringToNest,
} from './healpix.js';

const RAD = Math.PI / 180;
/** Declination of the base-pixel centres off the equator: asin(2/3) (Górski et al. 2005, §4). */
const DEC_TWO_THIRDS_DEG = Math.asin(2 / 3) / RAD;
/** Tolerance of angles compared with reference values (degrees). */
const TOLERANCE_DEG_DIGITS = 7;

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so that failures reproduce. */
function makeRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Angular distance (degrees) by the haversine formula, accurate at small angles. */
function separationDeg(ra1: number, dec1: number, ra2: number, dec2: number): number {
  const s1 = Math.sin(((dec2 - dec1) * RAD) / 2);
  const s2 = Math.sin(((ra2 - ra1) * RAD) / 2);
  const h = s1 * s1 + Math.cos(dec1 * RAD) * Math.cos(dec2 * RAD) * s2 * s2;
  return (2 * Math.asin(Math.min(1, Math.sqrt(h)))) / RAD;
}

/** The point at `distDeg` and position angle `paDeg` from (ra, dec), by rotating unit vectors. */
function offset(raDeg: number, decDeg: number, distDeg: number, paDeg: number): [number, number] {
  const [a, d, pa] = [raDeg * RAD, decDeg * RAD, paDeg * RAD];
  const centre = [Math.cos(d) * Math.cos(a), Math.cos(d) * Math.sin(a), Math.sin(d)];
  const north = [-Math.sin(d) * Math.cos(a), -Math.sin(d) * Math.sin(a), Math.cos(d)];
  const east = [-Math.sin(a), Math.cos(a), 0];
  const [cd, sd] = [Math.cos(distDeg * RAD), Math.sin(distDeg * RAD)];
  const v = [0, 1, 2].map((i) => cd * centre[i] + sd * (Math.cos(pa) * north[i] + Math.sin(pa) * east[i]));
  const ra = Math.atan2(v[1], v[0]) / RAD;
  return [ra < 0 ? ra + 360 : ra, Math.atan2(v[2], Math.hypot(v[0], v[1])) / RAD];
}

/** A uniformly random sky position. */
function randomPosition(random: () => number): [number, number] {
  return [random() * 360, Math.asin(2 * random() - 1) / RAD];
}

function inRanges(ranges: readonly PixelRange[], pix: bigint): boolean {
  let [lo, hi] = [0, ranges.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ranges[mid][1] <= pix) lo = mid + 1;
    else hi = mid;
  }
  return lo < ranges.length && ranges[lo][0] <= pix;
}

describe('ang2pixNest: reference values', () => {
  it('matches healpy docstring values (nside 16, via nest→ring)', () => {
    // healpy `ang2pix(16, theta, phi)` (RING): (π/4, π/4) → 427, (π/2, π/2) → 1520, (0, 0) → 0, (π, 0) →
    // 3068;
    // and `vec2pix(16, 1, 0, 0)` → 1504 (the equator exactly; healpy's θ = π/2 has z = 6e-17 > 0 and gives
    // 1440).
    expect(nestToRing(4, ang2pixNest(4, 45, 45))).toBe(427n);
    expect(nestToRing(4, ang2pixNest(4, 90 + 1e-13, 0))).toBe(1520n);
    expect(nestToRing(4, ang2pixNest(4, 0, 90))).toBe(0n);
    expect(nestToRing(4, ang2pixNest(4, 0, -90))).toBe(3068n);
    expect(nestToRing(4, ang2pixNest(4, 0, 0))).toBe(1504n);
    expect(nestToRing(4, ang2pixNest(4, 0, 1e-14))).toBe(1440n);
    // healpy `vec2pix([1, 2, 4, 8], 1, 0, 0)` → [4, 20, 88, 368].
    expect([0, 1, 2, 3].map((o) => nestToRing(o, ang2pixNest(o, 0, 0)))).toEqual([4n, 20n, 88n, 368n]);
    // healpy `ang2pix([1, 2, 4, 8, 16], π/2, 0)` → [4, 12, 72, 336, 1440] (just north of the equator).
    expect([0, 1, 2, 3, 4].map((o) => nestToRing(o, ang2pixNest(o, 0, 1e-14)))).toEqual([
      4n,
      12n,
      72n,
      336n,
      1440n,
    ]);
    // healpy `xyf2pix(16, 8, 8, 4)` → RING 1440: NESTED 4·256 + interleave(8, 8) = 1024 + 64 + 128.
    expect(ang2pixNest(4, 0, 1e-14)).toBe(1216n);
  });

  it('matches values computed by hand from the algorithm', () => {
    // Order 1, (10°, 10°): z = 0.173648, tt = 1/9; temp1 = 2·(0.5 + tt) = 1.2222, temp2 = 2·0.75·z = 0.2605;
    // jp = 0, jm = 1 → face 4, ix = 1, iy = 2 − 0 − 1 = 1 → 4·4 + (1 | 1 << 1) = 19.
    expect(ang2pixNest(1, 10, 10)).toBe(19n);
    // Poles: north → face 0, ix = iy = nside − 1 → 4^k − 1; south → face 8, ix = iy = 0 → 8·4^k.
    for (const k of [0, 1, 5, 24, 25, 29]) {
      expect(ang2pixNest(k, 0, 90)).toBe(4n ** BigInt(k) - 1n);
      expect(ang2pixNest(k, 0, -90)).toBe(8n * 4n ** BigInt(k));
    }
    // Order 1, north cap, (100°, 50°): tmp = 2·sqrt(3(1 − 0.7660)) = 1.6756, ntt = 1, tp = 1/9;
    // jp = floor(tp·tmp) = 0, jm = floor((1 − tp)·tmp) = 1 → face 1, ix = 2 − 1 − 1 = 0, iy = 2 − 0 − 1 = 1 →
    // 6.
    expect(ang2pixNest(1, 100, 50)).toBe(6n);
    // Order 1, south cap, dec −45°: tmp = 2·sqrt(3(1 − 0.7071)) = 1.8747, ntt = 3, face 11 (base 44).
    // ra 300°: tp = 1/3 → jp = 0, jm = 1 → ix = 0, iy = 1 → 44 + 2; ra 345°: tp = 5/6 → jp = 1, jm = 0 → 44 +
    // 1.
    expect(ang2pixNest(1, 300, -45)).toBe(46n);
    expect(ang2pixNest(1, 345, -45)).toBe(45n);
  });

  it('puts the base-pixel centres in their faces at order 0', () => {
    const centres: [number, number][] = [
      [45, DEC_TWO_THIRDS_DEG],
      [135, DEC_TWO_THIRDS_DEG],
      [225, DEC_TWO_THIRDS_DEG],
      [315, DEC_TWO_THIRDS_DEG],
      [0, 0],
      [90, 0],
      [180, 0],
      [270, 0],
      [45, -DEC_TWO_THIRDS_DEG],
      [135, -DEC_TWO_THIRDS_DEG],
      [225, -DEC_TWO_THIRDS_DEG],
      [315, -DEC_TWO_THIRDS_DEG],
    ];
    centres.forEach(([ra, dec], face) => {
      expect(ang2pixNest(0, ra, dec)).toBe(BigInt(face));
      const c = pix2angNest(0, BigInt(face));
      expect(c.raDeg).toBeCloseTo(ra, TOLERANCE_DEG_DIGITS);
      expect(c.decDeg).toBeCloseTo(dec, TOLERANCE_DEG_DIGITS);
    });
  });

  it('rejects invalid orders and positions', () => {
    expect(() => ang2pixNest(30, 0, 0)).toThrow(RangeError);
    expect(() => ang2pixNest(-1, 0, 0)).toThrow(RangeError);
    expect(() => ang2pixNest(1.5, 0, 0)).toThrow(RangeError);
    expect(() => ang2pixNest(10, Number.NaN, 0)).toThrow(RangeError);
    expect(() => ang2pixNest(10, 0, 90.5)).toThrow(RangeError);
    expect(() => ang2pixNest(10, 0, Number.NaN)).toThrow(RangeError);
  });

  it('wraps right ascension', () => {
    expect(ang2pixNest(12, -30, 12)).toBe(ang2pixNest(12, 330, 12));
    expect(ang2pixNest(12, 360, 12)).toBe(ang2pixNest(12, 0, 12));
    expect(ang2pixNest(12, 725, -40)).toBe(ang2pixNest(12, 5, -40));
  });
});

describe('ang2pixNest: invariants', () => {
  const random = makeRandom(20240601);
  const points = Array.from({ length: 20_000 }, () => randomPosition(random));
  // Points within 1e-3 deg of the poles and of ra = 0 exercise the polar-cap branch and the wrap.
  for (let i = 0; i < 2000; i++) {
    points.push([random() * 360, 90 - random() * 1e-3], [random() * 360, -90 + random() * 1e-3]);
    points.push([random() < 0.5 ? random() * 1e-6 : 360 - random() * 1e-6, random() * 180 - 90]);
  }

  it('is hierarchical: the order-29 index shifted down is the coarser index', () => {
    for (const [ra, dec] of points.slice(0, 3000)) {
      const fine = ang2pixNest(29, ra, dec);
      for (const k of [0, 3, 11, 16, 24, 25, 28]) {
        expect(fine >> BigInt(2 * (29 - k))).toBe(ang2pixNest(k, ra, dec));
      }
    }
  });

  it('puts each point within the largest pixel radius of its pixel centre', () => {
    for (const k of [0, 1, 2, 4, 8, 12, 17, 22, 29]) {
      const maxDeg = maxPixelRadiusDeg(k);
      let worst = 0;
      for (const [ra, dec] of points) {
        const c = pix2angNest(k, ang2pixNest(k, ra, dec));
        worst = Math.max(worst, separationDeg(ra, dec, c.raDeg, c.decDeg) / maxDeg);
      }
      expect(worst, `order ${k}`).toBeLessThanOrEqual(1 + 1e-6);
      // The bound is tight: some point comes close to it.
      if (k <= 8) expect(worst, `order ${k}`).toBeGreaterThan(0.8);
    }
  });

  it('gives the same indices in batch', () => {
    const ras = points.map((p) => p[0]);
    const decs = points.map((p) => p[1]);
    for (const k of [0, 7, 15, 16, 24, 25, 29]) {
      const batch = ang2pixNestBatch(k, ras, decs);
      points.forEach(([ra, dec], i) => {
        if (batch[i] !== ang2pixNest(k, ra, dec))
          expect(batch[i], `order ${k} point ${i}`).toBe(ang2pixNest(k, ra, dec));
      });
    }
    expect(() => ang2pixNestBatch(5, [1, 2], [3])).toThrow(RangeError);
  });
});

describe('pix2angNest', () => {
  it('matches healpy `pix2ang([1, 2, 4, 8], 11, lonlat=True)` (RING 11 → NESTED)', () => {
    const expected: [number, number][] = [
      [315, -41.8103149],
      [337.5, 41.8103149],
      [337.5, 66.44353569],
      [337.5, 78.28414761],
    ];
    expected.forEach(([ra, dec], k) => {
      const c = pix2angNest(k, ringToNest(k, 11n));
      expect(c.raDeg).toBeCloseTo(ra, TOLERANCE_DEG_DIGITS);
      expect(c.decDeg).toBeCloseTo(dec, TOLERANCE_DEG_DIGITS);
    });
  });

  it('round-trips with ang2pixNest for every pixel at order 3 and random pixels at order 29', () => {
    for (let p = 0n; p < 12n * 4n ** 3n; p++) {
      const c = pix2angNest(3, p);
      expect(ang2pixNest(3, c.raDeg, c.decDeg)).toBe(p);
    }
    const random = makeRandom(7);
    for (let i = 0; i < 2000; i++) {
      const p =
        BigInt(Math.floor(random() * 12 * 2 ** 26)) * 2n ** 32n + BigInt(Math.floor(random() * 2 ** 32));
      const c = pix2angNest(29, p);
      expect(ang2pixNest(29, c.raDeg, c.decDeg)).toBe(p);
    }
  });

  it('accepts Number indices and rejects out-of-range ones', () => {
    expect(pix2angNest(5, 1234)).toEqual(pix2angNest(5, 1234n));
    expect(() => pix2angNest(0, 12n)).toThrow(RangeError);
    expect(() => pix2angNest(0, -1n)).toThrow(RangeError);
    expect(() => pix2angNest(2, 0.5)).toThrow(RangeError);
  });
});

describe('nestToRing / ringToNest', () => {
  it('matches healpy docstring values', () => {
    expect(nestToRing(4, 1130n)).toBe(1504n);
    expect(ringToNest(4, 1504n)).toBe(1130n);
    const first10 = Array.from({ length: 10 }, (_, i) => i);
    expect(first10.map((i) => nestToRing(1, i))).toEqual([13, 5, 4, 0, 15, 7, 6, 1, 17, 9]);
    expect(first10.map((i) => ringToNest(1, i))).toEqual([3, 7, 11, 15, 2, 1, 6, 5, 10, 9]);
    expect([0, 1, 2, 3].map((k) => nestToRing(k, 11))).toEqual([11, 2, 12, 211]);
    expect([0, 1, 2, 3].map((k) => ringToNest(k, 11))).toEqual([11, 13, 61, 253]);
    // healpy `reorder(np.arange(48), r2n=True)`: the NESTED → RING table of order 1.
    const table = [
      13, 5, 4, 0, 15, 7, 6, 1, 17, 9, 8, 2, 19, 11, 10, 3, 28, 20, 27, 12, 30, 22, 21, 14, 32, 24, 23, 16,
    ];
    table.push(34, 26, 25, 18, 44, 37, 36, 29, 45, 39, 38, 31, 46, 41, 40, 33, 47, 43, 42, 35);
    expect(Array.from({ length: 48 }, (_, i) => nestToRing(1, i))).toEqual(table);
  });

  it('is a bijection at order 2, and RING indices run north to south then east', () => {
    const npix = 12 * 4 ** 2;
    const seen = new Set<number>();
    let previous = { raDeg: -1, decDeg: 91 };
    for (let ring = 0; ring < npix; ring++) {
      const nest = ringToNest(2, ring);
      expect(nestToRing(2, nest)).toBe(ring);
      seen.add(nest);
      const c = pix2angNest(2, nest);
      if (c.decDeg === previous.decDeg) expect(c.raDeg).toBeGreaterThan(previous.raDeg);
      else expect(c.decDeg).toBeLessThan(previous.decDeg);
      previous = c;
    }
    expect(seen.size).toBe(npix);
    for (let nest = 0; nest < npix; nest++) expect(ringToNest(2, nestToRing(2, nest))).toBe(nest);
  });

  it('round-trips at high orders in bigint, consistently with the Number path', () => {
    const random = makeRandom(99);
    for (const k of [24, 25, 29]) {
      const npix = 12n * 4n ** BigInt(k);
      for (const p of [0n, 1n, npix / 2n, npix - 1n, npix / 12n, (npix * 11n) / 12n - 1n]) {
        expect(ringToNest(k, nestToRing(k, p))).toBe(p);
      }
      for (let i = 0; i < 500; i++) {
        const [ra, dec] = randomPosition(random);
        const nest = ang2pixNest(k, ra, dec);
        const ring = nestToRing(k, nest);
        expect(ringToNest(k, ring)).toBe(nest);
        if (k <= 24) expect(nestToRing(k, Number(nest))).toBe(Number(ring));
      }
    }
    expect(() => nestToRing(25, 5)).toThrow(RangeError);
    expect(() => ringToNest(2, 192)).toThrow(RangeError);
  });
});

describe('maxPixelRadiusDeg / chooseConeOrder', () => {
  it('is 48.19° at order 0 (base-pixel centre to pole: acos(2/3)) and decreases', () => {
    expect(maxPixelRadiusDeg(0)).toBeCloseTo(Math.acos(2 / 3) / RAD, 10);
    for (let k = 1; k <= MAX_ORDER; k++) {
      const ratio = maxPixelRadiusDeg(k - 1) / maxPixelRadiusDeg(k);
      expect(ratio).toBeGreaterThan(1.7);
      expect(ratio).toBeLessThan(2.01);
    }
    // Order 29 pixels are below a milliarcsecond across.
    expect(maxPixelRadiusDeg(29) * 3600e3).toBeLessThan(0.5);
  });

  it('picks the coarsest order whose pixel radius is at most half the radius', () => {
    for (const r of [1 / 3600, 5 / 3600, 1 / 60, 1, 5]) {
      const k = chooseConeOrder(r);
      expect(maxPixelRadiusDeg(k)).toBeLessThanOrEqual(r / 2);
      if (k > 0) expect(maxPixelRadiusDeg(k - 1)).toBeGreaterThan(r / 2);
    }
    expect(chooseConeOrder(0)).toBe(29);
    expect(chooseConeOrder(0, 12)).toBe(12);
    expect(chooseConeOrder(180)).toBe(0);
  });
});

describe('coneRanges', () => {
  const radiiDeg = [1 / 3600, 5 / 3600, 1 / 60, 1, 5];
  const centres: [number, number][] = [
    [193.8217, 2.897],
    [0.00001, 30],
    [359.99999, -30],
    [0, 0],
    [120, 89.9999],
    [300, -89.99],
    [10, 90],
    [45, DEC_TWO_THIRDS_DEG],
    [270.5, -41.81],
  ];

  it('never misses a point inside the cone', () => {
    const random = makeRandom(31415);
    for (const [ra, dec] of centres) {
      for (const r of radiiDeg) {
        const ranges = coneRanges('auto', ra, dec, r);
        const fixed = coneRanges(chooseConeOrder(r) + 1, ra, dec, r, 29);
        const coarse = coneRanges('auto', ra, dec, r, 12);
        for (let i = 0; i < 300; i++) {
          // Uniform in the disc, plus points on the rim (distance r·(1 − 1e-9)).
          const dist = i < 50 ? r * (1 - 1e-9) : r * Math.sqrt(random());
          const [pra, pdec] = offset(ra, dec, dist, random() * 360);
          expect(separationDeg(ra, dec, pra, pdec)).toBeLessThanOrEqual(r * (1 + 1e-9));
          const pix = ang2pixNest(29, pra, pdec);
          if (!inRanges(ranges, pix)) expect.fail(`missed (${pra}, ${pdec}) in cone (${ra}, ${dec}, ${r})`);
          expect(inRanges(fixed, pix)).toBe(true);
          expect(inRanges(coarse, ang2pixNest(12, pra, pdec))).toBe(true);
        }
      }
    }
  });

  it('returns sorted, disjoint, non-adjacent ranges covering at most 4× the cone area', () => {
    const fineAreaSr = (4 * Math.PI) / (12 * 4 ** 29);
    for (const [ra, dec] of centres) {
      for (const r of radiiDeg.slice(1)) {
        const ranges = coneRanges('auto', ra, dec, r);
        let pixels = 0n;
        ranges.forEach(([start, end], i) => {
          expect(end).toBeGreaterThan(start);
          if (i > 0) expect(start).toBeGreaterThan(ranges[i - 1][1]);
          pixels += end - start;
        });
        const coneAreaSr = 2 * Math.PI * (1 - Math.cos(r * RAD));
        const ratio = (Number(pixels) * fineAreaSr) / coneAreaSr;
        expect(ratio, `cone (${ra}, ${dec}, ${r})`).toBeGreaterThanOrEqual(1);
        expect(ratio, `cone (${ra}, ${dec}, ${r})`).toBeLessThanOrEqual(4);
        expect(ranges.length).toBeLessThanOrEqual(64);
      }
    }
  });

  it('covers the whole sky for a radius of 180° and handles a zero radius', () => {
    expect(coneRanges('auto', 10, 20, 180)).toEqual([[0n, 12n * 4n ** 29n]]);
    expect(coneRanges(3, 10, 20, 200, 5)).toEqual([[0n, 12n * 4n ** 5n]]);
    const pix = ang2pixNest(29, 10, 20);
    expect(inRanges(coneRanges('auto', 10, 20, 0), pix)).toBe(true);
  });

  it('rejects invalid arguments', () => {
    expect(() => coneRanges('auto', 10, 95, 1)).toThrow(RangeError);
    expect(() => coneRanges('auto', 10, 20, -1)).toThrow(RangeError);
    expect(() => coneRanges('auto', 10, 20, Number.NaN)).toThrow(RangeError);
    expect(() => coneRanges(13, 10, 20, 1, 12)).toThrow(RangeError);
    expect(() => coneRanges(5, 10, 20, 1, 30)).toThrow(RangeError);
  });
});
