import { describe, expect, it } from 'vitest';
import { invertSymmetricPositive, parameterErrors } from './covariance.js';

describe('invertSymmetricPositive', () => {
  it('inverts a 3 × 3 SPD matrix (A · inv(A) = I to 1e-12)', () => {
    const a = Float64Array.from([4, 1, 0.5, 1, 3, 0.2, 0.5, 0.2, 2]);
    const inv = invertSymmetricPositive(a, 3);
    expect(inv).not.toBeNull();
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        let s = 0;
        for (let k = 0; k < 3; k++) s += a[i * 3 + k] * (inv as Float64Array)[k * 3 + j];
        expect(s).toBeCloseTo(i === j ? 1 : 0, 12);
      }
    }
  });

  it('returns null for singular matrices (a zero column, two equal columns)', () => {
    expect(invertSymmetricPositive(Float64Array.from([1, 0, 0, 0]), 2)).toBeNull();
    expect(invertSymmetricPositive(Float64Array.from([2, 2, 2, 2]), 2)).toBeNull();
  });
});

describe('parameterErrors', () => {
  it('gives the textbook straight-line errors: var(b) = s² / Sxx, var(a) = s² Σx² / (n Sxx)', () => {
    const x = [0, 1, 2, 3, 4, 5];
    const residuals = [0.1, -0.2, 0.05, 0.15, -0.1, 0];
    const n = x.length;
    const jac = new Float64Array(n * 2);
    x.forEach((xi, k) => {
      jac[k * 2] = 1;
      jac[k * 2 + 1] = xi;
    });
    const sumSq = residuals.reduce((s, f) => s + f * f, 0);
    const errors = parameterErrors(jac, n, 2, sumSq) as Float64Array;
    const mean = x.reduce((s, v) => s + v, 0) / n;
    const sxx = x.reduce((s, v) => s + (v - mean) ** 2, 0);
    const s2 = sumSq / (n - 2);
    expect(errors[1]).toBeCloseTo(Math.sqrt(s2 / sxx), 12);
    expect(errors[0]).toBeCloseTo(Math.sqrt((s2 * x.reduce((s, v) => s + v * v, 0)) / (n * sxx)), 12);
  });
});
