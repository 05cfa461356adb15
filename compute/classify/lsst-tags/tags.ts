/**
 * fink-filters' Rubin livestream filters (the LSST tags): one pure function per filter
 * `fink_filters/rubin/livestream/filter_<tag>/filter.py` of fink-filters 7.40, on one alert's values (TagInput).
 * A tag that reads Fink's values is false for an alert without them (a raw Rubin alert).
 *
 * Reference: fink-filters 7.40 `fink_filters/rubin/livestream/`; docs/api.md, "LSST API" (deviations).
 */

import { airmassAtCerroPachon } from './airmass.js';
import {
  isExtragalacticLooseCandidate,
  isExtragalacticNearGalaxyCandidate,
  isGaiaStar,
  isGoodQuality,
  isNew,
  isOutsideGalacticPlane20Deg,
  isRising,
  isSolarSystem,
} from './blocks.js';
import type { TagInput } from './inputs.js';
import { abMagOfFluxNjy, absoluteMag } from './photometry.js';

/** Fink's `in_tns` (`filter_in_tns`): a TNS counterpart (AT or confirmed) at the time of emission. */
export function inTns({ fink }: TagInput): boolean {
  return fink !== null && fink.tnsFullname !== null;
}

/**
 * Fink's `hostless_candidate` (`filter_hostless_candidate`): good quality, |b| > 20°, m_AB ≤ 21.5 and ELEPHANT's
 * template KS statistic < 0.95.
 */
export function isHostlessCandidate({ source, fink }: TagInput): boolean {
  if (fink === null || fink.elephantKsTestTemplate === null) return false;
  const mag = abMagOfFluxNjy(source.psfFluxNjy);
  return (
    isGoodQuality(source) &&
    fink.elephantKsTestTemplate < 0.95 &&
    isOutsideGalacticPlane20Deg(source.raDeg, source.decDeg) &&
    mag !== null &&
    mag <= 21.5
  );
}

/**
 * The cuts of `remove_unlikely_transients` (`filter_remove_unlikely_transients`): snr > 10, nDiaSources ≥ 2, not
 * Solar System, and a good-quality positive detection. fink-filters ANDs with the negation of the quality cut
 * (selecting bad-quality alerts); we keep the good-quality ones (docs/api.md, "LSST API").
 */
export function isLikelyTransient({ source, object, fink }: TagInput): boolean {
  if (fink === null || object === null) return false;
  return (
    source.snr !== null &&
    source.snr > 10 &&
    object.nDiaSources !== null &&
    object.nDiaSources >= 2 &&
    !isSolarSystem(fink.isSso) &&
    isGoodQuality(source) &&
    source.isNegative !== true
  );
}

/**
 * Fink's `most_likely_sn` (`filter_most_likely_sn`): isLikelyTransient (with the quality cut the right way round,
 * see there), SuperNNova SN-vs-others ≥ 0.7, and CATS class 11 (SN) with probability ≥ 0.9.
 */
export function isMostLikelySn(input: TagInput): boolean {
  const { fink } = input;
  if (fink === null || !isLikelyTransient(input)) return false;
  return (
    fink.snnSnVsOthersScore !== null &&
    fink.snnSnVsOthersScore >= 0.7 &&
    fink.catsClass === 11 &&
    fink.catsScore !== null &&
    fink.catsScore >= 0.9
  );
}

/** Days since Fink's first detection of the object (midpoint − firstDiaSourceMjdTaiFink), or null. */
function ageDays({ source, fink }: TagInput): number | null {
  const first = fink?.firstDiaSourceMjdTaiFink ?? null;
  return first === null ? null : source.midpointMjdTai - first;
}

/**
 * Fink's `extragalactic_lt20mag_candidate` (`filter_extragalactic_lt20mag_candidate`): a loose extragalactic
 * candidate, m_AB < 20, rising, nDiaSources > 4 and first detected more than 1 day before.
 */
export function isExtragalacticLt20MagCandidate(input: TagInput): boolean {
  const { source, object, fink } = input;
  if (fink === null || object === null) return false;
  const mag = abMagOfFluxNjy(source.psfFluxNjy);
  const age = ageDays(input);
  return (
    isExtragalacticLooseCandidate(source, fink) &&
    mag !== null &&
    mag < 20 &&
    isRising(source.psfFluxNjy, object.bandPsfFluxMeanNjy, object.bandPsfFluxMeanErrNjy) &&
    object.nDiaSources !== null &&
    object.nDiaSources > 4 &&
    age !== null &&
    age > 1
  );
}

/**
 * Fink's `extragalactic_svom` (`filter_extragalactic_svom`): an extragalactic candidate near a galaxy, first
 * detected less than 5 days before, m_AB < 24.
 */
