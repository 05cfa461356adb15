import { describe, expect, it } from 'vitest';
import { hgPhi1, hgPhi2 } from './basis.js';
import { parameterSetup, START_G } from './fit-setup.js';
import { buildPhaseDesign, type PhaseObservations } from './phase-design.js';
import { leastSquaresH } from './start-values.js';

const RAD_PER_DEG = Math.PI / 180;

/** Noiseless HG curves in two bands (H 15.6 in g, 15.1 in r) at G, phases 2-30 deg. */
function hgCurve(g: number, hMag: readonly [number, number]): PhaseObservations {
  const phaseAngleRad = Array.from({ length: 20 }, (_, i) => (2 + 1.5 * i) * RAD_PER_DEG);
  const fid = phaseAngleRad.map((_, i) => (i % 2 === 0 ? 1 : 2));
  const magRed = phaseAngleRad.map(
    (a, i) => hMag[fid[i] - 1] - 2.5 * Math.log10((1 - g) * hgPhi1(a) + g * hgPhi2(a)),
  );
  const zeros = phaseAngleRad.map(() => 0);
  return { magRed, sigmaMag: zeros, phaseAngleRad, fid, raRad: zeros, decRad: zeros, jd: zeros };
}

describe('leastSquaresH', () => {
  it('recovers each band H of a noiseless HG curve whose G is the start G (to 1e-12 mag), G kept', () => {
    const design = buildPhaseDesign('HG', hgCurve(START_G, [15.6, 15.1]));
    const setup = parameterSetup('HG', 2, 'classic');
    const start = leastSquaresH(design, setup, setup.start);
    expect(Math.abs(start[0] - 15.6)).toBeLessThan(1e-12);
    expect(Math.abs(start[2] - 15.1)).toBeLessThan(1e-12);
    expect([start[1], start[3]]).toEqual([START_G, START_G]);
    expect(setup.start[0]).toBe(15);
  });

  it('clamps H to its bounds (-3, 30 mag)', () => {
    const design = buildPhaseDesign('HG', hgCurve(START_G, [40, -10]));
    const setup = parameterSetup('HG', 2, 'classic');
    const start = leastSquaresH(design, setup, setup.start);
    expect([start[0], start[2]]).toEqual([30, -3]);
  });
});
