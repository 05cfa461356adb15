/**
 * What the Rubin tags and blocks read from one alert (a diaSource received as an alert): Rubin's diaSource and
 * diaObject values, Fink's added values when the alert was processed by Fink, and the previous detection in the
 * same band. Fluxes in nJy, times MJD (TAI), angles in degrees. Null is a missing value: every cut that reads it
 * is false, as pandas' NaN comparisons in fink-filters.
 *
 * Reference: fink-filters 7.40 `fink_filters/rubin/blocks.py` and `rubin/livestream/filter_*` (their arguments).
 */

/** The diaSource flags whose any being set makes an alert bad quality (`b_good_quality`), without `r:`. */
export const QUALITY_FLAGS = [
  'isDipole',
  'pixelFlags',
  'pixelFlags_bad',
  'pixelFlags_saturated',
  'pixelFlags_streakCenter',
  'pixelFlags_interpolated',
  'pixelFlags_cr',
  'pixelFlags_nodata',
  'pixelFlags_streak',
  'pixelFlags_edge',
  'psfFlux_flag',
  'apFlux_flag',
  'forced_PsfFlux_flag',
  'forced_PsfFlux_flag_edge',
  'shape_flag',
  'centroid_flag',
] as const;

export type QualityFlag = (typeof QUALITY_FLAGS)[number];

/** The alert's diaSource. */
export interface TagSource {
  readonly diaSourceId: bigint;
  /** Exposure midpoint (MJD TAI). */
  readonly midpointMjdTai: number;
  /** ICRS position (deg). */
  readonly raDeg: number;
  readonly decDeg: number;
  /** Rubin band: u, g, r, i, z or y. */
  readonly band: string | null;
  /** PSF flux on the difference image (nJy), negative for a fainter source, and its error (nJy). */
  readonly psfFluxNjy: number | null;
  readonly psfFluxErrNjy: number | null;
  /** Flux of the source on the template image (nJy). */
  readonly templateFluxNjy: number | null;
  /** Rubin's signal-to-noise ratio of the detection (`snr`). */
  readonly snr: number | null;
  /** True for a negative detection on the difference image (`isNegative`). */
  readonly isNegative: boolean | null;
  /** The quality flags; a null flag counts as not set. */
  readonly flags: Readonly<Record<QualityFlag, boolean | null>>;
}

/** The alert's diaObject (as sent with the alert). */
export interface TagObject {
  /** Number of diaSources of the object (`nDiaSources`). */
  readonly nDiaSources: number | null;
  /** Mean PSF flux in the alert's band (`<band>_psfFluxMean`, nJy) and its error (nJy). */
  readonly bandPsfFluxMeanNjy: number | null;
  readonly bandPsfFluxMeanErrNjy: number | null;
  /** Number of detections in the alert's band (`<band>_psfFluxNdata`). */
  readonly bandPsfFluxNdata: number | null;
  /** Largest `<band>_psfFluxMax` over the six bands (nJy), nulls skipped; null when all are null. */
  readonly maxPsfFluxMaxNjy: number | null;
}

/** Fink's values for the alert (`f:` columns of a Fink-processed alert). */
export interface TagFinkValues {
  /** Fink's Solar System flag (`f:is_sso`). */
  readonly isSso: boolean | null;
  /** MJD (TAI) of the object's first detection as Fink derives it (`f:firstDiaSourceMjdTaiFink`). */
  readonly firstDiaSourceMjdTaiFink: number | null;
  /** SIMBAD type of the counterpart (`f:xm_simbad_otype`); null without a match. */
  readonly simbadOtype: string | null;
  /** Luminosity distance of the Mangrove galaxy (`f:xm_mangrove_lum_dist`, Mpc). */
  readonly mangroveLumDistMpc: number | null;
  /** Gaia DR3 counterpart name, parallax and its error (mas). */
  readonly gaiaDr3Name: string | null;
  readonly gaiaPlxMas: number | null;
  readonly gaiaPlxErrMas: number | null;
  /** VSX variability type of the counterpart (`f:xm_vsx_Type`). */
  readonly vsxType: string | null;
  /** Photometric redshift of the Legacy Survey DR8 counterpart (`f:xm_legacydr8_zphot`). */
  readonly legacyDr8Zphot: number | null;
  /** TNS name of the counterpart (`f:xm_tns_fullname`). */
  readonly tnsFullname: string | null;
  /** ELEPHANT Kolmogorov-Smirnov statistic on the template stamp (`f:clf_elephant_kstest_template`). */
  readonly elephantKsTestTemplate: number | null;
  /** CATS broad class with the highest probability (`f:clf_cats_class`) and that probability. */
  readonly catsClass: number | null;
  readonly catsScore: number | null;
  /** SuperNNova probability SN vs others (`f:clf_snnSnVsOthers_score`), 0..1. */
  readonly snnSnVsOthersScore: number | null;
}

/** The previous detection of the object in the alert's band (the newest `prvDiaSources` entry of that band). */
export interface TagPreviousDetection {
  readonly psfFluxNjy: number | null;
  readonly midpointMjdTai: number;
}

/** What the alert's history (`prvDiaSources`, the earlier detections) says. */
export interface TagHistory {
  /** Midpoints of the earlier detections (MJD TAI), any band. */
  readonly previousMjdTai: readonly number[];
  /** Median template flux (nJy) of the earlier detections in r, i and z (nulls skipped); null when none. */
  readonly medianTemplateFluxNjy: Readonly<Record<'r' | 'i' | 'z', number | null>>;
}

/** Everything the tags read from one alert. */
export interface TagInput {
  readonly source: TagSource;
  /** Null for an alert without a diaObject. */
  readonly object: TagObject | null;
  /** Null for an alert Fink did not process (a raw Rubin alert): every tag that reads them is false. */
  readonly fink: TagFinkValues | null;
  readonly previous: TagPreviousDetection | null;
  /** The earlier detections; null when the alert's history is unknown (read as none, as an empty history). */
  readonly history: TagHistory | null;
}