export function isExtragalacticSvom(input: TagInput): boolean {
  const { source, fink } = input;
  if (fink === null) return false;
  const mag = abMagOfFluxNjy(source.psfFluxNjy);
  const age = ageDays(input);
  return (
    isExtragalacticNearGalaxyCandidate(source, fink) && age !== null && age < 5 && mag !== null && mag < 24
  );
}

/**
 * Fink's `extragalactic_new_candidate` (`filter_extragalactic_new_candidate`): isExtragalacticSvom, at least 2
 * detections in the alert's band, and a magnitude rate against the previous detection in that band (mag/day):
 * below −0.2 while first detected less than 3 days before (rising), or above 0.2 in r, i / 0.5 in g, u (fading).
 */
export function isExtragalacticNewCandidate(input: TagInput): boolean {
  const { source, object, previous } = input;
  if (object === null || previous === null || !isExtragalacticSvom(input)) return false;
  if (object.bandPsfFluxNdata === null || object.bandPsfFluxNdata < 2) return false;
  const mag = abMagOfFluxNjy(source.psfFluxNjy);
  const previousMag = abMagOfFluxNjy(previous.psfFluxNjy);
  if (mag === null || previousMag === null) return false;
  const rateMagPerDay = (mag - previousMag) / (source.midpointMjdTai - previous.midpointMjdTai);
  const age = ageDays(input);
  const rising = rateMagPerDay < -0.2 && age !== null && age < 3;
  const fadingRi = (source.band === 'r' || source.band === 'i') && rateMagPerDay > 0.2;
  const fadingGu = (source.band === 'g' || source.band === 'u') && rateMagPerDay > 0.5;
  return rising || fadingRi || fadingGu;
}

/**
 * Fink's `sn_near_galaxy_candidate` (`filter_sn_near_galaxy_candidate`): an extragalactic candidate near a galaxy,
 * nDiaSources > 5, and a peak absolute magnitude between −23 and −13 (the brightest `<band>_psfFluxMax` at the
 * Legacy DR8 photo-z, flat ΛCDM H0 = 70, Ω_m = 0.3, no K-correction).
 */
export function isSnNearGalaxyCandidate({ source, object, fink }: TagInput): boolean {
  if (fink === null || object === null || object.nDiaSources === null || object.nDiaSources <= 5)
    return false;
  if (!isExtragalacticNearGalaxyCandidate(source, fink)) return false;
  const peakAbsMag = absoluteMag(abMagOfFluxNjy(object.maxPsfFluxMaxNjy), fink.legacyDr8Zphot);
  return peakAbsMag !== null && peakAbsMag > -23 && peakAbsMag < -13;
}

/** Fink's `uniform_sample` (`filter_uniform_sample`): diaSourceId divisible by 113 (≈ 0.9 % of alerts). */
export function isUniformSample({ source }: TagInput): boolean {
  return source.diaSourceId % 113n === 0n;
}

/** True when no earlier detection lies 4 to 48 hours before the alert (`isolated_source`). */
function isIsolated(midpointMjdTai: number, previousMjdTai: readonly number[]): boolean {
  return !previousMjdTai.some((mjd) => {
    const hours = (midpointMjdTai - mjd) * 24;
    return hours >= 4 && hours <= 48;
  });
}

/**
 * Fink's `mdwarf_flare` (`filter_mdwarf_flare`): a good-quality u or g detection at airmass > 1.3 (Cerro Pachón),
 * at least 10 % above its template flux, with no earlier detection 4 to 48 h before; a first detection must be a
 * Gaia star; when the history gives quiescent r, i, z magnitudes (medians of the template fluxes), r − i > 0.53
 * and i − z > 0.3. The airmass, the costliest cut, comes last.
 */
export function isMdwarfFlare(input: TagInput): boolean {
  const { source, fink, history } = input;
  if (fink === null || (source.band !== 'u' && source.band !== 'g') || !isGoodQuality(source)) return false;
  const first = isNew(source.midpointMjdTai, fink.firstDiaSourceMjdTaiFink);
  if (first && !isGaiaStar(fink.gaiaDr3Name, fink.gaiaPlxMas, fink.gaiaPlxErrMas)) return false;
  const { psfFluxNjy, templateFluxNjy } = source;
  if (templateFluxNjy === null || !(templateFluxNjy > 0) || psfFluxNjy === null) return false;
  if (!(psfFluxNjy / templateFluxNjy >= 0.1)) return false;
  if (history !== null && !isIsolated(source.midpointMjdTai, history.previousMjdTai)) return false;
  const median = history?.medianTemplateFluxNjy;
  const r = abMagOfFluxNjy(median?.r ?? null);
  const i = abMagOfFluxNjy(median?.i ?? null);
  const z = abMagOfFluxNjy(median?.z ?? null);
  if (r !== null && i !== null && z !== null && !(r - i > 0.53 && i - z > 0.3)) return false;
  return airmassAtCerroPachon(source.raDeg, source.decDeg, source.midpointMjdTai) > 1.3;
}
