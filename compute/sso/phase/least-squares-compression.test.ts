import { describe, expect, it } from 'vitest';
import { householderR } from './least-squares-compression.js';

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
