/**
 * ZTF photometry conversions: DC (apparent) magnitude from the difference magnitude and the reference source's
 * magnitude, apparent and difference fluxes. Pure.
 * Reference: fink-utils `fink_utils/photometry/conversion.py` (`apparent_flux`, `dc_mag`), after the ZTF Science Data
 * System Explanatory Supplement p. 107; docs/references.md#dc-magnitude. AB zero point 3631 Jy: Oke & Gunn 1983,
 * ApJ 266, 713.
 */

/** Zero point of AB magnitudes (Jy). */
export const AB_ZERO_POINT_JY = 3631;
const MJY_PER_JY = 1000;
/** 0.4·ln 10 = 1/1.0857: a magnitude error times this is the relative flux error. */
const LN10_OVER_2_5 = Math.LN10 / 2.5;

/** A magnitude with its 1σ error (mag); the error is null when unknown. */
export interface MagWithError {
  readonly mag: number;
  readonly errorMag: number | null;
}

/** A flux with its 1σ error (mJy); the error is null when unknown. */
export interface FluxWithError {
  readonly fluxMjy: number;
  readonly errorMjy: number | null;
}

/**
 * DC magnitude: the reference source's flux plus (or minus, for a negative difference) the difference flux.
 * @param magpsf difference-image PSF magnitude (mag); @param sigmapsf its error (mag, or null).
 * @param magnr magnitude of the nearest reference source (mag); @param sigmagnr its error (mag, or null).
 * @param positive true when `isdiffpos` is 't' or '1' (the source brightened).
 * @returns the DC magnitude and its propagated error; null when an input is not finite or the total flux ≤ 0.
 * Reference: fink-utils `dc_mag`: m = −2.5·log10(F_r ± F_p), σ = √((F_r σ_r)² + (F_p σ_p)²) / (F_r ± F_p)
 * with F = 10^(−0.4 m) (fink-utils divides by 1.0857 and multiplies back, the same thing).
 */
export function dcMagnitude(
  magpsf: number,
  sigmapsf: number | null,
  magnr: number,
  sigmagnr: number | null,
  positive: boolean,
): MagWithError | null {
  if (!Number.isFinite(magpsf) || !Number.isFinite(magnr)) return null;
  const fluxRef = 10 ** (-0.4 * magnr);
  const fluxDiff = 10 ** (-0.4 * magpsf);
  const total = fluxRef + (positive ? fluxDiff : -fluxDiff);
  if (!(total > 0)) return null;
  const mag = -2.5 * Math.log10(total);
  if (sigmapsf === null || sigmagnr === null || !Number.isFinite(sigmapsf) || !Number.isFinite(sigmagnr))
    return { mag, errorMag: null };
  const errorMag = Math.hypot(fluxRef * sigmagnr, fluxDiff * sigmapsf) / total;
  return { mag, errorMag };
}

/**
 * Flux of an AB magnitude.
 * @param mag AB magnitude; @param errorMag its error (mag, or null).
 * @returns flux (mJy) = 3631 Jy·10^(−0.4 m) and its error (mJy) = flux·0.4·ln10·σ_m (null when σ_m is).
 */
export function fluxMjy(mag: number, errorMag: number | null): FluxWithError {
  const flux = AB_ZERO_POINT_JY * MJY_PER_JY * 10 ** (-0.4 * mag);
  return { fluxMjy: flux, errorMjy: errorMag === null ? null : flux * LN10_OVER_2_5 * errorMag };
}

/**
 * Difference flux: the flux of the difference-image PSF magnitude, negative for a negative subtraction.
 * @param magpsf difference magnitude (mag); @param sigmapsf its error (mag, or null).
 * @param positive true when `isdiffpos` is 't' or '1'.
 * @returns signed flux (mJy) and its error (mJy); null when magpsf is not finite.
 * Reference: fink-utils `apparent_flux` (difference_flux = 10^(−0.4 magpsf), σ = σ_psf/1.0857·flux), in mJy.
 */
export function differenceFluxMjy(
  magpsf: number,
  sigmapsf: number | null,
  positive: boolean,
): FluxWithError | null {
  if (!Number.isFinite(magpsf)) return null;
  const { fluxMjy: flux, errorMjy } = fluxMjy(
    magpsf,
    sigmapsf !== null && Number.isFinite(sigmapsf) ? sigmapsf : null,
  );
  return { fluxMjy: positive ? flux : -flux, errorMjy };
}
