import { describe, expect, it } from 'vitest';
import type { GeometryEphemerides } from './ephemeris/index.js';
import { shg1g2RowResiduals, ssobulkRow } from './ssobulk-row.js';
import type { SsoDetections } from './ssoft-row.js';

/** Two detections at zero phase angle, one per band, at (ra, dec) = (30, 10) deg and (200, -20) deg. */
const det: SsoDetections = {
  jd: [2460000.5, 2460001.5],
  raDeg: [30, 200],
  decDeg: [10, -20],
  magpsf: [18.3, 17.9],
  sigmapsf: [0.1, 0.05],
  fid: [1, 2],
};
const eph: GeometryEphemerides = {
  detail: 'geometry',
  jdUtc: Float64Array.from(det.jd as number[]),
  dobsAu: Float64Array.from([1.5, 2]),
  dhelioAu: Float64Array.from([2.5, 2.8]),
  phaseDeg: Float64Array.from([0, 0]),
  raDeg: Float64Array.from([30.0001, 200.0001]),
  decDeg: Float64Array.from([10, -20]),
};
const reduced = (i: number) => (det.magpsf[i] as number) - 5 * Math.log10(eph.dobsAu[i] * eph.dhelioAu[i]);

describe('shg1g2RowResiduals', () => {
  it('at zero phase and R = 1, the model is the band H: residual = reduced magnitude - H of the band', () => {
    // Φ1(0) = Φ2(0) = Φ3(0) = 1 (Muinonen et al. 2010; the cubic-spline basis gives 1 to 1e-9) and a sphere has
    // no spin term: tolerance 5e-9 mag.
    const row = {
      fit: 0,
      H_1: 12,
      H_2: 11.5,
      G1_1: 0.3,
      G2_1: 0.2,
      G1_2: 0.5,
      G2_2: 0.1,
      R: 1,
      alpha0: 0,
      delta0: 0,
    };
    const r = shg1g2RowResiduals(det, eph, row);
    expect(r[0]).toBeCloseTo(reduced(0) - 12, 8);
    expect(r[1]).toBeCloseTo(reduced(1) - 11.5, 8);
  });

  it('adds 2.5 log10(R) when the spin axis points at the object (|cos Λ| = 1)', () => {
    const row = {
      fit: 0,
      H_1: 12,
      H_2: 11.5,
      G1_1: 0.3,
      G2_1: 0.2,
      G1_2: 0.5,
      G2_2: 0.1,
      R: 0.6,
      alpha0: 30,
      delta0: 10,
    };
    const r = shg1g2RowResiduals(det, eph, row);
    expect(r[0]).toBeCloseTo(reduced(0) - 12 - 2.5 * Math.log10(0.6), 8);
  });

  it('is empty when the fit failed, as the reference leaves it', () => {
    expect(shg1g2RowResiduals(det, eph, { fit: 3, H_1: 12 })).toEqual([]);
  });
});

describe('ssobulkRow', () => {
  it('keeps the detections and ephemerides in detection order, under the row ssnamenr', () => {
    const row = { fit: 2, ssnamenr: '1583', H_1: Number.NaN };
    const b = ssobulkRow(det, eph, row);
    expect(b.ssnamenr).toBe('1583');
    expect(b.cjd).toEqual([2460000.5, 2460001.5]);
    expect(b.cfid).toEqual([1, 2]);
    expect(b.Dobs).toEqual([1.5, 2]);
    expect(b.RA).toEqual([30.0001, 200.0001]);
    expect(b.ssoft).toBe(row);
    expect(b.residuals_shg1g2).toEqual([]);
  });
});
