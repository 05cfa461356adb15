/**
 * The soft-L1 robust loss of SciPy `least_squares` (f_scale = 1), rho(z) = 2 (sqrt(1 + z) - 1) with z = f², turned
 * into an ordinary least-squares problem: minimising Σ rho(f_i²) equals minimising Σ g(f_i)² with
 * g(f) = sign(f) sqrt(rho(f²)) = f sqrt(2 / (1 + sqrt(1 + f²))). Pure.
 * Reference: SciPy `optimize/_lsq/least_squares.py` (`soft_l1`, `scale_for_robust_loss_function`);
 * docs/references.md#phase-fit-recipe.
 */

/**
 * Transformed residual g(f) whose square is the soft-L1 loss of f.
 * @param f residual (mag, f_scale = 1 mag).
 * @returns g with g² = 2 (sqrt(1 + f²) - 1) and the sign of f; ≈ f for |f| << 1, ≈ sign(f) sqrt(2|f|) for |f| >> 1.
 * Reference: SciPy `least_squares` loss `soft_l1`.
 */
export function softL1Residual(f: number): number {
  return f * Math.sqrt(2 / (1 + Math.sqrt(1 + f * f)));
}

/**
 * Derivative dg/df of `softL1Residual`.
 * @param f residual (mag).
 * @returns sqrt((1 + q) / 2) / q with q = sqrt(1 + f²); 1 at f = 0, in (0, 1].
 * Reference: derived from rho'(z) = (1 + z)^(-1/2): 2 g g' = 2 f rho'(f²).
 */
export function softL1ResidualSlope(f: number): number {
  const q = Math.sqrt(1 + f * f);
  return Math.sqrt((1 + q) / 2) / q;
}

/**
 * Row scale SciPy applies to the Jacobian it returns for the soft-L1 loss, sqrt(rho' + 2 rho'' f²).
 * @param f residual (mag).
 * @returns (1 + f²)^(-3/4), in (0, 1].
 * Reference: SciPy `optimize/_lsq/common.py` `scale_for_robust_loss_function`; docs/references.md#phase-fit-recipe.
 */
export function softL1JacobianScale(f: number): number {
  return (1 + f * f) ** -0.75;
}
