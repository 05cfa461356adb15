/**
 * The Fink classification of one alert (`v:classification`, `d:classification`, the class index key): a fixed
 * rule set over the science-module scores and the SIMBAD cross-match.
 *
 * Reference: docs/references.md#fink-classification (`extract_fink_classification_`, fink-filters 3.38, identical logic at HEAD).
 */
import { EG_HOST_LABELS, type FinkClass, UNKNOWN_CLASS } from './fink-labels.js';

/**
 * The alert fields the rules read. Every field may be null: raw ZTF alerts carry no Fink scores, and old ZTF
 * schemas lack `drb`. Null behaves as in the reference:
 * - `cdsxmatch` null (or empty) → `'Unknown'`, the ingestion default of `d:cdsxmatch`;
 * - Fink scores (`roid`, `mulens`, `snn_*`, `rf_*`) null → 0, their ingestion defaults;
 * - `tracklet` null → `''`;
 * - ZTF fields (`ndethist`, `drb`, `classtar`, `jd`, `jdstarthist`) null → NaN, so every comparison that
 * reads them is false, as in pandas (`NaN > 0.5` is false). NaN scores behave the same way.
 */
export interface ClassificationInput {
  /** SIMBAD type of the counterpart within 1″ (`d:cdsxmatch`); `Unknown` when none, `Fail…` on error. */
  readonly cdsxmatch: string | null;
  /** Solar-System flag (`d:roid`): 0 not SSO, 1 first appearance, 2 SSO candidate, 3 known MPC object. */
  readonly roid: number | null;
  /** Microlensing score (`d:mulens`), > 0 for a candidate. */
  readonly mulens: number | null;
  /** SuperNNova probability SN Ia vs non-Ia (`d:snn_snia_vs_nonia`), 0..1. */
  readonly snn_snia_vs_nonia: number | null;
  /** SuperNNova probability SN vs all (`d:snn_sn_vs_all`), 0..1. */
  readonly snn_sn_vs_all: number | null;
  /** Random-forest (active learning) probability SN Ia vs non-Ia (`d:rf_snia_vs_nonia`), 0..1. */
  readonly rf_snia_vs_nonia: number | null;
  /** Number of past detections at this position, this one included (ZTF `ndethist`). */
  readonly ndethist: number | null;
  /** Deep-learning real/bogus score (ZTF `drb`), 0..1. */
  readonly drb: number | null;
  /** SExtractor star/galaxy score (ZTF `classtar`), 0 (galaxy) .. 1 (star). */
  readonly classtar: number | null;
  /** JD UTC of this exposure (ZTF `jd`). */
  readonly jd: number | null;
  /** JD UTC of the first detection at this position (ZTF `jdstarthist`). */
  readonly jdstarthist: number | null;
  /** Random-forest probability kilonova vs non-kilonova (`d:rf_kn_vs_nonkn`), 0..1. */
  readonly rf_kn_vs_nonkn: number | null;
  /** Tracklet id (`d:tracklet`), `TRCK_<date>_<time>_<nn>` for satellite glints, `''` otherwise. */
  readonly tracklet: string | null;
}

/** Options of {@link classifyAlert}. */
export interface ClassificationOptions {
  /**
   * The `cdsxmatch` values compatible with an extragalactic host. Default: the January 2025 list
   * (`EG_HOST_LABELS`, 30 values); add `EG_HOST_LABELS_LATER` to follow fink-utils 2025+.
   */
  readonly egHostLabels?: ReadonlySet<string>;
}

/** Probability threshold of the SuperNNova, random-forest and real/bogus scores (strict: > 0.5). */
const SCORE_THRESHOLD = 0.5;
/** Star/galaxy threshold: `classtar` > 0.4 rejects the most galaxy-like extended sources. */
const CLASSTAR_THRESHOLD = 0.4;
/** Early SN Ia: at most 20 detections so far (inclusive). Kilonova: fewer than 20 (strict). */
const MAX_NDETHIST = 20;
/** SN candidate: at most 90 days since the first detection (inclusive). */
const MAX_SN_LAPSE_DAYS = 90;
/** Kilonova candidate: less than 5 days since the first detection (strict). */
const MAX_KN_LAPSE_DAYS = 5;
/** `roid` of an alert matched to a known Solar-System object (MPC). */
const ROID_MPC = 3;
/** `roid` of a Solar-System candidate. */
const ROID_CANDIDATE = 2;

const DEFAULT_EG_HOSTS: ReadonlySet<string> = new Set(EG_HOST_LABELS);
const NOT_SIMBAD: ReadonlySet<string> = new Set(['Unknown', 'Transient', 'Fail', 'Fail 504']);

/** A Fink score: null → 0 (ingestion default). */
function score(value: number | null): number {
  return value ?? 0;
}

/** A ZTF field: null → NaN (every comparison false). */
function field(value: number | null): number {
  return value ?? Number.NaN;
}

