/**
 * Phase-curve magnitude models fitted by Fink: HG (Bowell et al. 1989), HG1G2 (Muinonen et al. 2010) and sHG1G2
 * (Carry et al. 2024), with the quantities derived from them. Magnitudes are reduced magnitudes (object at 1 AU
 * from the Sun and the observer). Pure.
 * Reference: docs/references.md#hg-model, #hg1g2-model, #shg1g2-model.
 */
import { hg1g2Phi1, hg1g2Phi2, hg1g2Phi3, hgPhi1, hgPhi2 } from './basis.js';

/** Parameters of the HG model for one band. */
export interface HgParameters {
  /** Absolute magnitude H (mag). */
  readonly hMag: number;
  /** Slope parameter G, nominally [0, 1]. */
  readonly g: number;
}

/** Parameters of the HG1G2 model for one band. */
export interface Hg1g2Parameters {
  /** Absolute magnitude H (mag). */
  readonly hMag: number;
  /** G1, nominally [0, 1]. */
  readonly g1: number;
  /** G2, nominally [0, 1]. */
  readonly g2: number;
}

/** Parameters of the sHG1G2 model for one band: the band's HG1G2 parameters plus the shared spin and shape. */
export interface Shg1g2Parameters extends Hg1g2Parameters {
  /** Oblateness R = polar / equatorial radius, (0, 1]. */
  readonly r: number;
  /** Right ascension of the spin axis, equatorial J2000 (rad), [0, 2pi]. */
  readonly alpha0Rad: number;
  /** Declination of the spin axis, equatorial J2000 (rad), [-pi/2, pi/2]. */
  readonly delta0Rad: number;
}

/**
 * Reduced magnitude of the HG model.
 * @param phaseAngleRad phase angle (rad), [0, pi).
 * @param p H (mag) and G.
 * @returns H - 2.5 log10((1 - G) Φ1 + G Φ2) (mag); NaN when the flux term is negative.
 * Reference: Bowell et al. 1989, Asteroids II, p. 524, eq. A1; docs/references.md#hg-model.
 */
export function hgMag(phaseAngleRad: number, p: HgParameters): number {
  return p.hMag - 2.5 * Math.log10((1 - p.g) * hgPhi1(phaseAngleRad) + p.g * hgPhi2(phaseAngleRad));
}

/**
 * Reduced magnitude of the HG1G2 model.
 * @param phaseAngleRad phase angle (rad), [0, pi].
 * @param p H (mag), G1, G2 (no constraint G1 + G2 <= 1 is imposed, as in Fink).
 * @returns H - 2.5 log10(G1 φ1 + G2 φ2 + (1 - G1 - G2) φ3) (mag); Infinity or NaN when the flux term is <= 0.
 * Reference: Muinonen et al. 2010, Icarus 209, 542, eq. 18; docs/references.md#hg1g2-model.
 */
export function hg1g2Mag(phaseAngleRad: number, p: Hg1g2Parameters): number {
  const flux =
    p.g1 * hg1g2Phi1(phaseAngleRad) +
    p.g2 * hg1g2Phi2(phaseAngleRad) +
    (1 - p.g1 - p.g2) * hg1g2Phi3(phaseAngleRad);
  return p.hMag - 2.5 * Math.log10(flux);
}

/**
 * Cosine of the aspect angle Λ between the spin axis and the line of sight.
 * @param raRad right ascension of the object as observed, equatorial J2000 (rad).
 * @param decRad declination of the object as observed, equatorial J2000 (rad).
 * @param alpha0Rad right ascension of the spin axis (rad); @param delta0Rad its declination (rad).
 * @returns cos Λ in [-1, 1] (signed; the models use its absolute value).
 * Reference: Carry et al. 2024, A&A 687, A38, eq. 5 (IMCCE, Introduction aux éphémérides, eq. 12.4).
 */
export function cosAspectAngle(raRad: number, decRad: number, alpha0Rad: number, delta0Rad: number): number {
  return (
    Math.sin(decRad) * Math.sin(delta0Rad) +
    Math.cos(decRad) * Math.cos(delta0Rad) * Math.cos(raRad - alpha0Rad)
  );
}

