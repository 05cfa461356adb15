import { describe, expect, it } from 'vitest';
import { colourPoints } from './colour-points.js';

const row = (jd: number, fid: number, magpsf: number, sigmapsf: number, candid: string, tag = 'valid') => ({
  'i:jd': jd,
  'i:fid': fid,
  'i:magpsf': magpsf,
  'i:sigmapsf': sigmapsf,
  'i:candid': candid,
  'd:tag': tag,
});

describe('g − r colour epochs (v:g-r definition)', () => {
  it('pairs each g alert with the nearest r alert within 0.3 day', () => {
    const points = colourPoints([
      row(10.0, 1, 18.0, 0.03, '1'),
      row(10.1, 2, 17.6, 0.04, '2'),
      row(10.35, 2, 17.0, 0.04, '3'),
      row(20.0, 1, 18.5, 0.05, '4'), // no r within 0.3 day
      row(30.0, 1, 19.0, 0.05, '5'),
      row(30.2, 2, 18.2, 0.05, '6', 'badquality'), // not a valid r alert
    ]);
    expect(points).toHaveLength(1);
    // 18.0 − 17.6 = 0.4 mag; σ = √(0.03² + 0.04²) = 0.05 mag
    expect(points[0].candid).toBe('1');
    expect(points[0].gMinusRMag).toBeCloseTo(0.4, 12);
    expect(points[0].errorMag).toBeCloseTo(0.05, 12);
  });
});
