import { describe, expect, it } from 'vitest';
import { hgMag } from '../../../../compute/sso/phase/models.js';
import { fitInPage } from './live-fit.js';
import type { SsoPoint } from './sso-points.js';

const RAD = Math.PI / 180;

/** Noise-free HG points: g with H 16, G 0.2; r with H 15.5, G 0.3; phases 2 to 25 deg. */
function hgPoints(perBand: number): SsoPoint[] {
  const points: SsoPoint[] = [];
  for (const [fid, hMag, g] of [
    [1, 16, 0.2],
    [2, 15.5, 0.3],
  ] as const) {
    for (let k = 0; k < perBand; k++) {
      const phaseDeg = 2 + (23 * k) / (perBand - 1);
      const magRed = hgMag(phaseDeg * RAD, { hMag, g });
      points.push({
        jd: 2460370.5 + k + fid / 10,
        fid,
        magpsf: magRed + 2,
        sigmapsf: 0.05,
        raDeg: 150 + k,
        decDeg: 5,
        raEphDeg: 150 + k,
        decEphDeg: 5,
        vMag: null,
        predictedMag: null,
        phaseDeg,
        dobsAu: 1,
        dhelioAu: 2,
        magRed,
        residualShg1g2: null,
      });
    }
  }
  return points;
}

describe('fitInPage', () => {
  it('recovers the HG parameters of noise-free points with the project fit', async () => {
    const fit = await fitInPage('HG', hgPoints(12));
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(fit.parameters.bands[1]?.hMag).toBeCloseTo(16, 4);
    expect(fit.parameters.bands[1]?.g).toBeCloseTo(0.2, 4);
    expect(fit.parameters.bands[2]?.hMag).toBeCloseTo(15.5, 4);
    expect(fit.parameters.bands[2]?.g).toBeCloseTo(0.3, 4);
    expect(fit.parameters.rmsMag).toBeLessThan(1e-5);
    expect(fit.parameters.nObs).toBe(24);
  });

  it("says why when there are too few points (sHG1G2's 9 parameters in two bands)", async () => {
    const fit = await fitInPage('SHG1G2', hgPoints(4));
    expect(fit.ok).toBe(false);
    if (fit.ok) return;
    expect(fit.reason).toContain('not enough points');
  });

  it('leaves out points without ephemerides', async () => {
    const points = hgPoints(12).map((p, i) => (i % 2 === 0 ? { ...p, magRed: null, phaseDeg: null } : p));
    const fit = await fitInPage('HG', points);
    expect(fit.ok && fit.parameters.nObs).toBe(12);
  });
});
