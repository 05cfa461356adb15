/**
 * Shared steps of the index-driven queries (explorer, latests, tracklet, random): choose the parts whose nights
 * matter, read a per-part index file (`idx_sky`, `idx_class`, `idx_time`, `idx_tracklet`) to get alert
 * references (part, objectId, candid); the server then reads those alerts from the object blocks
 * (serve/alert-ref-reads.ts). SQL text is constant apart from store-built file lists and catalogue column names.
 */
import path from 'node:path';
import { listValue } from '@duckdb/node-api';
import { jdToNight } from '../../compute/time/index.js';
import { expandStoredRows, FULL_ROW_SELECT } from '../alert-row-codec.js';
import { type Catalog, type PartEntry, type PartFile, partFilePath } from '../catalog.js';
import { COLUMN_INDEX } from '../columns.js';
import { sqlPathList, sqlPathLiteral } from '../sql-text.js';
import type { StoreLayout } from '../store-layout.js';
import type { QueryFn } from './objects.js';

/** One alert found through an index: the part that holds it and its keys. */
export interface AlertRef {
  readonly part: string;
  readonly objectId: string;
  readonly candid: bigint;
}

/** Stored columns that are not catalogue columns but live in every alerts file (data/staging-schema.ts). */
const EXTRA_STORED = new Set(['night', 'hpix29', 'classification']);
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
 * SELECT list of stored columns: the keys and the row document for null (every column, expanded by
 * expandStoredRows), else the quoted names. Names must be catalogue storage names
 * (or the extra stored columns); anything else is a programming error and throws.
 */
export function storedColumnList(columns: readonly string[] | null): string {
  if (columns === null) return FULL_ROW_SELECT;
  const names = [...new Set([...BASE_ALERT_COLUMNS, ...columns])];
  for (const name of names) {
    if (!COLUMN_INDEX.has(name) && !EXTRA_STORED.has(name))
      throw new Error(`not a stored alert column: ${JSON.stringify(name)}`);
  }
  return names.map((n) => `"${n}"`).join(', ');
}

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

const PARTS_OF_OBJECTS = (index: string) => `
  SELECT DISTINCT part FROM read_parquet(${index}) WHERE objectId IN (SELECT unnest($1::VARCHAR[]))`;

const ALERTS_OF_OBJECTS = (files: string, columns: string) => `
  SELECT ${columns} FROM read_parquet(${files}, union_by_name = true) a
  SEMI JOIN (SELECT unnest($1::VARCHAR[]) AS id) w ON a.i_objectId = w.id
  ORDER BY a.i_objectId, a.i_jd DESC`;

/**
 * Every valid alert of the given objects (exact ids), read only from the parts the object index names.
 *
 * @returns stored rows sorted by objectId then jd descending; [] when no id is known.
 */
export async function readAlertsOfObjects(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  objectIds: readonly string[],
  columns: readonly string[] | null,
): Promise<Record<string, unknown>[]> {
  if (objectIds.length === 0 || !catalog.objectIndex) return [];
  const index = sqlPathLiteral(path.join(layout.root, catalog.objectIndex));
  const ids = listValue([...objectIds]);
  const known = new Set(catalog.parts.map((p) => p.id));
  const parts = (await query(PARTS_OF_OBJECTS(index), [ids]))
    .map((r) => String(r.part))
    .filter((p) => known.has(p))
    .sort();
  if (parts.length === 0) return [];
  const files = sqlPathList(parts.map((p) => partFilePath(layout, p, 'alerts')));
  return expandStoredRows(await query(ALERTS_OF_OBJECTS(files, storedColumnList(columns)), [ids]));
}
