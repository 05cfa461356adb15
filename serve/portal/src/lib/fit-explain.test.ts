import { describe, expect, it } from 'vitest';
import { boundReached, explainFitFailure, modelParameterKeys, parameterBounds } from './fit-explain.js';

describe('fit explanations', () => {
  it('lists the parameters of each model (SSOFT column names)', () => {
    expect(modelParameterKeys('HG')).toEqual(['H_1', 'G_1', 'H_2', 'G_2']);
    expect(modelParameterKeys('SHG1G2')).toEqual([
      'R',
      'alpha0',
      'delta0',
      'H_1',
      'G1_1',
      'G2_1',
      'H_2',
      'G1_2',
      'G2_2',
    ]);
  });

  it('flags values at the bounds of the SSOFT recipe (G in [0, 1], R in [0.3, 1], δ0 in [-90°, 90°])', () => {
    expect(boundReached('G1_1', 0)).toBe('lower');
    expect(boundReached('G2_2', 1)).toBe('upper');
    expect(boundReached('G_1', 0.15)).toBeNull();
    expect(boundReached('R', 0.3)).toBe('lower');
    expect(boundReached('delta0', -90)).toBe('lower');
    expect(boundReached('alpha0', 0)).toBeNull();
    expect(parameterBounds('H_1')).toEqual([-3, 30]);
  });

  it('explains failures without the solver words', () => {
    const few = explainFitFailure(
      'SHG1G2',
      3,
      'not enough points: 8 observations for 9 parameters (need more than p + 1)',
    );
    expect(few).toBe('too few detections: 8 for the 9 parameters of sHG1G2 (more than 10 are needed).');
    const singular = explainFitFailure('HG1G2', 4, 'singular JᵀJ: parameter uncertainties undefined');
    expect(singular).not.toMatch(/singular|J'J|JᵀJ/);
    expect(singular).toMatch(/do not constrain/);
  });
});
