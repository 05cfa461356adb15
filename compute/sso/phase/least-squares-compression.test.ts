import { describe, expect, it } from 'vitest';
import {
  blockCompression,
  choleskyR,
  compressBlocks,
  gramsFromBlocks,
  householderR,
  zeroParameterColumn,
} from './least-squares-compression.js';

/** Deterministic pseudo-random numbers in [-1, 1) (linear congruential, Numerical Recipes constants). */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 31 - 1;
  };
}

/** AᵀA of a column-major n × m matrix, row-major m × m. */
function gram(a: Float64Array, n: number, m: number): Float64Array {
  const out = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) {
      let s = 0;
      for (let k = 0; k < n; k++) s += a[i * n + k] * a[j * n + k];
      out[i * m + j] = s;
    }
  }
  return out;
}

/** RᵀR of a row-major m × m matrix. */
function rtr(r: Float64Array, m: number): Float64Array {
  const out = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) {
      let s = 0;
      for (let k = 0; k < m; k++) s += r[k * m + i] * r[k * m + j];
      out[i * m + j] = s;
    }
  }
  return out;
}

describe('householderR', () => {
  it('gives an upper-triangular R with RᵀR = AᵀA (200 × 10, to 1e-12 relative)', () => {
    const [n, m] = [200, 10];
    const next = sequence(7);
    const a = Float64Array.from({ length: n * m }, () => next());
    const expected = gram(a, n, m);
    const r = new Float64Array(m * m);
    householderR(a.slice(), n, m, r);
    for (let i = 1; i < m; i++) for (let j = 0; j < i; j++) expect(r[i * m + j]).toBe(0);
    const got = rtr(r, m);
    for (let i = 0; i < m * m; i++) expect(Math.abs(got[i] - expected[i])).toBeLessThan(1e-12 * n);
  });

  it('keeps a zero column exact (zero diagonal, zero column of R) and still factors the others', () => {
    const [n, m] = [30, 4];
    const next = sequence(3);
    const a = Float64Array.from({ length: n * m }, () => next());
    a.fill(0, 1 * n, 2 * n);
    const expected = gram(a, n, m);
    const r = new Float64Array(m * m);
    householderR(a.slice(), n, m, r);
    for (let i = 0; i < m; i++) expect(r[i * m + 1]).toBe(0);
    const got = rtr(r, m);
    for (let i = 0; i < m * m; i++) expect(Math.abs(got[i] - expected[i])).toBeLessThan(1e-13 * n);
  });

  it('with fewer rows than columns fills only the first n rows of R (RᵀR = AᵀA still)', () => {
    const [n, m] = [2, 4];
    const a = Float64Array.from([1, 2, 3, -1, 0.5, 0.5, 2, 0]);
    const expected = gram(a, n, m);
    const r = new Float64Array(m * m);
    householderR(a.slice(), n, m, r);
    for (let i = n; i < m; i++) for (let j = 0; j < m; j++) expect(r[i * m + j]).toBe(0);
    const got = rtr(r, m);
    for (let i = 0; i < m * m; i++) expect(got[i]).toBeCloseTo(expected[i], 13);
  });

  it('reduces the last column to the least-squares residual norm: |R[m-1][m-1]| = min ||A x - b||', () => {
    // Straight line through (0, 1), (1, 2), (2, 4): least-squares residual norm sqrt(1/6) (textbook fit
    // y = 0.8333 + 1.5 x, residuals 1/6, -1/3, 1/6).
    const a = Float64Array.from([1, 1, 1, 0, 1, 2, 1, 2, 4]);
    const r = new Float64Array(9);
    householderR(a, 3, 3, r);
    expect(Math.abs(r[8])).toBeCloseTo(Math.sqrt(1 / 6), 14);
  });
});

describe('choleskyR', () => {
  it('factors a positive-definite Gram matrix: upper-triangular R, RᵀR = G to 1e-12 relative', () => {
    const [n, m] = [50, 6];
    const next = sequence(11);
    const a = Float64Array.from({ length: n * m }, () => next());
    const g = gram(a, n, m);
    const r = new Float64Array(m * m);
    choleskyR(g, m, r);
    for (let i = 1; i < m; i++) for (let j = 0; j < i; j++) expect(r[i * m + j]).toBe(0);
    const got = rtr(r, m);
    for (let i = 0; i < m * m; i++) expect(Math.abs(got[i] - g[i])).toBeLessThan(1e-12 * n);
  });

  it('gives a zero row for a dependent column (column 2 = column 0 + column 1) and still RᵀR = G', () => {
    const [n, m] = [20, 4];
    const next = sequence(12);
    const a = Float64Array.from({ length: n * m }, () => next());
    for (let k = 0; k < n; k++) a[2 * n + k] = a[k] + a[n + k];
    const g = gram(a, n, m);
    const r = new Float64Array(m * m);
    choleskyR(g, m, r);
    for (let j = 0; j < m; j++) expect(r[2 * m + j]).toBe(0);
    const got = rtr(r, m);
    for (let i = 0; i < m * m; i++) expect(Math.abs(got[i] - g[i])).toBeLessThan(1e-11 * n);
  });
});

