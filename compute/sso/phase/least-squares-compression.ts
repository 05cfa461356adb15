/**
 * Compression of a linear least-squares problem to as many rows as it has unknowns, plus one. An upper-triangular
 * R̃ with R̃ᵀR̃ = [J | g]ᵀ[J | g] (the R of a QR factorisation of the n × (p + 1) augmented matrix) has, in its first
 * p columns and its last column, a Jacobian and a residual vector of p + 1 rows with the same JᵀJ, Jᵀg and gᵀg as
 * the n rows, hence the same Gauss-Newton and Levenberg-Marquardt steps and the same linearised cost
 * ||g + J δ||² for every δ. Phase-curve Jacobians are block angular (band parameters touch their band's rows
 * only), so R̃ is built band by band. Pure.
 * Reference: Golub & Van Loan 2013, Matrix Computations, §5.1.2 (Householder vectors) and §5.3 (least squares);
 * Lawson & Hanson 1974, Solving Least Squares Problems, ch. 27 (sequential accumulation); Björck 1996, Numerical
 * Methods for Least Squares Problems, §6.3 (block angular problems).
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

/**
 * Upper-triangular R with RᵀR = G for a symmetric positive semi-definite G (Cholesky factorisation). A pivot that
 * is not above 1e-14 times its diagonal entry (a zero column, or one in the span of the previous ones to rounding)
 * gives a zero row: RᵀR then misses that pivot's Schur-complement column, whose entries are at most
 * sqrt(pivot G_ii) (1e-7 of the diagonal scale).
 * @param gram row-major w × w, upper triangle read. @param w dimension, >= 1.
 * @param rOut receives R row-major, w × w.
 * Reference: Golub & Van Loan 2013, Matrix Computations, Algorithm 4.2.1; Higham 2002, Accuracy and Stability of
 *   Numerical Algorithms, §10.3 (semi-definite case).
 */
export function choleskyR(gram: Float64Array, w: number, rOut: Float64Array): void {
  rOut.fill(0);
  for (let j = 0; j < w; j++) {
    let pivot = gram[j * w + j];
    for (let k = 0; k < j; k++) pivot -= rOut[k * w + j] * rOut[k * w + j];
    if (!(pivot > SEMIDEFINITE_PIVOT_RATIO * gram[j * w + j])) continue;
    const rjj = Math.sqrt(pivot);
    rOut[j * w + j] = rjj;
    for (let i = j + 1; i < w; i++) {
      let s = gram[j * w + i];
      for (let k = 0; k < j; k++) s -= rOut[k * w + j] * rOut[k * w + i];
      rOut[j * w + i] = s / rjj;
    }
  }
}

/** Relative pivot below which `choleskyR` treats a column as dependent (a few times w·eps above rounding). */
const SEMIDEFINITE_PIVOT_RATIO = 1e-14;

/**
 * Workspace of `compressBlocks` for a Jacobian with the structure of a multi-band phase-curve fit: `sharedCount`
 * columns (sHG1G2's R, alpha0, delta0) dense over all rows, then per band `bandWidth` columns that are zero outside
 * that band's rows, the rows being grouped band by band.
 */
export interface BlockCompression {
  readonly sharedCount: number;
  readonly bandWidth: number;
  /** First row of each band, then the row count: length bands + 1. */
  readonly bandStart: Int32Array;
  /**
   * Per band, the caller's input: a column-major n_b × w matrix, w = bandWidth + sharedCount + 1, of the band's
   * rows of [own band columns | shared columns | residual].
   */
  readonly blocks: Float64Array[];
  /** Per band, the Gram matrix of its block (w × w row-major, upper triangle), from `gramsFromBlocks`. */
  readonly grams: Float64Array[];
  readonly blockR: Float64Array;
  readonly stack: Float64Array;
  readonly stackR: Float64Array;
}

/**
 * Allocates the workspace of `compressBlocks`.
 * @param sharedCount dense leading parameters, >= 0; @param bandWidth parameters per band, >= 1.
 * @param bandStart first row of each band then the row count (ascending, every band non-empty).
 */
export function blockCompression(
  sharedCount: number,
  bandWidth: number,
  bandStart: Int32Array,
): BlockCompression {
  const bands = bandStart.length - 1;
  const width = bandWidth + sharedCount + 1;
  const tail = sharedCount + 1;
  return {
    sharedCount,
    bandWidth,
    bandStart,
    blocks: Array.from(
      { length: bands },
      (_, b) => new Float64Array((bandStart[b + 1] - bandStart[b]) * width),
    ),
    grams: Array.from({ length: bands }, () => new Float64Array(width * width)),
    blockR: new Float64Array(width * width),
    stack: new Float64Array(bands * tail * tail),
    stackR: new Float64Array(tail * tail),
  };
}

