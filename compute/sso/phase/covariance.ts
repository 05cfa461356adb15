/**
 * Parameter covariance of a least-squares fit as Fink derives it from SciPy's result:
 * cov = inv(JᵀJ) · Σ f² / (N - p), J being the Jacobian row-scaled for the robust loss. Pure.
 * Reference: docs/references.md#phase-fit-recipe (uncertainties); fink-utils `sso/spins.py`.
 */
import { choleskyLower } from '../../linalg/index.js';

/** Relative pivot below which a Cholesky pivot counts as zero (JᵀJ singular, numpy's LinAlgError). */
const SINGULAR_PIVOT_RATIO = 1e-13;

/**
 * Inverse of a symmetric positive-definite matrix by Cholesky factorisation.
 * @param a row-major p × p matrix (not modified).
 * @param p dimension, >= 1.
 * @returns the inverse, row-major; null when a pivot is <= 1e-13 times its diagonal entry (singular or not
 *   positive definite), or not finite.
 * Reference: Golub & Van Loan 2013, Matrix Computations, §4.2.
 */
export function invertSymmetricPositive(a: Float64Array, p: number): Float64Array | null {
  const l = choleskyLower(a, p, SINGULAR_PIVOT_RATIO);
  if (!l) return null;
  // inv(A) = inv(L)ᵀ inv(L); invert the lower-triangular L column by column.
  const li = new Float64Array(p * p);
  for (let j = 0; j < p; j++) {
    li[j * p + j] = 1 / l[j * p + j];
    for (let i = j + 1; i < p; i++) {
      let s = 0;
      for (let k = j; k < i; k++) s -= l[i * p + k] * li[k * p + j];
      li[i * p + j] = s / l[i * p + i];
    }
  }
  const inv = new Float64Array(p * p);
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let s = 0;
      for (let k = i; k < p; k++) s += li[k * p + i] * li[k * p + j];
      inv[i * p + j] = s;
      inv[j * p + i] = s;
    }
  }
  return inv;
}

/**
 * One-sigma parameter uncertainties sqrt(diag(inv(JᵀJ) · Σf² / (N - p))).
 * @param jacobian row-major n × p Jacobian (already row-scaled as wanted).
 * @param n rows, > p; @param p columns.
 * @param sumSquaredResiduals Σ f² of the raw residuals (mag²).
 * @returns per-parameter uncertainty, same units as the parameters; null when JᵀJ is singular.
 * Reference: docs/references.md#phase-fit-recipe (`cov = inv(JᵀJ) * sum(f²) / (N - p)`).
 */
export function parameterErrors(
  jacobian: Float64Array,
  n: number,
  p: number,
  sumSquaredResiduals: number,
): Float64Array | null {
  const jtj = new Float64Array(p * p);
  for (let k = 0; k < n; k++) {
    const row = k * p;
    for (let i = 0; i < p; i++) {
      const ji = jacobian[row + i];
      if (ji === 0) continue;
      for (let j = 0; j <= i; j++) jtj[i * p + j] += ji * jacobian[row + j];
    }
  }
  for (let i = 0; i < p; i++) for (let j = 0; j < i; j++) jtj[j * p + i] = jtj[i * p + j];
  const inv = invertSymmetricPositive(jtj, p);
  if (!inv) return null;
  const scale = sumSquaredResiduals / (n - p);
  const errors = new Float64Array(p);
  for (let i = 0; i < p; i++) errors[i] = Math.sqrt(inv[i * p + i] * scale);
  return errors;
}
