import { describe, expect, it } from 'vitest';
import { choleskyLower, solveCholesky } from './cholesky.js';

describe('Cholesky factorisation', () => {
  // A = B Bᵀ + I for a fixed B: symmetric positive definite; x chosen, v = A x
  const b = [
    [2, -1, 0.5],
    [0.3, 1.5, -2],
    [1, 0.2, 0.7],
  ];
  const m = 3;
  const a = new Float64Array(m * m);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < m; j++) a[i * m + j] = b[i].reduce((s, bik, k) => s + bik * b[j][k], i === j ? 1 : 0);
  const x = [0.25, -3, 1.5];
  const v = Float64Array.from({ length: m }, (_, i) => x.reduce((s, xj, j) => s + a[i * m + j] * xj, 0));

  it('gives L with L Lᵀ = A and zeros above the diagonal', () => {
    const l = choleskyLower(a, m, 1e-13);
    if (!l) throw new Error('not factorised');
    for (let i = 0; i < m; i++)
      for (let j = 0; j < m; j++) {
        let s = 0;
        for (let k = 0; k < m; k++) s += l[i * m + k] * l[j * m + k];
        expect(s).toBeCloseTo(a[i * m + j], 12);
        if (j > i) expect(l[i * m + j]).toBe(0);
      }
  });

  it('solves A x = v', () => {
    const l = choleskyLower(a, m, 1e-13);
    if (!l) throw new Error('not factorised');
    const solved = solveCholesky(l, v, m);
    for (const [i, xi] of x.entries()) expect(solved[i]).toBeCloseTo(xi, 10);
  });

  it('refuses a singular or indefinite matrix', () => {
    expect(choleskyLower(Float64Array.from([1, 2, 2, 4]), 2, 1e-13)).toBeNull();
    expect(choleskyLower(Float64Array.from([1, 3, 3, 1]), 2, 1e-13)).toBeNull();
    expect(choleskyLower(Float64Array.from([Number.NaN, 0, 0, 1]), 2, 1e-13)).toBeNull();
  });
});
