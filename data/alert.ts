/**
 * The alert as the decoder hands it to staging: one row of catalogue values, the three original stamps, and the
 * history points (`prv_candidates`) that are not alerts of their own (non-detections and detections failing the
 * quality cut may both be kept; see ingest/decode/normalize.ts).
 */
import type { ColumnValue } from './column-types.js';

/** One entry of `prv_candidates`: a past detection or a non-detection (magpsf null). */
export interface HistoryPoint {
  /** JD UTC of the exposure start. */
  readonly jd: number;
  readonly fid: number | null;
  /** PSF magnitude (mag); null for a non-detection (upper limit). */
  readonly magpsf: number | null;
  readonly sigmapsf: number | null;
  /** 5-sigma limiting magnitude of the difference image (mag). */
  readonly diffmaglim: number | null;
  readonly magnr: number | null;
  readonly sigmagnr: number | null;
  readonly isdiffpos: string | null;
  /** Distance to the nearest reference source (pixels). */
  readonly distnr: number | null;
  readonly rb: number | null;
  readonly nbad: number | null;
  /** Candidate id of the detection; null for non-detections. */
  readonly candid: bigint | null;
}

/** The three original stamps: gzipped FITS bytes, never re-encoded. */
export interface Cutouts {
  readonly science: Uint8Array | null;
  readonly template: Uint8Array | null;
  readonly difference: Uint8Array | null;
}

/** A decoded, validated alert. */
export interface Alert {
  readonly objectId: string;
  readonly candid: bigint;
  /** JD UTC of the exposure start. */
  readonly jd: number;
  /** Night of the observation: the UTC calendar date of `jd`, as YYYYMMDD. */
  readonly night: number;
  /** Catalogue values in the order of ALERT_COLUMNS. */
  readonly values: readonly ColumnValue[];
  readonly cutouts: Cutouts;
  readonly history: readonly HistoryPoint[];
}

/** Where a raw message came from: a Kafka offset, or a file and the record's index in it. */
export type Position =
  | { readonly kind: 'kafka'; readonly topic: string; readonly partition: number; readonly offset: string }
  | { readonly kind: 'file'; readonly file: string; readonly index: number };

/** A message that could not become an alert, with the reason; quarantined with its raw bytes. */
export interface Rejection {
  readonly reason: string;
  readonly position: Position;
  /** The raw bytes of the message (or of the whole container when a record cannot be isolated). */
  readonly bytes: Uint8Array;
}