/**
 * Reduced magnitude of the sHG1G2 model (HG1G2 plus the spin-orientation term of an oblate spheroid).
 * @param phaseAngleRad phase angle (rad), [0, pi].
 * @param raRad observed right ascension, J2000 (rad); @param decRad observed declination, J2000 (rad).
 * @param p the band's H (mag), G1, G2 and the shared R, alpha0, delta0 (rad).
 * @returns HG1G2 magnitude + 2.5 log10(1 - (1 - R) |cos Λ|) (mag); the spin term is <= 0 for R <= 1.
 * Reference: Carry et al. 2024, A&A 687, A38, eq. 4; docs/references.md#shg1g2-model.
 */
export function shg1g2Mag(phaseAngleRad: number, raRad: number, decRad: number, p: Shg1g2Parameters): number {
  const absCos = Math.abs(cosAspectAngle(raRad, decRad, p.alpha0Rad, p.delta0Rad));
  return hg1g2Mag(phaseAngleRad, p) + 2.5 * Math.log10(1 - (1 - p.r) * absCos);
}

/**
 * Phase integral q of the HG1G2 model (linear approximation of Muinonen et al.).
 * @param g1 G1; @param g2 G2.
 * @returns q = 0.009082 + 0.4061 G1 + 0.8092 G2 (dimensionless).
 * Reference: Muinonen et al. 2010, Icarus 209, 542, eq. 22; sbpy `HG1G2.phaseint` (docs/references.md#hg1g2-model).
 */
export function hg1g2PhaseIntegral(g1: number, g2: number): number {
  return 0.009082 + 0.4061 * g1 + 0.8092 * g2;
}

/**
 * Phase integral q of the HG model by numerical integration (composite Simpson rule, 2000 intervals).
 * @param g slope parameter G.
 * @returns q = 2 ∫_0^π Φ(α) sin α dα (dimensionless), Φ = (1 - G) Φ1 + G Φ2.
 * Reference: Bowell et al. 1989, Asteroids II, p. 524; sbpy `HG.phaseint` (Ceres G = 0.12 gives 0.3644).
 */
export function hgPhaseIntegral(g: number): number {
  const intervals = 2000;
  const h = Math.PI / intervals;
  let sum = 0;
  for (let k = 0; k <= intervals; k++) {
    const a = k * h;
    // The integrand vanishes at π (sin π = 0); evaluating Φ there would take tan(π/2).
    const f = k === intervals ? 0 : ((1 - g) * hgPhi1(a) + g * hgPhi2(a)) * Math.sin(a);
    sum += (k === 0 || k === intervals ? 1 : k % 2 === 1 ? 4 : 2) * f;
  }
  return 2 * ((sum * h) / 3);
}

/**
 * Shape estimate of an sHG1G2 fit from its residuals and oblateness, as Fink computes it: lightcurve amplitude
 * A = 2 std(residuals), a/b = 10^(0.8 A), a/c = max((a/b + 1) / (2 R), a/b).
 * @param residualsMag residuals of the fit (mag), all bands, any sign convention; at least one finite value.
 * @param r fitted oblateness R, (0, 1].
 * @returns aB (a/b >= 1) and aC (a/c >= a/b); NaN when there is no residual.
 * Reference: Carry et al. 2024, A&A 687, A38, §3; fink-utils `sso/spins.py` (docs/references.md#shg1g2-model).
 */
export function shapeFromResiduals(residualsMag: ArrayLike<number>, r: number): { aB: number; aC: number } {
  const n = residualsMag.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += residualsMag[i];
  mean /= n;
  let variance = 0;
  for (let i = 0; i < n; i++) variance += (residualsMag[i] - mean) ** 2;
  const amplitudeMag = 2 * Math.sqrt(variance / n);
  const aB = 10 ** (0.4 * 2 * amplitudeMag);
  return { aB, aC: Math.max((aB + 1) / (2 * r), aB) };
}