describe('compressBlocks', () => {
  /**
   * A random [J | g] with the phase-fit structure (shared columns dense, band columns on their band's rows),
   * held band by band and compressed; returns the full Gram matrix of [J | g] and that of the p + 1
   * compressed rows.
   */
  function grams(
    shared: number,
    bandWidth: number,
    rowCounts: number[],
    seed: number,
    zeroed: number[] = [],
  ): [Float64Array, Float64Array] {
    const next = sequence(seed);
    const n = rowCounts.reduce((a, b) => a + b, 0);
    const p = shared + rowCounts.length * bandWidth;
    const full = new Float64Array(n * (p + 1));
    const bandStart = Int32Array.from([
      0,
      ...rowCounts.map((_, b) => rowCounts.slice(0, b + 1).reduce((x, y) => x + y)),
    ]);
    const c = blockCompression(shared, bandWidth, bandStart);
    rowCounts.forEach((rowCount, b) => {
      for (let local = 0; local < rowCount; local++) {
        const k = bandStart[b] + local;
        const put = (column: number, blockColumn: number): void => {
          const value = next();
          full[column * n + k] = value;
          c.blocks[b][blockColumn * rowCount + local] = value;
        };
        for (let j = 0; j < bandWidth; j++) put(shared + b * bandWidth + j, j);
        for (let j = 0; j < shared; j++) put(j, bandWidth + j);
        put(p, bandWidth + shared);
      }
    });
    gramsFromBlocks(c);
    for (const j of zeroed) {
      full.fill(0, j * n, (j + 1) * n);
      zeroParameterColumn(c, j);
    }
    const rows = Array.from({ length: p + 1 }, () => new Array<number>(p).fill(Number.NaN));
    const residuals = new Float64Array(p + 1);
    compressBlocks(c, rows, residuals);
    const compressed = new Float64Array((p + 1) * (p + 1));
    rows.forEach((row, i) => {
      for (let j = 0; j < p; j++) compressed[j * (p + 1) + i] = row[j];
      compressed[p * (p + 1) + i] = residuals[i];
    });
    return [gram(full, n, p + 1), gram(compressed, p + 1, p + 1)];
  }

  it.each([
    { shared: 3, bandWidth: 3, rowCounts: [120, 180], seed: 1 },
    { shared: 0, bandWidth: 2, rowCounts: [50, 70, 9], seed: 2 },
    { shared: 0, bandWidth: 3, rowCounts: [100], seed: 3 },
    // A band with fewer rows than its block has columns.
    { shared: 3, bandWidth: 3, rowCounts: [40, 2], seed: 4 },
  ])('keeps JᵀJ, Jᵀg and gᵀg (shared $shared, width $bandWidth, rows $rowCounts; to 1e-12 relative)', (c) => {
    const [expected, got] = grams(c.shared, c.bandWidth, c.rowCounts, c.seed);
    const n = c.rowCounts.reduce((a, b) => a + b, 0);
    for (let i = 0; i < expected.length; i++) expect(Math.abs(got[i] - expected[i])).toBeLessThan(1e-12 * n);
  });

  it.each([
    { what: 'a shared column', zeroed: [1] },
    { what: 'a band column of the first band', zeroed: [4] },
    { what: 'a band column of the last band', zeroed: [7] },
    { what: 'a shared and two band columns', zeroed: [0, 3, 8] },
  ])('zeroParameterColumn zeroes $what exactly and nothing else', (c) => {
    const [expected, got] = grams(3, 3, [60, 80], 5, c.zeroed);
    const m = 10;
    for (const j of c.zeroed) for (let i = 0; i < m; i++) expect(got[j * m + i]).toBe(0);
    for (let i = 0; i < expected.length; i++)
      expect(Math.abs(got[i] - expected[i])).toBeLessThan(1e-12 * 140);
  });
});
