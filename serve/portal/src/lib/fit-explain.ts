/**
 * Words for the phase-curve fit table: which parameters a model has, the bounds the fit kept them in (a value at
 * a bound was stopped there, not measured), and why a fit failed, said for an astronomer rather than as the
 * solver's diagnostic.
 * Reference: compute/sso/phase/fit-setup.ts (bounds of the SSOFT fits, Fink's recipe); docs/references.md#phase-fit-recipe.
 */
import {
  DELTA0_BOUNDS_RAD,
  G_BOUNDS_CLASSIC,
  H_BOUNDS_MAG,
  R_BOUNDS,
} from '../../../../compute/sso/phase/fit-setup.js';
import type { PhaseModel } from './phase-curve.js';

const DEG_PER_RAD = 180 / Math.PI;

/** SSOFT column names of a model's parameters, in display order (band 1 = g, 2 = r). */
export function modelParameterKeys(model: PhaseModel): string[] {
  const band = (b: 1 | 2): string[] =>
    model === 'HG' ? [`H_${b}`, `G_${b}`] : [`H_${b}`, `G1_${b}`, `G2_${b}`];
  return [...(model === 'SHG1G2' ? ['R', 'alpha0', 'delta0'] : []), ...band(1), ...band(2)];
}

/**
 * The box bounds of a parameter in the fit (its unit: mag for H, deg for δ0); null for a parameter without a
 * bound that means anything (α0 wraps around at 0/360°).
 */
export function parameterBounds(key: string): readonly [number, number] | null {
  const base = key.replace(/_[12]$/, '');
  if (base === 'H') return H_BOUNDS_MAG;
  if (base === 'G' || base === 'G1' || base === 'G2') return G_BOUNDS_CLASSIC;
  if (base === 'R') return R_BOUNDS;
  if (base === 'delta0') return [DELTA0_BOUNDS_RAD[0] * DEG_PER_RAD, DELTA0_BOUNDS_RAD[1] * DEG_PER_RAD];
  return null;
}

/** Distance to a bound, as a fraction of the bounded range, under which a value counts as at the bound. */
const AT_BOUND_FRACTION = 1e-4;

/**
 * Whether a fitted value sits at one of its bounds (the solver stopped there: the data would take it further).
 * @returns 'lower', 'upper', or null (inside, or a parameter without bounds).
 */
export function boundReached(key: string, value: number): 'lower' | 'upper' | null {
  const bounds = parameterBounds(key);
  if (bounds === null || !Number.isFinite(value)) return null;
  const tolerance = (bounds[1] - bounds[0]) * AT_BOUND_FRACTION;
  if (value <= bounds[0] + tolerance) return 'lower';
  if (value >= bounds[1] - tolerance) return 'upper';
  return null;
}

/**
 * Why a model could not be fitted, in plain words, from the fit code (Fink's: 1 bad values, 2 no ephemerides,
 * 3 solver failure or too few points, 4 parameters not constrained) and the solver's own reason.
 */
export function explainFitFailure(model: PhaseModel, fitCode: number | null, reason: string): string {
  const few = /not enough points: (\d+) observations for (\d+) parameters/.exec(reason);
  if (few)
    return (
      `too few detections: ${few[1]} for the ${few[2]} parameters of ${model === 'SHG1G2' ? 'sHG1G2' : model} ` +
      `(more than ${Number(few[2]) + 1} are needed).`
    );
  if (fitCode === 2 || /ephemer/i.test(reason))
    return 'no phase angles: the object has no orbit on this server, so no ephemerides to reduce the magnitudes.';
  if (fitCode === 1 || /non-finite/.test(reason))
    return 'some detections have no usable magnitude, phase angle or position.';
  if (fitCode === 4 || /singular/i.test(reason))
    return (
      'the detections do not constrain every parameter (for example, phase angles or viewing geometries too alike), ' +
      'so their uncertainties cannot be computed.'
    );
  if (/iteration cap/.test(reason)) return 'the fit did not settle within its iteration limit.';
  return 'the fit did not converge on these detections.';
}
