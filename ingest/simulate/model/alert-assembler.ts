/**
 * Assembles the Fink-enriched ZTF alert of a planned detection: candidate record, 30-day history (the source's
 * earlier detections and the non-detections of every other exposure of its field), the three stamps and the
 * Fink science fields. Parts are kept apart so that an encoder can cache the bytes of history entries, which
 * recur in many alerts. Pure apart from the stamp pool's cache.
 */
import { ZTF_SCHEMA_VERSION } from '../../../data/index.js';
import {
  type AvroRecord,
  candidateRecord,
  prvDetectionRecord,
  prvNonDetectionRecord,
} from './candidate-record.js';
import type { Detection } from './detection.js';
import { finkScores } from './fink-scores.js';
import { HISTORY_DAYS } from './night-planner.js';
import type { Exposure, NightSchedule } from './night-schedule.js';
import type { StampPool } from './stamp-pool.js';
import { stampFileNames } from './ztf-ids.js';

/** Fink broker version written in simulated alerts (as the 2026 Fink files). */
export const FINK_BROKER_VERSION = '4.1';
/** Fink science-module version written in simulated alerts. */
export const FINK_SCIENCE_VERSION = '8.41.0';
/** `publisher` of the alerts, as in Fink-enriched files. */
export const PUBLISHER = 'Fink';

/** One entry of the history: an earlier detection of the source, or a non-detection of its position. */
export type HistoryItem =
  | { readonly kind: 'detection'; readonly detection: Detection }
  | { readonly kind: 'upper-limit'; readonly exposure: Exposure; readonly rcid: number };

/** A stamp as the alert carries it. */
export interface Cutout {
  readonly fileName: string;
  readonly stampData: Uint8Array;
}

/** The parts of one alert. */
export interface AlertParts {
  readonly objectId: string;
  readonly candid: bigint;
  readonly candidate: AvroRecord;
  /** History in time order (oldest first). */
  readonly history: readonly HistoryItem[];
  readonly cutoutScience: Cutout;
  readonly cutoutTemplate: Cutout;
  readonly cutoutDifference: Cutout;
  /** `fink_broker_version`, `fink_science_version` and the science-module fields. */
  readonly fink: AvroRecord;
}

/** Looks up the schedule of a night still in the history window. */
export type ScheduleLookup = (night: number) => NightSchedule | undefined;

/**
 * The history of a detection: every exposure of its field during the previous 30 days (and earlier tonight),
 * from the first night of the run on; an exposure holding an earlier detection of the same source gives that
 * detection, any other an upper limit at the detection's readout channel.
 * @param nights the YYYYMMDD nights of the run up to the detection's night, in order.
 */
export function historyOf(
  det: Detection,
  nights: readonly number[],
  schedules: ScheduleLookup,
): HistoryItem[] {
  const jd = det.exposure.jd;
  const oldest = jd - HISTORY_DAYS;
  const byKey = new Map<number, Detection>();
  for (const d of det.source.detections) if (d.exposure.jd < jd) byKey.set(d.exposure.key, d);
  const out: HistoryItem[] = [];
  for (const night of nights) {
    const schedule = schedules(night);
    if (!schedule || schedule.jd0 + 1 < oldest) continue;
    const exposures = schedule.byField.get(det.exposure.field);
    if (!exposures) continue;
    for (const exposure of exposures) {
      if (exposure.jd < oldest) continue;
      if (exposure.jd >= jd) break;
      const earlier = byKey.get(exposure.key);
      out.push(
        earlier
          ? { kind: 'detection', detection: earlier }
          : { kind: 'upper-limit', exposure, rcid: det.rcid },
      );
    }
  }
  return out;
}

/** Cache key of a history entry: the candid of a detection, exposure key * 64 + rcid of an upper limit. */
export function historyKey(item: HistoryItem): bigint | number {
  return item.kind === 'detection' ? item.detection.candid : item.exposure.key * 64 + item.rcid;
}

/** The `prv_candidate` record of a history entry. */
export function historyRecord(item: HistoryItem): AvroRecord {
  return item.kind === 'detection'
    ? prvDetectionRecord(item.detection)
    : prvNonDetectionRecord(item.exposure, item.rcid);
}

