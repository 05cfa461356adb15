/**
 * Cholesky factorisation of a symmetric positive-definite matrix, A = L Lᵀ, and the solution of A x = v from it.
 * Pure. Reference: Golub & Van Loan 2013, Matrix Computations, §4.2 (Algorithm 4.2.1).
 */

/**
 * The lower-triangular factor L of A = L Lᵀ.
 * @param a row-major m × m matrix (lower triangle read; not modified).
 * @param m dimension, >= 1.
 * @param pivotRatio a pivot at most this times |its diagonal entry| counts as zero (singular matrix).
 * @returns L row-major (upper triangle 0), or null when a pivot counts as zero or is not finite (A singular or
 *   not positive definite).
 */
export function choleskyLower(a: Float64Array, m: number, pivotRatio: number): Float64Array | null {
  const l = new Float64Array(m * m);
  for (let j = 0; j < m; j++) {
    let diag = a[j * m + j];
    for (let k = 0; k < j; k++) diag -= l[j * m + k] * l[j * m + k];
    if (!(diag > pivotRatio * Math.abs(a[j * m + j])) || !Number.isFinite(diag)) return null;
    const ljj = Math.sqrt(diag);
    l[j * m + j] = ljj;
    for (let i = j + 1; i < m; i++) {
      let s = a[i * m + j];
      for (let k = 0; k < j; k++) s -= l[i * m + k] * l[j * m + k];
      l[i * m + j] = s / ljj;
    }
  }
  return l;
}

/**
 * x with L Lᵀ x = v, by forward then back substitution.
 * @param l the factor of {@link choleskyLower}. @param v right-hand side (not modified). @param m dimension.
 */
export function solveCholesky(l: Float64Array, v: Float64Array, m: number): Float64Array {
  const x = Float64Array.from(v);
  for (let i = 0; i < m; i++) {
    let z = x[i];
    for (let k = 0; k < i; k++) z -= l[i * m + k] * x[k];
    x[i] = z / l[i * m + i];
  }
  for (let i = m - 1; i >= 0; i--) {
    let z = x[i];
    for (let k = i + 1; k < m; k++) z -= l[k * m + i] * x[k];
    x[i] = z / l[i * m + i];
  }
  return x;
}
