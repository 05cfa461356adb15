/** Public face of compute/linalg/: linear algebra of the fits and periodograms. */
export { choleskyLower, solveCholesky } from './cholesky.js';
