import { describe, expect, it } from 'vitest';
import { fitPhaseCurve, shg1g2Residuals } from './fit-phase-curve.js';
import { hg1g2Mag, hgMag, shg1g2Mag } from './models.js';
import type { PhaseObservations } from './phase-design.js';

const RAD_PER_DEG = Math.PI / 180;

/** Noise-free observations in two bands over 2-25 deg of phase, positions along a great circle. */
function curve(
  n: number,
  mag: (alphaRad: number, fid: number, raRad: number, decRad: number) => number,
): PhaseObservations {
  const obs = {
    magRed: new Float64Array(n),
    sigmaMag: new Float64Array(n).fill(0.05),
    phaseAngleRad: new Float64Array(n),
    fid: new Float64Array(n),
    raRad: new Float64Array(n),
    decRad: new Float64Array(n),
    jd: new Float64Array(n),
  };
  for (let k = 0; k < n; k++) {
    obs.phaseAngleRad[k] = (2 + (23 * k) / (n - 1)) * RAD_PER_DEG;
    obs.fid[k] = k % 3 === 0 ? 1 : 2;
    obs.raRad[k] = ((7 * k) % 360) * RAD_PER_DEG;
    obs.decRad[k] = 20 * Math.sin(k / 5) * RAD_PER_DEG;
    obs.jd[k] = 2459000.5 + 3 * k;
    obs.magRed[k] = mag(obs.phaseAngleRad[k], obs.fid[k], obs.raRad[k], obs.decRad[k]);
  }
  return obs;
}

describe('fitPhaseCurve on noise-free curves', () => {
  it('HG recovers H and G per band to 1e-5 and reports rms 0', () => {
    const obs = curve(60, (a, fid) => hgMag(a, fid === 1 ? { hMag: 14.2, g: 0.25 } : { hMag: 13.8, g: 0.1 }));
    const r = fitPhaseCurve('HG', obs);
    expect(r.fit).toBe(0);
    expect(r.converged).toBe(true);
    expect(r.columns.H_1).toBeCloseTo(14.2, 5);
    expect(r.columns.G_1).toBeCloseTo(0.25, 5);
    expect(r.columns.H_2).toBeCloseTo(13.8, 5);
    expect(r.columns.G_2).toBeCloseTo(0.1, 5);
    expect(r.columns.rms).toBeLessThan(1e-6);
    expect(r.columns.n_obs).toBe(60);
    expect(r.columns.n_obs_1).toBe(20);
  });

  it('HG1G2 recovers H, G1, G2 to 1e-4 (G1 + G2 > 1 allowed, no constraint)', () => {
    const obs = curve(80, (a, fid) => hg1g2Mag(a, { hMag: fid === 1 ? 16 : 15.5, g1: 0.7, g2: 0.45 }));
    const r = fitPhaseCurve('HG1G2', obs);
    expect(r.fit).toBe(0);
    expect(r.columns.H_1).toBeCloseTo(16, 4);
    expect(r.columns.G1_2).toBeCloseTo(0.7, 4);
    expect(r.columns.G2_2).toBeCloseTo(0.45, 4);
  });

  it('wide bounds reach a negative G1 that classic bounds clip at 0', () => {
    const obs = curve(80, (a) => hg1g2Mag(a, { hMag: 15, g1: -0.2, g2: 0.8 }));
    expect(fitPhaseCurve('HG1G2', obs, { gBounds: 'wide' }).columns.G1_1).toBeCloseTo(-0.2, 3);
    expect(fitPhaseCurve('HG1G2', obs).columns.G1_1).toBe(0);
  });

  it('sHG1G2 residuals are magRed - model, in input order, near 0 for a model curve', () => {
    const spin = { r: 0.75, alpha0Rad: 200 * RAD_PER_DEG, delta0Rad: -20 * RAD_PER_DEG };
    const obs = curve(120, (a, fid, ra, dec) =>
      shg1g2Mag(a, ra, dec, { hMag: fid === 1 ? 15 : 14.6, g1: 0.3, g2: 0.35, ...spin }),
    );
    const residuals = shg1g2Residuals(obs);
    expect(residuals).toHaveLength(120);
    for (const v of residuals) expect(Math.abs(v)).toBeLessThan(1e-4);
  });
});

describe('fitPhaseCurve non-results', () => {
  const obs = curve(30, (a) => hgMag(a, { hMag: 14, g: 0.2 }));

  it('NaN magRed: fit 1, status -2, NaN residuals from shg1g2Residuals', () => {
    const bad = { ...obs, magRed: Float64Array.from(obs.magRed, (v, i) => (i === 4 ? Number.NaN : v)) };
    const r = fitPhaseCurve('HG', bad);
    expect([r.fit, r.status, r.converged]).toEqual([1, -2, false]);
    expect(r.reason).toMatch(/non-finite/);
    expect(shg1g2Residuals(bad).every(Number.isNaN)).toBe(true);
  });

  it('N <= p + 1: fit 3, status -1 with the reason', () => {
    const first5 = (v: ArrayLike<number>): number[] => Array.from(v).slice(0, 5);
    const few: PhaseObservations = {
      magRed: first5(obs.magRed),
      sigmaMag: first5(obs.sigmaMag),
      phaseAngleRad: first5(obs.phaseAngleRad),
      fid: first5(obs.fid),
      raRad: first5(obs.raRad),
      decRad: first5(obs.decRad),
      jd: first5(obs.jd),
    };
    const r = fitPhaseCurve('HG', few);
    expect([r.fit, r.status]).toEqual([3, -1]);
    expect(r.reason).toMatch(/not enough points: 5 observations for 4 parameters/);
    expect(r.columns.n_obs).toBe(5);
  });

  it('every point at one sky position makes the sHG1G2 JᵀJ singular: fit 4, status kept', () => {
    const fixed = { ...obs, raRad: new Float64Array(30).fill(1), decRad: new Float64Array(30).fill(0.2) };
    const r = fitPhaseCurve('SHG1G2', fixed);
    expect(r.fit).toBe(4);
    expect(r.status).toBeGreaterThanOrEqual(0);
    expect(r.columns.R).toBeNaN();
    expect(r.reason).toMatch(/singular/);
  });

  it('throws on arrays of different lengths (a programming error)', () => {
    expect(() => fitPhaseCurve('HG', { ...obs, jd: Array.from(obs.jd).slice(1) })).toThrow(
      /jd has 29 values, magRed has 30/,
    );
  });
});
