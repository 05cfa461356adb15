import { describe, expect, it } from 'vitest';
import type { PhaseFitParameters } from './phase-curve.js';
import { ssoPoints } from './sso-points.js';
import { astrometryTraces, jdToIsoUtc, lightCurveTraces, phaseCurveTraces } from './sso-traces.js';

const COLOURS = { 1: '#15284f', 2: '#f5622e' };
const row = (jd: number, fid: number, phase: number) => ({
  'i:jd': jd,
  'i:fid': fid,
  'i:magpsf': 18 + phase / 50,
  'i:sigmapsf': 0.05,
  'i:ra': 160,
  'i:dec': 0.1,
  RA: 160 - 1 / 3600,
  Dec: 0.1,
  Phase: phase,
  Dobs: 1,
  Dhelio: 2,
  VMag: 18,
  'SDSS:g': 18.262,
  'SDSS:r': 17.81,
});
const POINTS = ssoPoints([row(2460390.5, 1, 5), row(2460391.5, 2, 6), row(2460392.5, 2, 8)]);
const HG: PhaseFitParameters = {
  model: 'HG',
  bands: { 1: { hMag: 16, errHMag: null, g: 0.15, g1: null, g2: null } },
  r: null,
  alpha0Deg: null,
  delta0Deg: null,
  chi2red: 1,
  rmsMag: 0.03,
  nObs: 3,
  fitCode: 0,
};

describe('sso traces', () => {
  it('dates points in UTC (JD 2460390.5 is 2024-03-21 00:00 UTC: JD 2460310.5 is 2024-01-01, + 80 days)', () => {
    expect(jdToIsoUtc(2460390.5)).toBe('2024-03-21T00:00:00.000Z');
    expect(jdToIsoUtc(2440587.5)).toBe('1970-01-01T00:00:00.000Z');
  });

  it('light curve: observed and predicted per band, the prediction in the band', () => {
    const traces = lightCurveTraces(POINTS, COLOURS) as { name: string; y: number[] }[];
    expect(traces.map((t) => t.name)).toEqual([
      'g observed',
      'g predicted (SDSS:g)',
      'r observed',
      'r predicted (SDSS:r)',
    ]);
    expect(traces[1].y).toEqual([18.262]);
    expect(traces[3].y).toEqual([17.81, 17.81]);
  });

  it('astrometry: one offset per point, 1 arcsec east here', () => {
    const [g] = astrometryTraces(POINTS, COLOURS) as { x: number[]; y: number[] }[];
    expect(g.x[0]).toBeCloseTo(Math.cos(0.1 * (Math.PI / 180)), 6);
    expect(g.y[0]).toBeCloseTo(0, 6);
  });

  it('phase curve: observed per band and one curve per fitted band (none for a band without parameters)', () => {
    const traces = phaseCurveTraces(POINTS, [HG], COLOURS) as { name: string; legendgroup: string }[];
    expect(traces.map((t) => [t.name, t.legendgroup])).toEqual([
      ['g observed', 'observed'],
      ['g HG', 'HG'],
      ['r observed', 'observed'],
    ]);
  });
});

describe('predictions across gaps', () => {
  it('breaks the predicted line between apparitions (a null between points more than 30 days apart)', () => {
    const points = ssoPoints([
      row(2460600.5, 2, 7),
      row(2460390.5, 2, 5),
      row(2460391.5, 2, 6),
      row(2460392.5, 2, 8),
    ]);
    const traces = lightCurveTraces(points, COLOURS) as { legendgroup: string; x: (string | null)[] }[];
    const x = traces.find((t) => t.legendgroup === 'predicted')?.x;
    expect(x).toEqual([
      jdToIsoUtc(2460390.5),
      jdToIsoUtc(2460391.5),
      jdToIsoUtc(2460392.5),
      null,
      jdToIsoUtc(2460600.5),
    ]);
  });
});
