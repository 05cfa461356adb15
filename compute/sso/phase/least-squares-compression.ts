/**
 * Compression of a linear least-squares problem to as many rows as it has unknowns, plus one. Householder QR of
 * the augmented matrix [J | g] (n × (p + 1)) gives an upper-triangular R̃ with R̃ᵀR̃ = [J | g]ᵀ[J | g]: its first
 * p columns and its last column are a Jacobian and a residual vector of p + 1 rows with the same JᵀJ, Jᵀg and
 * gᵀg as the n rows, hence the same Gauss-Newton and Levenberg-Marquardt steps and the same linearised cost
 * ||g + J δ||² for every δ. Pure.
 * Reference: Golub & Van Loan 2013, Matrix Computations, §5.1.2 (Householder vectors) and §5.3.3 (QR solution of
 * least squares); Lawson & Hanson 1974, Solving Least Squares Problems, ch. 27 (sequential accumulation).
 */

/**
 * Householder QR of a column-major n × m matrix, returning only R.
 * @param a column-major n × m matrix (column j at `a[j * n ... j * n + n - 1]`); overwritten (it receives the
 *   Householder vectors).
 * @param n rows, >= 1; @param m columns, >= 1.
 * @param rOut receives R row-major, m × m, upper triangular (rows past n, when m > n, are zero), with
 *   RᵀR = AᵀA to rounding. Row signs are arbitrary. A column that is zero on and below the diagonal gives a zero
 *   diagonal entry and no reflection (exact for a parameter whose Jacobian column is zero).
 * Reference: Golub & Van Loan 2013, Matrix Computations, Algorithms 5.1.1 and 5.2.1.
 */
export function householderR(a: Float64Array, n: number, m: number, rOut: Float64Array): void {
  rOut.fill(0);
  for (let j = 0; j < m && j < n; j++) {
    const cj = j * n;
    let normSq = 0;
    for (let k = j; k < n; k++) normSq += a[cj + k] * a[cj + k];
    const ajj = a[cj + j];
    if (normSq === 0) {
      for (let i = j + 1; i < m; i++) rOut[j * m + i] = a[i * n + j];
      continue;
    }
    const norm = Math.sqrt(normSq);
    const alpha = ajj > 0 ? -norm : norm;
    // v = a[j.., j] - alpha e_j, stored in place; vᵀv = 2 (norm² - alpha a_jj).
    a[cj + j] = ajj - alpha;
    const twoOverVtv = 1 / (normSq - alpha * ajj);
    for (let i = j + 1; i < m; i++) {
      const ci = i * n;
      let s = 0;
      for (let k = j; k < n; k++) s += a[cj + k] * a[ci + k];
      const f = s * twoOverVtv;
      for (let k = j; k < n; k++) a[ci + k] -= f * a[cj + k];
      rOut[j * m + i] = a[ci + j];
    }
    rOut[j * m + j] = alpha;
  }
}
