/**
 * fink-filters' Rubin blocks, the building bricks of the LSST tags: one pure function per block `b_<name>` of
 * fink-filters 7.40 `fink_filters/rubin/blocks.py` (named in each doc), on one alert's typed values. A null input
 * makes the cut that reads it false, as pandas' NaN comparisons; a null flag counts as not set.
 *
 * Reference: fink-filters 7.40 `fink_filters/rubin/blocks.py`; fink-utils 0.71 `xmatch/simbad.py`, `xmatch/vsx.py`.
 */
import { icrsToGalactic } from '../../sky/index.js';
import { EG_HOST_LABELS, EG_HOST_LABELS_LATER } from '../fink-labels.js';
import { QUALITY_FLAGS, type TagFinkValues, type TagSource } from './inputs.js';
import { VSX_NONSTELLAR_TYPES, VSX_STELLAR_TYPES } from './vsx-labels.js';

/** Minimum psfFlux / psfFluxErr of a good-quality detection (`b_good_quality`). */
export const MIN_GOOD_FLUX_SNR = 6;
/** Minimum Gaia parallax over its error of a star (`b_xmatched_gaia_star`). */
const MIN_GAIA_PLX_SNR = 5;

/** SIMBAD labels of an extragalactic host, unknown or failed match (fink-utils `return_list_of_eg_host`, 34). */
const EG_HOSTS: ReadonlySet<string> = new Set([...EG_HOST_LABELS, ...EG_HOST_LABELS_LATER]);
/** Cross-match values meaning "no counterpart" (blocks.py `BAD_VALUES`; null is one too). */
const BAD_VALUES: ReadonlySet<string> = new Set(['Unknown', 'Fail', 'Fail 504']);
const VSX_STARS: ReadonlySet<string> = new Set(VSX_STELLAR_TYPES);
const VSX_ANY: ReadonlySet<string> = new Set([...VSX_NONSTELLAR_TYPES, ...VSX_STELLAR_TYPES]);

/**
 * `b_good_quality`: no quality flag set (QUALITY_FLAGS), a non-negative PSF flux and psfFlux / psfFluxErr ≥ 6.
 * @returns false also when the flux or its error is null (fink-filters would keep a NaN flux; we do not).
 */
export function isGoodQuality(source: TagSource): boolean {
  if (QUALITY_FLAGS.some((flag) => source.flags[flag] === true)) return false;
  const { psfFluxNjy, psfFluxErrNjy } = source;
  if (psfFluxNjy === null || psfFluxErrNjy === null || !Number.isFinite(psfFluxNjy)) return false;
  return psfFluxNjy >= 0 && !(psfFluxNjy / psfFluxErrNjy < MIN_GOOD_FLUX_SNR);
}

/** `b_is_solar_system`: Fink's Solar System flag (`f:is_sso`); null is false. */
export function isSolarSystem(isSso: boolean | null): boolean {
  return isSso === true;
}

/**
 * `b_is_new`: the alert is the object's first detection, its midpoint equal to Fink's first-detection time.
 * @param midpointMjdTai the alert's exposure midpoint (MJD TAI); @param firstDiaSourceMjdTaiFink (MJD TAI).
 */
export function isNew(midpointMjdTai: number, firstDiaSourceMjdTaiFink: number | null): boolean {
  return firstDiaSourceMjdTaiFink !== null && midpointMjdTai === firstDiaSourceMjdTaiFink;
}

/** psfFlux − band mean (nJy) when it exceeds the mean's error in absolute value, else null. */
function significantDiffNjy(
  psfFluxNjy: number | null,
  bandPsfFluxMeanNjy: number | null,
  bandPsfFluxMeanErrNjy: number | null,
): number | null {
  if (psfFluxNjy === null || bandPsfFluxMeanNjy === null || bandPsfFluxMeanErrNjy === null) return null;
  const diff = psfFluxNjy - bandPsfFluxMeanNjy;
  return Math.abs(diff) > bandPsfFluxMeanErrNjy ? diff : null;
}

/**
 * `b_is_rising`: the PSF flux is above the object's mean flux in its band by more than the mean's error.
 * @param psfFluxNjy the alert's flux; @param bandPsfFluxMeanNjy, bandPsfFluxMeanErrNjy the diaObject's
 *   `<band>_psfFluxMean(Err)` in the alert's band (all nJy).
 */
export function isRising(
  psfFluxNjy: number | null,
  bandPsfFluxMeanNjy: number | null,
  bandPsfFluxMeanErrNjy: number | null,
): boolean {
  const diff = significantDiffNjy(psfFluxNjy, bandPsfFluxMeanNjy, bandPsfFluxMeanErrNjy);
  return diff !== null && diff > 0;
}

/** `b_is_fading`: the PSF flux is below the band mean by more than the mean's error (arguments of isRising). */
export function isFading(
  psfFluxNjy: number | null,
  bandPsfFluxMeanNjy: number | null,
  bandPsfFluxMeanErrNjy: number | null,
): boolean {
  const diff = significantDiffNjy(psfFluxNjy, bandPsfFluxMeanNjy, bandPsfFluxMeanErrNjy);
  return diff !== null && diff < 0;
}

