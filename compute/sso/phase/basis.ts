/**
 * Phase-function basis functions: the IAU HG system (Bowell et al. 1989) and the HG1G2 system (Muinonen et al.
 * 2010), both exactly as sbpy implements them, which is what Fink fits with. Pure.
 * Reference: docs/references.md#hg-model, #hg1g2-model.
 */
import { clampedSpline, evaluateSpline } from './clamped-spline.js';

// Bowell et al. 1989 constants A_i, B_i, C_i (i = 1, 2) as in sbpy `HG._hgphi`.
const HG_A = [3.332, 1.862] as const;
const HG_B = [0.631, 1.218] as const;
const HG_C = [0.986, 0.238] as const;

function hgPhi(phaseAngleRad: number, i: 0 | 1): number {
  const sinA = Math.sin(phaseAngleRad);
  const tanHalf = Math.tan(phaseAngleRad / 2);
  return hgPhiFrom(sinA, tanHalf, Math.exp(-90.56 * tanHalf * tanHalf), i);
}

/** Φ_i from sin α, tan(α/2) and the weight W = exp(-90.56 tan²(α/2)). */
function hgPhiFrom(sinA: number, tanHalf: number, w: number, i: 0 | 1): number {
  const phiS = 1 - (HG_C[i] * sinA) / (0.119 + 1.341 * sinA - 0.754 * sinA * sinA);
  const phiL = Math.exp(-HG_A[i] * tanHalf ** HG_B[i]);
  return w * phiS + (1 - w) * phiL;
}

/** The two HG basis functions at one phase angle, each in (0, 1]. */
export interface HgBasisValues {
  readonly phi1: number;
  readonly phi2: number;
}

/**
 * Both HG basis functions at a phase angle, sharing their trigonometry (same values as `hgPhi1`, `hgPhi2`).
 * @param phaseAngleRad Sun-object-observer angle (rad), [0, pi).
 * @returns phi1, phi2 in (0, 1], 1 at zero phase.
 * Reference: Bowell et al. 1989, Asteroids II, p. 524 (eqs A4-A7); sbpy `HG._hgphi`.
 */
export function hgBasis(phaseAngleRad: number): HgBasisValues {
  const sinA = Math.sin(phaseAngleRad);
  const tanHalf = Math.tan(phaseAngleRad / 2);
  const w = Math.exp(-90.56 * tanHalf * tanHalf);
  return { phi1: hgPhiFrom(sinA, tanHalf, w, 0), phi2: hgPhiFrom(sinA, tanHalf, w, 1) };
}

/**
 * HG basis function Φ1.
 * @param phaseAngleRad Sun-object-observer angle (rad), [0, pi).
 * @returns Φ1 in (0, 1], 1 at zero phase.
 * Reference: Bowell et al. 1989, Asteroids II, p. 524 (eqs A4-A7); sbpy `HG._hgphi(pha, 1)`.
 */
export function hgPhi1(phaseAngleRad: number): number {
  return hgPhi(phaseAngleRad, 0);
}

/**
 * HG basis function Φ2.
 * @param phaseAngleRad Sun-object-observer angle (rad), [0, pi).
 * @returns Φ2 in (0, 1], 1 at zero phase.
 * Reference: Bowell et al. 1989, Asteroids II, p. 524 (eqs A4-A7); sbpy `HG._hgphi(pha, 2)`.
 */
export function hgPhi2(phaseAngleRad: number): number {
  return hgPhi(phaseAngleRad, 1);
}

// Nodes (deg), values and end derivatives (per rad) of the sbpy HG1G2 basis splines (docs/references.md#hg1g2-model table).
const PHI1 = clampedSpline(
  [7.5, 30, 60, 90, 120, 150],
  [0.75, 0.33486016, 0.1341056, 0.051104756, 0.021465687, 0.0036396989],
  -1.9098593,
  -0.091328612,
);
const PHI2 = clampedSpline(
  [7.5, 30, 60, 90, 120, 150],
  [0.925, 0.62884169, 0.31755495, 0.12716367, 0.022373903, 0.00016505689],
  -0.5729578,
  -8.6573138e-8,
);
const PHI3 = clampedSpline(
  [0, 0.3, 1, 2, 4, 8, 12, 20, 30],
  [1, 0.83381185, 0.57735424, 0.42144772, 0.2317423, 0.10348178, 0.061733473, 0.016107006, 0],
  -1.0630097,
  0,
);
const PHI3_ZERO_FROM_RAD = (30 * Math.PI) / 180;

/**
 * HG1G2 basis function φ1 (sbpy clamped spline; linear below 7.5 deg: 1 - 6α/π).
 * @param phaseAngleRad phase angle (rad), [0, pi].
 * @returns φ1 in [0, 1], 1 at zero phase; clipped at 0 beyond ~152 deg.
 * Reference: Muinonen et al. 2010, Icarus 209, 542, eq. 19 and Table 1; sbpy `HG1G2._phi1`.
 */
export function hg1g2Phi1(phaseAngleRad: number): number {
  return evaluateSpline(PHI1, phaseAngleRad);
}

/**
 * HG1G2 basis function φ2 (sbpy clamped spline; linear below 7.5 deg: 1 - 9α/(5π)).
 * @param phaseAngleRad phase angle (rad), [0, pi].
 * @returns φ2 in [0, 1], 1 at zero phase.
 * Reference: Muinonen et al. 2010, Icarus 209, 542, eq. 20 and Table 1; sbpy `HG1G2._phi2`.
 */
export function hg1g2Phi2(phaseAngleRad: number): number {
  return evaluateSpline(PHI2, phaseAngleRad);
}

/**
 * HG1G2 basis function φ3 (sbpy clamped spline with left-end derivative -1.0630097, 0 from 30 deg on).
 * @param phaseAngleRad phase angle (rad), [0, pi].
 * @returns φ3 in [0, 1], 1 at zero phase, 0 at 30 deg and beyond.
 * Reference: Muinonen et al. 2010, Icarus 209, 542, eq. 21 and Table 1; sbpy `HG1G2._phi3`; docs/references.md#hg1g2-model
 * (differs from the Penttilä et al. 2016 Hermite table by at most 9e-4).
 */
export function hg1g2Phi3(phaseAngleRad: number): number {
  return phaseAngleRad >= PHI3_ZERO_FROM_RAD ? 0 : evaluateSpline(PHI3, phaseAngleRad);
}

/** The three HG1G2 basis functions at one phase angle, each in [0, 1]. */
export interface Hg1g2BasisValues {
  readonly phi1: number;
  readonly phi2: number;
  readonly phi3: number;
}

/**
 * The three HG1G2 basis functions at a phase angle.
 * @param phaseAngleRad Sun-object-observer angle (rad), [0, pi].
 * @returns phi1, phi2, phi3, each in [0, 1] (1 at zero phase).
 * Reference: Muinonen et al. 2010, Icarus 209, 542, eqs 19-21; sbpy `HG1G2` (docs/references.md#hg1g2-model).
 */
export function hg1g2Basis(phaseAngleRad: number): Hg1g2BasisValues {
  return {
    phi1: hg1g2Phi1(phaseAngleRad),
    phi2: hg1g2Phi2(phaseAngleRad),
    phi3: hg1g2Phi3(phaseAngleRad),
  };
}