/**
 * True when `cdsxmatch` counts as a SIMBAD classification: not `Unknown`, `Transient` or a cross-match
 * failure (`Fail…`), and not a static galaxy (`Galaxy…`; the lower-case `galaxy` is not excluded, as in the
 * reference).
 *
 * Reference: docs/references.md#fink-classification step 2 (simbad flag).
 */
export function isSimbadClassification(cdsxmatch: string): boolean {
  return !NOT_SIMBAD.has(cdsxmatch) && !cdsxmatch.startsWith('Fail') && !cdsxmatch.startsWith('Galaxy');
}

/**
 * Classifies one alert with the Fink rule set.
 *
 * Flags, with (SN-like) = `snn_snia_vs_nonia` > 0.5 or `snn_sn_vs_all` > 0.5, (host) = `cdsxmatch` in the
 * EG-host list, (real) = `drb` > 0.5 and `classtar` > 0.4, lapse = `jd − jdstarthist` (days):
 * - early SN Ia: SN-like, host, real, `ndethist` ≤ 20, `rf_snia_vs_nonia` > 0.5;
 * - SN: SN-like, host, lapse ≤ 90, real, `ndethist` > 1, `roid` ≠ 3;
 * - microlensing: `mulens` > 0;
 * - kilonova: `rf_kn_vs_nonkn` > 0.5, real, lapse < 5, `roid` ≠ 3, `ndethist` < 20, host;
 * - SSO MPC: `roid` = 3; SSO candidate: `roid` = 2; tracklet: `tracklet` starts with `TRCK_`.
 * Labels are assigned in the order Microlensing → SN → Early SN Ia → Kilonova → Solar System candidate →
 * Tracklet → Solar System MPC (later ones overwrite); `Ambiguous` when more than one of {microlensing, SN,
 * SSO candidate, SSO MPC} holds; finally a SIMBAD classification replaces the label whatever it was.
 *
 * @param input the alert's fields; null fields as documented on {@link ClassificationInput}.
 * @param options the EG-host list (default: January 2025).
 * @returns `Unknown`, one of the 8 Fink labels, or the raw `cdsxmatch` value when it counts as a SIMBAD
 *   classification (which may be a label absent from `SIMBAD_LABELS`). Never throws.
 *
 * Reference: docs/references.md#fink-classification; fink-filters 3.38 `extract_fink_classification_`.
 */
export function classifyAlert(input: ClassificationInput, options: ClassificationOptions = {}): string {
  const egHosts = options.egHostLabels ?? DEFAULT_EG_HOSTS;
  // Deviation: an empty cdsxmatch would pass the simbad flag and become an empty label; treat it as Unknown.
  const cdsxmatch = input.cdsxmatch === null || input.cdsxmatch === '' ? UNKNOWN_CLASS : input.cdsxmatch;
  const roid = score(input.roid);
  const ndethist = field(input.ndethist);
  const lapseDays = field(input.jd) - field(input.jdstarthist);

  const isHost = egHosts.has(cdsxmatch);
  const isSnLike =
    score(input.snn_snia_vs_nonia) > SCORE_THRESHOLD || score(input.snn_sn_vs_all) > SCORE_THRESHOLD;
  const isReal = field(input.drb) > SCORE_THRESHOLD && field(input.classtar) > CLASSTAR_THRESHOLD;

  const isEarlySnIa =
    isSnLike &&
    isHost &&
    isReal &&
    ndethist <= MAX_NDETHIST &&
    score(input.rf_snia_vs_nonia) > SCORE_THRESHOLD;
  const isSn =
    isSnLike && isHost && lapseDays <= MAX_SN_LAPSE_DAYS && isReal && ndethist > 1 && roid !== ROID_MPC;
  const isMicrolensing = score(input.mulens) > 0;
  const isKilonova =
    score(input.rf_kn_vs_nonkn) > SCORE_THRESHOLD &&
    isReal &&
    lapseDays < MAX_KN_LAPSE_DAYS &&
    roid !== ROID_MPC &&
    ndethist < MAX_NDETHIST &&
    isHost;
  const isSsoMpc = roid === ROID_MPC;
  const isSsoCandidate = roid === ROID_CANDIDATE;
  const isTracklet = (input.tracklet ?? '').startsWith('TRCK_');

  let label: FinkClass | typeof UNKNOWN_CLASS = UNKNOWN_CLASS;
  if (isMicrolensing) label = 'Microlensing candidate';
  if (isSn) label = 'SN candidate';
  if (isEarlySnIa) label = 'Early SN Ia candidate';
  if (isKilonova) label = 'Kilonova candidate';
  if (isSsoCandidate) label = 'Solar System candidate';
  if (isTracklet) label = 'Tracklet';
  if (isSsoMpc) label = 'Solar System MPC';

  const ambiguity = Number(isMicrolensing) + Number(isSn) + Number(isSsoCandidate) + Number(isSsoMpc);
  if (ambiguity > 1) label = 'Ambiguous';

  return isSimbadClassification(cdsxmatch) ? cdsxmatch : label;
}