/** |galactic latitude| of an ICRS position (deg) above `minAbsLatDeg`. */
function isBeyondLatitude(raDeg: number, decDeg: number, minAbsLatDeg: number): boolean {
  return Math.abs(icrsToGalactic(raDeg, decDeg).latDeg) > minAbsLatDeg;
}

/** `b_outside_galactic_plane_20_deg`: |b| > 20° at the ICRS position (raDeg, decDeg). */
export function isOutsideGalacticPlane20Deg(raDeg: number, decDeg: number): boolean {
  return isBeyondLatitude(raDeg, decDeg, 20);
}

/** `b_outside_galactic_plane_5_deg`: |b| > 5° at the ICRS position (raDeg, decDeg). */
export function isOutsideGalacticPlane5Deg(raDeg: number, decDeg: number): boolean {
  return isBeyondLatitude(raDeg, decDeg, 5);
}

/**
 * `b_xmatched_simbad_galaxy`: the SIMBAD type is one of fink-utils' extragalactic-host labels — which include
 * `Unknown` and `Fail` (not null).
 */
export function isSimbadGalaxy(simbadOtype: string | null): boolean {
  return simbadOtype !== null && EG_HOSTS.has(simbadOtype);
}

/** `b_xmatched_simbad_unknown`: no SIMBAD counterpart (null, `Unknown`) or a failed match (`Fail`, `Fail 504`). */
export function isSimbadUnknown(simbadOtype: string | null): boolean {
  return simbadOtype === null || BAD_VALUES.has(simbadOtype);
}

/** `b_xmatched_mangrove`: a Mangrove galaxy counterpart, i.e. a positive luminosity distance (Mpc). */
export function isMangroveGalaxy(mangroveLumDistMpc: number | null): boolean {
  return mangroveLumDistMpc !== null && mangroveLumDistMpc > 0;
}

/** `b_xmatched_gaia_star`: a Gaia DR3 counterpart whose parallax exceeds 5 times its error (mas, mas). */
export function isGaiaStar(
  gaiaDr3Name: string | null,
  gaiaPlxMas: number | null,
  gaiaPlxErrMas: number | null,
): boolean {
  if (gaiaDr3Name === null || BAD_VALUES.has(gaiaDr3Name)) return false;
  if (gaiaPlxMas === null || gaiaPlxErrMas === null) return false;
  return gaiaPlxMas / gaiaPlxErrMas > MIN_GAIA_PLX_SNR;
}

/** `b_xmatched_vsx_star`: a VSX counterpart of a stellar type (VSX_STELLAR_TYPES). */
export function isVsxStar(vsxType: string | null): boolean {
  return vsxType !== null && VSX_STARS.has(vsxType);
}

/** `b_xmatched_vsx`: a VSX counterpart of any listed type, stellar or not. */
export function isVsxMatch(vsxType: string | null): boolean {
  return vsxType !== null && VSX_ANY.has(vsxType);
}

/** fink-filters `extragalactic_base`: the cuts shared by the two extragalactic blocks, and the host evidence. */
function extragalacticBase(
  source: TagSource,
  fink: TagFinkValues,
): { readonly base: boolean; readonly nearGalaxy: boolean; readonly unknown: boolean } {
  const galaxy = isSimbadGalaxy(fink.simbadOtype);
  const unknown = isSimbadUnknown(fink.simbadOtype);
  const legacy = fink.legacyDr8Zphot !== null && fink.legacyDr8Zphot > 0 && (unknown || galaxy);
  const base =
    isGoodQuality(source) &&
    isOutsideGalacticPlane20Deg(source.raDeg, source.decDeg) &&
    !isSolarSystem(fink.isSso) &&
    !isGaiaStar(fink.gaiaDr3Name, fink.gaiaPlxMas, fink.gaiaPlxErrMas) &&
    !isVsxStar(fink.vsxType);
  return { base, nearGalaxy: galaxy || isMangroveGalaxy(fink.mangroveLumDistMpc) || legacy, unknown };
}

/**
 * `b_extragalactic_loose_candidate`: good quality, |b| > 20°, not Solar System, not a Gaia or VSX star, and a
 * SIMBAD galaxy, a Mangrove galaxy, a Legacy DR8 photo-z > 0 (with SIMBAD unknown or galaxy), or no SIMBAD match.
 */
export function isExtragalacticLooseCandidate(source: TagSource, fink: TagFinkValues): boolean {
  const { base, nearGalaxy, unknown } = extragalacticBase(source, fink);
  return base && (nearGalaxy || unknown);
}

/** `b_extragalactic_near_galaxy_candidate`: as isExtragalacticLooseCandidate without the "no SIMBAD match" branch. */
export function isExtragalacticNearGalaxyCandidate(source: TagSource, fink: TagFinkValues): boolean {
  const { base, nearGalaxy } = extragalacticBase(source, fink);
  return base && nearGalaxy;
}
