import { describe, expect, it } from 'vitest';
import { hg1g2Mag, hgMag, shg1g2Mag } from '../../../../compute/sso/phase/models.js';
import {
  curveRangeDeg,
  fitParametersFromColumns,
  meanAbsCosAspect,
  modelCurve,
  modelMag,
  type PhaseFitParameters,
  reducedMag,
} from './phase-curve.js';

const RAD = Math.PI / 180;

// An SSOFT-like row (column names of data/ssoft-columns.ts); values of a simulated asteroid of the demo store.
const SHG1G2_ROW = {
  H_1: 16.0756,
  H_2: 15.6112,
  G1_1: 0.0964,
  G2_1: 0.2387,
  G1_2: 0.1723,
  G2_2: 0.1707,
  R: 0.702,
  alpha0: 203.05,
  delta0: -3.84,
  chi2red: 1.38,
  rms: 0.0312,
  n_obs: 25,
  fit: 0,
};

function paramsOf(model: 'HG' | 'HG1G2' | 'SHG1G2', row: Record<string, unknown>): PhaseFitParameters {
  const p = fitParametersFromColumns(model, row);
  if (p === null) throw new Error('no parameters');
  return p;
}

describe('reducedMag', () => {
  it('is m − 5 log10(r Δ) (docs/references.md#reduced-magnitude)', () => {
    expect(reducedMag(18, 2, 1)).toBeCloseTo(18 - 5 * Math.log10(2), 12);
    expect(reducedMag(18, 1, 1)).toBe(18);
    expect(reducedMag(18, 0, 1)).toBeNull();
    expect(reducedMag(Number.NaN, 1, 1)).toBeNull();
  });
});

describe('fitParametersFromColumns', () => {
  it('reads the per-band parameters and the spin of an SSOFT row', () => {
    const p = paramsOf('SHG1G2', SHG1G2_ROW);
    expect(p.bands[1]).toEqual({ hMag: 16.0756, errHMag: null, g: null, g1: 0.0964, g2: 0.2387 });
    expect(p.bands[2]?.g1).toBe(0.1723);
    expect([p.r, p.alpha0Deg, p.delta0Deg, p.chi2red, p.rmsMag, p.nObs]).toEqual([
      0.702, 203.05, -3.84, 1.38, 0.0312, 25,
    ]);
  });

  it('gives null for a failed fit, and leaves out a band without parameters', () => {
    expect(fitParametersFromColumns('HG', { H_1: 15, G_1: 0.2, fit: 3 })).toBeNull();
    expect(fitParametersFromColumns('HG', { H_1: null, G_1: null, fit: 0 })).toBeNull();
    const p = paramsOf('HG', { H_1: 15, G_1: 0.2, H_2: 14.5, G_2: null, fit: 0 });
    expect(Object.keys(p.bands)).toEqual(['1']);
    expect(fitParametersFromColumns('SHG1G2', { ...SHG1G2_ROW, R: null })).toBeNull();
  });
});

describe('modelMag', () => {
  it('equals the project models (compute/sso/phase/models.ts) for the same parameters, 0-60 deg', () => {
    const hg = paramsOf('HG', { H_1: 15.2, G_1: 0.23, fit: 0 });
    const hg1g2 = paramsOf('HG1G2', { H_1: 15.2, G1_1: 0.31, G2_1: 0.22, fit: 0 });
    const shg1g2 = paramsOf('SHG1G2', SHG1G2_ROW);
    // an observed direction and its aspect with the fitted spin axis
    const raDeg = 160.2;
    const decDeg = 0.4;
    const cosL = meanAbsCosAspect([raDeg], [decDeg], 203.05, -3.84) ?? Number.NaN;
    for (let phase = 0; phase <= 60; phase += 2.5) {
      const a = phase * RAD;
      expect(modelMag(hg, 1, phase)).toBeCloseTo(hgMag(a, { hMag: 15.2, g: 0.23 }), 12);
      expect(modelMag(hg1g2, 1, phase)).toBeCloseTo(hg1g2Mag(a, { hMag: 15.2, g1: 0.31, g2: 0.22 }), 12);
      const expected = shg1g2Mag(a, raDeg * RAD, decDeg * RAD, {
        hMag: 15.6112,
        g1: 0.1723,
        g2: 0.1707,
        r: 0.702,
        alpha0Rad: 203.05 * RAD,
        delta0Rad: -3.84 * RAD,
      });
      expect(modelMag(shg1g2, 2, phase, cosL)).toBeCloseTo(expected, 12);
    }
  });

  it('is H at zero phase (every basis function is 1 there) and null for a band without a fit', () => {
    const hg = paramsOf('HG', { H_1: 15.2, G_1: 0.23, fit: 0 });
    expect(modelMag(hg, 1, 0)).toBeCloseTo(15.2, 12);
    // the HG1G2 basis splines reproduce 1 at zero phase to 1e-9 (tabulated sbpy values)
    expect(modelMag(paramsOf('HG1G2', { H_2: 14, G1_2: 0.3, G2_2: 0.2, fit: 0 }), 2, 0)).toBeCloseTo(14, 8);
    expect(modelMag(hg, 2, 10)).toBeNull();
  });

  it('sHG1G2 is HG1G2 seen equator-on (|cos Λ| = 0), brighter by 2.5 log10(R) seen pole-on', () => {
    const s = paramsOf('SHG1G2', SHG1G2_ROW);
    const h = paramsOf('HG1G2', SHG1G2_ROW);
    expect(modelMag(s, 1, 12, 0)).toBeCloseTo(modelMag(h, 1, 12) ?? Number.NaN, 12);
    expect((modelMag(s, 1, 12, 1) ?? 0) - (modelMag(h, 1, 12) ?? 0)).toBeCloseTo(2.5 * Math.log10(0.702), 12);
  });
});

describe('modelCurve and ranges', () => {
  it('samples steps + 1 angles from start to end', () => {
    const curve = modelCurve(paramsOf('HG', { H_1: 15, G_1: 0.15, fit: 0 }), 1, 0, 20, 40);
    expect(curve.phaseDeg.length).toBe(41);
    expect(curve.phaseDeg[0]).toBe(0);
    expect(curve.phaseDeg[40]).toBe(20);
    expect(curve.magRed[0]).toBeCloseTo(15, 12);
    // fainter with phase (the opposition effect fades)
    for (let i = 1; i < 41; i++) expect(curve.magRed[i]).toBeGreaterThan(curve.magRed[i - 1]);
  });

  it('draws from 0 to beyond the largest phase, 30 deg without data', () => {
    expect(curveRangeDeg([4.6, 12.9])).toEqual({ fromDeg: 0, toDeg: 16 });
    expect(curveRangeDeg([])).toEqual({ fromDeg: 0, toDeg: 30 });
  });

  it('mean |cos Λ| is 1 along the spin axis and 0 on its equator', () => {
    expect(meanAbsCosAspect([30, 210], [20, -20], 30, 20)).toBeCloseTo(1, 12);
    expect(meanAbsCosAspect([0], [0], 0, 90)).toBeCloseTo(0, 12);
    expect(meanAbsCosAspect([], [], 0, 0)).toBeNull();
  });
});
