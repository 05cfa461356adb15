/**
 * Photometry of the simulated LSST sources: AB magnitudes in the six Rubin bands from the simulator's light-curve
 * models (which give g and r, model/light-curves.ts), fluxes in nJy, and the measurement model of a visit
 * (noise from the visit's 5-sigma depth). Pure.
 * Reference: AB magnitude of a flux in nJy, m = 31.4 - 2.5 log10(f / nJy) (Oke & Gunn 1983; fink-filters `ZP_NJY`);
 * docs/surveys.md.
 */

import { AB_MAG_OF_ONE_NJY } from '../../../compute/sso/index.js';
import { type LightCurveModel, referenceMag, sourceMag } from '../model/index.js';
import type { LsstBand } from './schema-fields.js';

export { AB_MAG_OF_ONE_NJY };

/** Flux (nJy) of an AB magnitude; 0 for an infinite magnitude. */
export function abMagToNJy(mag: number): number {
  return mag === Number.POSITIVE_INFINITY ? 0 : 10 ** ((AB_MAG_OF_ONE_NJY - mag) / 2.5);
}

/** AB magnitude of a flux (nJy); NaN for a flux <= 0. */
export function nJyToAbMag(fluxNJy: number): number {
  return fluxNJy > 0 ? AB_MAG_OF_ONE_NJY - 2.5 * Math.log10(fluxNJy) : Number.NaN;
}

/**
 * Magnitude in a Rubin band from the g and r magnitudes of a source: linear colour relations in g - r that
 * approximate the stellar locus (u - g = 1.25 (g - r) + 0.5; r - i = 0.4 (g - r); i - z = 0.25 (g - r);
 * z - y = 0.1 (g - r)). Infinity in gives Infinity out (a transient before its rise).
 * Reference: Covey et al. 2007, AJ 134, 2398 (SDSS-2MASS stellar locus), linearised by us.
 */
export function bandMagFromGr(gMag: number, rMag: number, band: LsstBand): number {
  if (!Number.isFinite(gMag) || !Number.isFinite(rMag)) return Number.POSITIVE_INFINITY;
  const c = gMag - rMag;
  const iMag = rMag - 0.4 * c;
  const zMag = iMag - 0.25 * c;
  switch (band) {
    case 'u':
      return gMag + 1.25 * c + 0.5;
    case 'g':
      return gMag;
    case 'r':
      return rMag;
    case 'i':
      return iMag;
    case 'z':
      return zMag;
    default:
      return zMag - 0.1 * c;
  }
}

/**
 * AB magnitude of a source in a band at a time (its whole flux, reference included).
 * @param jd time (JD); @param drwMag current value of an AGN's damped random walk (mag), 0 otherwise.
 * @returns mag; Infinity when an explosive transient has no flux yet or any more.
 */
export function sourceBandMag(model: LightCurveModel, jd: number, band: LsstBand, drwMag = 0): number {
  return bandMagFromGr(sourceMag(model, jd, 1, drwMag), sourceMag(model, jd, 2, drwMag), band);
}

/** AB magnitude of the source in the template (reference) image of a band; null when absent from it (transients). */
export function templateBandMag(model: LightCurveModel, band: LsstBand): number | null {
  const g = referenceMag(model, 1);
  const r = referenceMag(model, 2);
  return g === null || r === null ? null : bandMagFromGr(g, r, band);
}

/** True fluxes of a source on a visit (nJy): on the science image, the template and their difference. */
export interface TrueFluxes {
  readonly scienceNJy: number;
  readonly templateNJy: number;
  readonly differenceNJy: number;
}

/** The true fluxes of a source in a band at a time. */
export function trueFluxes(model: LightCurveModel, jd: number, band: LsstBand, drwMag = 0): TrueFluxes {
  const scienceNJy = abMagToNJy(sourceBandMag(model, jd, band, drwMag));
  const ref = templateBandMag(model, band);
  const templateNJy = ref === null ? 0 : abMagToNJy(ref);
  return { scienceNJy, templateNJy, differenceNJy: scienceNJy - templateNJy };
}

/** Signal-to-noise ratio at which a difference-image source is detected (Rubin's threshold, either sign). */
export const DETECTION_SNR = 5;
/** Calibration error added in quadrature (fraction of the flux). */
const CALIBRATION_FRACTION = 0.005;

/**
 * 1-sigma PSF-flux noise of a visit (nJy): the flux at the 5-sigma depth over 5, plus the calibration error
 * of a flux in quadrature.
 * @param m5Mag 5-sigma point-source depth of the visit (AB mag); @param fluxNJy flux measured (nJy).
 */
export function psfFluxSigmaNJy(m5Mag: number, fluxNJy: number): number {
  return Math.hypot(abMagToNJy(m5Mag) / DETECTION_SNR, CALIBRATION_FRACTION * fluxNJy);
}
