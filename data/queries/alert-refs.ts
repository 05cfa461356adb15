/**
 * Shared steps of the index-driven queries (explorer, latests, tracklet, anomaly): choose the parts whose nights
 * matter, read a per-part index file (`idx_sky`, `idx_class`, `idx_time`, `idx_tracklet`) to get alert
 * references (part, objectId, candid); the server then reads those alerts from the object blocks
 * (serve/alert-ref-reads.ts). SQL text is constant apart from store-built file lists and catalogue column names.
 */
import path from 'node:path';
import { jdToNight } from '../../compute/time/index.js';
import { type Catalog, type PartEntry, type PartFile, partFilePath } from '../catalog.js';
import { sqlPathList } from '../sql-text.js';
import type { StoreLayout } from '../store-layout.js';

/** One alert found through an index: the part that holds it and its keys. */
export interface AlertRef {
  readonly part: string;
  readonly objectId: string;
  readonly candid: bigint;
}

/** Columns every alert read returns whatever the selection: keys, sort keys and the inputs of `v:` fields. */
export const BASE_ALERT_COLUMNS: readonly string[] = [
  'i_objectId',
  'i_candid',
  'i_jd',
  'i_jdstarthist',
  'i_ra',
  'i_dec',
  'i_fid',
  'i_magpsf',
  'i_sigmapsf',
  'classification',
];

/**
 * Parts holding at least one night in [firstJd, lastJd] (nights are UTC dates of `jd`); every part when both
 * bounds are null. A null bound is open.
 */
export function partsInJdRange(catalog: Catalog, firstJd: number | null, lastJd: number | null): PartEntry[] {
  const first = firstJd === null ? Number.NEGATIVE_INFINITY : jdToNight(firstJd);
  const last = lastJd === null ? Number.POSITIVE_INFINITY : jdToNight(lastJd);
  return catalog.parts.filter((p) => p.nights.some((n) => n >= first && n <= last));
}

/** A per-part file list for SQL and the way back from a `filename` value to its part. */
export interface PartFileList {
  /** SQL list literal of the files (store-built paths). */
  readonly sql: string;
  /** Part id of a file path as DuckDB returns it in the `filename` column. */
  partOf(filename: string): string | undefined;
}

/** The files `file` of `parts`. */
export function partFileList(layout: StoreLayout, parts: readonly PartEntry[], file: PartFile): PartFileList {
  const byPath = new Map(parts.map((p) => [path.resolve(partFilePath(layout, p.id, file)), p.id]));
  return {
    sql: sqlPathList([...byPath.keys()]),
    partOf: (filename) => byPath.get(path.resolve(filename)),
  };
}

/** Alert references of index rows carrying `i_objectId`, `i_candid` and `filename`. */
export function toAlertRefs(rows: readonly Record<string, unknown>[], files: PartFileList): AlertRef[] {
  const refs: AlertRef[] = [];
  for (const row of rows) {
    const part = files.partOf(String(row.filename));
    if (part === undefined) throw new Error(`index row from an unknown file: ${String(row.filename)}`);
    refs.push({ part, objectId: String(row.i_objectId), candid: BigInt(row.i_candid as bigint) });
  }
  return refs;
}
