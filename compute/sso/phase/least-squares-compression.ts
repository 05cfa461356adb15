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
   * Per band, the caller's input: a column-major n_b × (bandWidth + sharedCount + 1) matrix of the band's rows
   * holding its own band columns, then the shared columns, then the residual. Overwritten by `compressBlocks`.
   */
  readonly blocks: Float64Array[];
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
    blockR: new Float64Array(width * width),
    stack: new Float64Array(bands * tail * tail),
    stackR: new Float64Array(tail * tail),
  };
}

/**
 * Zeroes the column of one parameter in the blocks that hold it (every block for a shared parameter, its band's
 * block for a band parameter), as for a parameter held on an active bound.
 * @param c the workspace, blocks filled; @param parameter index in parameter order (shared, then band by band).
 */
export function zeroParameterColumn(c: BlockCompression, parameter: number): void {
  const { sharedCount, bandWidth, bandStart, blocks } = c;
  const bandOf = Math.floor((parameter - sharedCount) / bandWidth);
  for (let b = 0; b < blocks.length; b++) {
    if (parameter >= sharedCount && b !== bandOf) continue;
    const column = parameter < sharedCount ? bandWidth + parameter : parameter - sharedCount - b * bandWidth;
    const rowCount = bandStart[b + 1] - bandStart[b];
    blocks[b].fill(0, column * rowCount, (column + 1) * rowCount);
  }
}

/**
 * Compresses [J | g] held band by band in `c.blocks` to p + 1 rows with the same JᵀJ, Jᵀg and gᵀg: a QR of each
 * band's block, whose first `bandWidth` rows are kept, then a QR of the stacked remainders, which involve the shared
 * columns and the residual only. Cost O(Σ n_b (q + s + 1)²) instead of O(n (p + 1)²) for the whole matrix.
 * @param c the workspace, blocks filled (they are overwritten).
 * @param jacobianRows receives p + 1 rows of p values in parameter order (shared, then band by band).
 * @param residuals receives the p + 1 matching residuals.
 * Reference: Golub & Van Loan 2013, Matrix Computations, §5.3.3; Björck 1996, Numerical Methods for Least Squares
 *   Problems, §6.3 (block angular problems).
 */
export function compressBlocks(c: BlockCompression, jacobianRows: number[][], residuals: Float64Array): void {
  const { sharedCount, bandWidth, bandStart, blocks, blockR, stack, stackR } = c;
  const bands = blocks.length;
  const width = bandWidth + sharedCount + 1;
  const tail = sharedCount + 1;
  const stackRows = bands * tail;
  for (const row of jacobianRows) row.fill(0);
  for (let b = 0; b < bands; b++) {
    householderR(blocks[b], bandStart[b + 1] - bandStart[b], width, blockR);
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
