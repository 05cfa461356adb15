/**
 * Fink science-module outputs of a simulated alert, drawn consistently with the truth so that Fink's
 * classification rules (docs/references.md#fink-classification) give the expected class: Early SN Ia / SN / Kilonova / Microlensing
 * candidates, Solar System MPC / candidate, Tracklet, Ambiguous (SN-like with a microlensing score), SIMBAD labels
 * for catalogued variables and AGN, and Unknown otherwise. Pure.
 */

import { hashSeed, Prng } from '../../../compute/random/index.js';
import type { AlertSource, Detection, SourceClass } from './detection.js';

/** The score fields of an alert (names as in Fink-enriched alerts). */
export interface FinkScores {
  readonly cdsxmatch: string;
  /** 0 none, 1 first detection, 2 Solar-System candidate, 3 known Solar-System object. */
  readonly roid: number;
  readonly mulens: number;
  readonly rf_snia_vs_nonia: number;
  readonly snn_snia_vs_nonia: number;
  readonly snn_sn_vs_all: number;
  readonly rf_kn_vs_nonkn: number;
  readonly tracklet: string | null;
}

/** Largest ndethist for which Fink's early SN Ia classifier fires (docs/references.md#fink-classification). */
export const EARLY_SN_MAX_NDETHIST = 20;
/** Kilonova window after the first detection (days, docs/references.md#fink-classification). */
export const KILONOVA_WINDOW_DAYS = 5;

/** Scores above the 0.5 threshold of a Fink filter: 0.55-0.95. */
function high(rng: Prng): number {
  return rng.range(0.55, 0.95);
}

/** Scores below the 0.5 threshold: 0-0.45 (many exactly 0, as Fink writes when a module does not run). */
function low(rng: Prng): number {
  return rng.chance(0.4) ? 0 : rng.range(0, 0.45);
}

function roidOf(cls: SourceClass, ndethist: number): number {
  if (cls === 'asteroid') return 3;
  if (cls === 'asteroid-candidate') return 2;
  return ndethist === 1 ? 1 : 0;
}

/**
 * Draws the scores of one alert.
 * @param det the detection, with its history counters (ndethist, jdstarthist) set.
 * @returns the score fields; values depend only on the detection's candid and its source's class.
 * Reference: docs/references.md#fink-classification (rules and thresholds), #roid (roid values).
 */
export function finkScores(det: Detection): FinkScores {
  const src: AlertSource = det.source;
  const rng = new Prng(hashSeed('scores', det.candidSeed));
  const cls = src.sourceClass;
  const sinceFirstDays = det.exposure.jd - det.jdstarthist;
  let mulens = 0;
  let rfSnIa = 0;
  let snnIa = 0;
  let snnSn = 0;
  let rfKn = 0;
  switch (cls) {
    case 'snia':
      snnIa = high(rng);
      snnSn = high(rng);
      rfSnIa = det.ndethist <= EARLY_SN_MAX_NDETHIST ? high(rng) : low(rng);
      break;
    case 'snii':
      snnIa = low(rng);
      snnSn = high(rng);
      rfSnIa = low(rng);
      break;
    case 'ambiguous':
      snnIa = low(rng);
      snnSn = high(rng);
      rfSnIa = low(rng);
      mulens = high(rng);
      break;
    case 'kilonova':
      snnIa = low(rng);
      snnSn = low(rng);
      rfKn = sinceFirstDays < KILONOVA_WINDOW_DAYS ? high(rng) : low(rng);
      break;
    case 'microlensing':
      snnIa = low(rng);
      snnSn = low(rng);
      mulens = high(rng);
      break;
    case 'rrlyrae':
    case 'eclipsing':
    case 'mira':
    case 'agn':
    case 'variable':
      snnIa = low(rng);
      snnSn = low(rng);
      break;
    default:
      break;
  }
  return {
    cdsxmatch: src.labels.cdsxmatch,
    roid: roidOf(cls, det.ndethist),
    mulens,
    rf_snia_vs_nonia: rfSnIa,
    snn_snia_vs_nonia: snnIa,
    snn_sn_vs_all: snnSn,
    rf_kn_vs_nonkn: rfKn,
    tracklet: det.tracklet,
  };
}
