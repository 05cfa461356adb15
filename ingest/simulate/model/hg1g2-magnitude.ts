/**
 * Apparent magnitudes of simulated asteroids: the HG1G2 phase function (Muinonen et al. 2010, the sbpy basis
 * functions of `compute/sso/phase`) and the V to ZTF g/r colour offsets used by Fink. Pure.
 */
import { hg1g2Mag } from '../../../compute/sso/phase/index.js';

/** ZTF g minus V for a typical asteroid (mag); Fink `normalise_to_V` uses V - g = -0.2833 (docs/references.md#reduced-magnitude). */
export const G_MINUS_V_MAG = 0.2833;
/** ZTF r minus V for a typical asteroid (mag); Fink uses V - r = +0.1777 (docs/references.md#reduced-magnitude). */
export const R_MINUS_V_MAG = -0.1777;

/**
 * Reduced magnitude (at 1 AU from Sun and observer) of the HG1G2 model.
 * @param hMag absolute magnitude H (mag).
 * @param g1 G1 in [0, 1]; @param g2 G2 in [0, 1] with G1 + G2 <= 1.
 * @param phaseAngleRad phase angle (rad).
 * @returns H - 2.5 log10(G1 phi1 + G2 phi2 + (1 - G1 - G2) phi3) (mag); Infinity when the flux is 0.
 * Reference: Muinonen et al. 2010, Icarus 209, 542, eq. 18.
 */
export function hg1g2ReducedMag(hMag: number, g1: number, g2: number, phaseAngleRad: number): number {
  return hg1g2Mag(phaseAngleRad, { hMag, g1, g2 });
}

/**
 * Apparent V magnitude of an asteroid.
 * @param helioDistAu Sun-object distance (AU); @param geoDistAu observer-object distance (AU).
 * @returns V (mag) = reduced magnitude + 5 log10(r Delta).
 * Reference: Muinonen et al. 2010, eq. 18; docs/references.md#reduced-magnitude.
 */
export function hg1g2ApparentMagV(
  hMag: number,
  g1: number,
  g2: number,
  phaseAngleRad: number,
  helioDistAu: number,
  geoDistAu: number,
): number {
  return hg1g2ReducedMag(hMag, g1, g2, phaseAngleRad) + 5 * Math.log10(helioDistAu * geoDistAu);
}

/** V magnitude converted to a ZTF band (fid 1 = g, 2 = r, 3 = i taken as r); offsets as Fink uses them. */
export function vToZtfBandMag(vMag: number, fid: 1 | 2 | 3): number {
  return vMag + (fid === 1 ? G_MINUS_V_MAG : R_MINUS_V_MAG);
}
