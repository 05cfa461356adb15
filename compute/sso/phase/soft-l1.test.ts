import { describe, expect, it } from 'vitest';
import { softL1JacobianScale, softL1Residual, softL1ResidualSlope } from './soft-l1.js';

// rho(z) = 2 (sqrt(1 + z) - 1) and its derivatives (SciPy soft_l1, f_scale 1).
const rho = (z: number): number => 2 * (Math.sqrt(1 + z) - 1);
const rho1 = (z: number): number => (1 + z) ** -0.5;
const rho2 = (z: number): number => -0.5 * (1 + z) ** -1.5;

describe('soft-L1 as least squares', () => {
  const residuals = [-30, -2, -0.3, -1e-9, 0, 1e-6, 0.05, 1, 7];

  it('g(f)² = rho(f²) and g keeps the sign of f', () => {
    for (const f of residuals) {
      expect(softL1Residual(f) ** 2).toBeCloseTo(rho(f * f), 12);
      expect(Math.sign(softL1Residual(f))).toBe(Math.sign(f));
    }
  });

  it('dg/df matches a central difference to 1e-7', () => {
    for (const f of residuals) {
      const h = 1e-5;
      const numeric = (softL1Residual(f + h) - softL1Residual(f - h)) / (2 * h);
      expect(Math.abs(softL1ResidualSlope(f) - numeric)).toBeLessThan(1e-7);
    }
  });

  it("the Jacobian scale is SciPy's sqrt(rho' + 2 rho'' f²)", () => {
    for (const f of residuals) {
      const z = f * f;
      expect(softL1JacobianScale(f)).toBeCloseTo(Math.sqrt(rho1(z) + 2 * rho2(z) * z), 12);
    }
  });
});