/**
 * Computes each band's Gram matrix AᵀA (upper triangle) from its block, column by column dot products.
 * @param c the workspace, blocks filled.
 */
export function gramsFromBlocks(c: BlockCompression): void {
  const { bandStart, blocks, grams } = c;
  const w = c.bandWidth + c.sharedCount + 1;
  for (let b = 0; b < blocks.length; b++) {
    const a = blocks[b];
    const gram = grams[b];
    const n = bandStart[b + 1] - bandStart[b];
    for (let i = 0; i < w; i++) {
      const ci = i * n;
      for (let j = i; j < w; j++) {
        const cj = j * n;
        let s = 0;
        for (let k = 0; k < n; k++) s += a[ci + k] * a[cj + k];
        gram[i * w + j] = s;
      }
    }
  }
}

/**
 * Zeroes the column of one parameter in the Gram matrices that hold it (every band for a shared parameter, its
 * own band for a band parameter), as for a parameter held on an active bound: its row and column of AᵀA.
 * @param c the workspace, Gram matrices computed; @param parameter index in parameter order (shared, then bands).
 */
export function zeroParameterColumn(c: BlockCompression, parameter: number): void {
  const { sharedCount, bandWidth, grams } = c;
  const w = bandWidth + sharedCount + 1;
  const bandOf = Math.floor((parameter - sharedCount) / bandWidth);
  for (let b = 0; b < grams.length; b++) {
    if (parameter >= sharedCount && b !== bandOf) continue;
    const column = parameter < sharedCount ? bandWidth + parameter : parameter - sharedCount - b * bandWidth;
    for (let i = 0; i < w; i++) {
      grams[b][i * w + column] = 0;
      grams[b][column * w + i] = 0;
    }
  }
}

/**
 * Compresses [J | g], given band by band as the Gram matrices in `c.grams`, to p + 1 rows with the same JᵀJ, Jᵀg
 * and gᵀg: the Cholesky factor R_b of each band's Gram matrix (the R of a QR of the band's rows), whose first
 * `bandWidth` rows are kept, then a QR of the stacked remainders of the R_b, which involve the shared columns and
 * the residual only. O(w³) per band; the Gram matrices cost O(n_b w²/2).
 * @param c the workspace, Gram matrices computed (read only).
 * @param jacobianRows receives p + 1 rows of p values in parameter order (shared, then band by band).
 * @param residuals receives the p + 1 matching residuals.
 * Reference: Golub & Van Loan 2013, Matrix Computations, §5.3.2-5.3.3 (normal equations and QR); Björck 1996,
 *   Numerical Methods for Least Squares Problems, §6.3 (block angular problems).
 */
export function compressBlocks(c: BlockCompression, jacobianRows: number[][], residuals: Float64Array): void {
  const { sharedCount, bandWidth, grams, blockR, stack, stackR } = c;
  const bands = grams.length;
  const width = bandWidth + sharedCount + 1;
  const tail = sharedCount + 1;
  const stackRows = bands * tail;
  for (const row of jacobianRows) row.fill(0);
  for (let b = 0; b < bands; b++) {
    choleskyR(grams[b], width, blockR);
    const bandOffset = sharedCount + b * bandWidth;
    for (let i = 0; i < bandWidth; i++) {
      const row = jacobianRows[b * bandWidth + i];
      for (let j = 0; j < bandWidth; j++) row[bandOffset + j] = blockR[i * width + j];
      for (let s = 0; s < sharedCount; s++) row[s] = blockR[i * width + bandWidth + s];
      residuals[b * bandWidth + i] = blockR[i * width + width - 1];
    }
    for (let i = 0; i < tail; i++) {
      for (let j = 0; j < tail; j++)
        stack[j * stackRows + b * tail + i] = blockR[(bandWidth + i) * width + bandWidth + j];
    }
  }
  householderR(stack, stackRows, tail, stackR);
  for (let i = 0; i < tail; i++) {
    const row = jacobianRows[bands * bandWidth + i];
    for (let s = 0; s < sharedCount; s++) row[s] = stackR[i * tail + s];
    residuals[bands * bandWidth + i] = stackR[i * tail + sharedCount];
  }
}
