/**
 * Predicted apparent magnitudes for the ephemeris table: IAU HG for asteroids, the MPC total-magnitude law for
 * comets, and SDSS g, r from V by solar colours. Pure.
 * Reference: Bowell et al. 1989, Asteroids II, p. 524 (HG, with sbpy's smooth low-phase term,
 * docs/references.md#hg-model); MPC CometEls.txt magnitude law (docs/references.md#ephemeris-fields); Willmer 2018, ApJS 236, 47 (solar colours).
 */
import type { MagnitudeLaw } from '../orbit.js';

/** Slope parameter used when the catalogue gives H but no G (the MPC default). */
export const DEFAULT_G_SLOPE = 0.15;
/** SDSS g (AB) minus Johnson V of the Sun (mag), Willmer 2018 via sbpy (docs/references.md#ephemeris-fields). */
export const SDSS_G_MINUS_V_MAG = 0.262;
/** SDSS r (AB) minus Johnson V of the Sun (mag), Willmer 2018 via sbpy (docs/references.md#ephemeris-fields). */
export const SDSS_R_MINUS_V_MAG = -0.19;

const HG_A = [3.332, 1.862] as const;
const HG_B = [0.631, 1.218] as const;
const HG_C = [0.986, 0.238] as const;

/**
 * HG phase function (1 - G) Phi1 + G Phi2, sbpy form (docs/references.md#hg-model).
 * @param phaseAngleRad Sun-object-observer angle (rad), [0, pi).
 * @returns the phase function, 1 at opposition, decreasing with phase.
 */
export function hgPhaseFunction(phaseAngleRad: number, gSlope: number): number {
  const tanHalf = Math.tan(phaseAngleRad / 2);
  const sinA = Math.sin(phaseAngleRad);
  const w = Math.exp(-90.56 * tanHalf * tanHalf);
  const phi = [0, 1].map((i) => {
    const small = 1 - (HG_C[i] * sinA) / (0.119 + 1.341 * sinA - 0.754 * sinA * sinA);
    const large = Math.exp(-HG_A[i] * tanHalf ** HG_B[i]);
    return w * small + (1 - w) * large;
  });
  return (1 - gSlope) * phi[0] + gSlope * phi[1];
}

/**
 * Predicted apparent V magnitude.
 * @param law magnitude law of the object.
 * @param dobsAu observer-object distance (AU); @param dhelioAu Sun-object distance (AU).
 * @param phaseAngleRad phase angle (rad), used by the asteroid law only.
 * @returns V (mag): asteroid H + 5 log10(r Delta) - 2.5 log10(phase function) with G defaulting to 0.15;
 *   comet H + 5 log10 Delta + 2.5 G log10 r (G required). NaN when H (or a comet's G) is null.
 * Reference: docs/references.md#ephemeris-fields (VMag).
 */
export function apparentVMag(
  law: MagnitudeLaw,
  dobsAu: number,
  dhelioAu: number,
  phaseAngleRad: number,
): number {
  if (law.hMag === null) return Number.NaN;
  if (law.kind === 'comet') {
    if (law.gSlope === null) return Number.NaN;
    return law.hMag + 5 * Math.log10(dobsAu) + 2.5 * law.gSlope * Math.log10(dhelioAu);
  }
  const g = law.gSlope ?? DEFAULT_G_SLOPE;
  return law.hMag + 5 * Math.log10(dobsAu * dhelioAu) - 2.5 * Math.log10(hgPhaseFunction(phaseAngleRad, g));
}
