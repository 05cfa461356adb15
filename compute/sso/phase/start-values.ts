/**
 * Starting points of the phase-curve fits closer to the optimum than the SSOFT defaults, for fewer solver
 * iterations: the model is linear in each band's H, so H has a closed-form least-squares value given the other
 * parameters. Pure.
 * Reference: docs/references.md#phase-fit-recipe (starting values); the models (#hg-model, #hg1g2-model, #shg1g2-model) are H + f(other parameters).
 */
import type { ParameterSetup } from './fit-setup.js';
import { evaluatePhaseModel, type PhaseDesign } from './phase-design.js';

/**
 * Replaces each band's H in a parameter vector by its least-squares value given the other parameters:
 * H_b + mean over band b of (observed - model), clamped to the H bounds. The other parameters are kept.
 * @param d the design; @param setup bounds (parameter order of `parameterSetup`);
 * @param params parameter vector (angles in rad), not modified.
 * @returns the new vector; NaN H when a band's residuals are not finite.
 * Reference: docs/references.md#hg-model, #hg1g2-model, #shg1g2-model, #phase-fit-recipe (H enters every model additively).
 */
export function leastSquaresH(d: PhaseDesign, setup: ParameterSetup, params: readonly number[]): number[] {
  const model = new Float64Array(d.n);
  evaluatePhaseModel(d, params, model);
  const bands = d.fids.length;
  const sum = new Float64Array(bands);
  const count = new Float64Array(bands);
  for (let k = 0; k < d.n; k++) {
    sum[d.band[k]] += d.magRed[k] - model[k];
    count[d.band[k]]++;
  }
  const out = params.slice();
  const bandWidth = (d.p - d.spinParameterCount) / bands;
  for (let b = 0; b < bands; b++) {
    const h = d.spinParameterCount + b * bandWidth;
    out[h] = Math.min(Math.max(params[h] + sum[b] / count[b], setup.lower[h]), setup.upper[h]);
  }
  return out;
}