/** Rate of change of magnitude since the last point of the same filter (Fink `mag_rate` family). */
function magRate(det: Detection, history: readonly HistoryItem[]): AvroRecord {
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i];
    const exposure = h.kind === 'detection' ? h.detection.exposure : h.exposure;
    if (exposure.fid !== det.exposure.fid) continue;
    const dt = det.exposure.jd - exposure.jd;
    if (dt <= 0) continue;
    const isUpper = h.kind === 'upper-limit';
    const prevMag = isUpper ? exposure.diffmaglim : h.detection.magpsf;
    const prevSigma = isUpper ? 0 : h.detection.sigmapsf;
    const rate = (det.magpsf - prevMag) / dt;
    const sigma = Math.hypot(det.sigmapsf, prevSigma) / dt;
    return {
      mag_rate: rate,
      sigma_rate: sigma,
      lower_rate: rate - sigma,
      upper_rate: rate + sigma,
      delta_time: dt,
      from_upper: isUpper,
    };
  }
  return {
    mag_rate: null,
    sigma_rate: null,
    lower_rate: null,
    upper_rate: null,
    delta_time: null,
    from_upper: null,
  };
}

/** Fink science fields of an alert (catalogue labels, scores, history statistics). */
export function finkFields(det: Detection, history: readonly HistoryItem[]): AvroRecord {
  const scores = finkScores(det);
  const labels = det.source.labels;
  const n = det.source.neighbourhood;
  let nDet = 1;
  let firstDetJd = det.exposure.jd;
  for (const h of history) {
    if (h.kind !== 'detection') continue;
    nDet++;
    firstDetJd = Math.min(firstDetJd, h.detection.exposure.jd);
  }
  return {
    fink_broker_version: FINK_BROKER_VERSION,
    fink_science_version: FINK_SCIENCE_VERSION,
    cdsxmatch: scores.cdsxmatch,
    roid: scores.roid,
    mulens: scores.mulens,
    rf_snia_vs_nonia: scores.rf_snia_vs_nonia,
    snn_snia_vs_nonia: scores.snn_snia_vs_nonia,
    snn_sn_vs_all: scores.snn_sn_vs_all,
    rf_kn_vs_nonkn: scores.rf_kn_vs_nonkn,
    nalerthist: nDet,
    tracklet: scores.tracklet,
    DR3Name: n.gaiaDr3Name,
    Plx: n.plxMas,
    e_Plx: n.plxErrMas,
    gcvs: labels.gcvs,
    vsx: labels.vsx,
    x3hsp: 'Unknown',
    x4lac: 'Unknown',
    spicy_id: -1,
    spicy_class: 'Unknown',
    anomaly_score: null,
    tns: '',
    gaiaVarFlag: labels.gaiaVarFlag,
    gaiaClass: labels.gaiaClass,
    jd_first_real_det: firstDetJd,
    jdstarthist_dt: det.exposure.jd - firstDetJd,
    ...magRate(det, history),
  };
}

/**
 * Builds the parts of the alert of a detection.
 * @param nights the nights of the run up to the detection's night; @param schedules their schedules.
 * @param stamps the run's stamp pool (the variant is chosen from the candid).
 */
export function assembleAlert(
  det: Detection,
  nights: readonly number[],
  schedules: ScheduleLookup,
  stamps: StampPool,
): AlertParts {
  const history = historyOf(det, nights, schedules);
  const names = stampFileNames(det.candid, det.pid);
  const set = stamps.get(det.source.stampKind, det.magpsf, det.candidSeed);
  return {
    objectId: det.source.objectId,
    candid: det.candid,
    candidate: candidateRecord(det),
    history,
    cutoutScience: { fileName: names.science, stampData: set.science },
    cutoutTemplate: { fileName: names.template, stampData: set.template },
    cutoutDifference: { fileName: names.difference, stampData: set.difference },
    fink: finkFields(det, history),
  };
}

/** A cutout with its bytes as a Buffer view (avsc encodes `bytes` from Buffers only). */
function cutoutValue(c: Cutout): { fileName: string; stampData: Buffer } {
  const d = c.stampData;
  return { fileName: c.fileName, stampData: Buffer.from(d.buffer, d.byteOffset, d.byteLength) };
}

/** The whole alert as one record for avsc (`FINK_ZTF_SCHEMA`), history entries built in full. */
export function alertRecord(parts: AlertParts): Record<string, unknown> {
  return {
    schemavsn: ZTF_SCHEMA_VERSION,
    publisher: PUBLISHER,
    objectId: parts.objectId,
    candid: parts.candid,
    candidate: parts.candidate,
    prv_candidates: parts.history.length > 0 ? parts.history.map(historyRecord) : null,
    cutoutScience: cutoutValue(parts.cutoutScience),
    cutoutTemplate: cutoutValue(parts.cutoutTemplate),
    cutoutDifference: cutoutValue(parts.cutoutDifference),
    ...parts.fink,
  };
}
