/**
 * Queries behind `/api/v1/cutouts` and `withcutouts`: the original gzipped FITS stamps of one alert (by candid,
 * or the latest) or of every alert of an object, read from the cutouts files of the parts that the object index
 * names (the caller gets them with `partsOfObject`; a merged part refers to its nights' cutouts files). Only the
 * stamp columns asked for are read. The SQL text is constant except the file lists (store-built paths) and the
 * stamp column names (from a fixed map); the object id and candid travel as parameters.
 */
import type { DuckDBValue } from '@duckdb/node-api';
import { type Catalog, cutoutFilesOf, type PartEntry, partFilePath } from '../catalog.js';
import { sqlPathList } from '../sql-text.js';
import { STAMP_COLUMNS } from '../staging-schema.js';
import type { StoreLayout } from '../store-layout.js';
import type { QueryFn } from './objects.js';

/** Stamp kinds as the API spells them (`b:cutout<Kind>_stampData`). */
export const STAMP_KINDS = ['Science', 'Template', 'Difference'] as const;
export type StampKind = (typeof STAMP_KINDS)[number];

/** Storage column of each kind (names we own, never request text). */
const STAMP_COLUMN: Readonly<Record<StampKind, (typeof STAMP_COLUMNS)[number]>> = {
  Science: STAMP_COLUMNS[0],
  Template: STAMP_COLUMNS[1],
  Difference: STAMP_COLUMNS[2],
};

/** Which alerts of an object: one candid, the most recent alert, or every alert. */
export type StampSelection = bigint | 'latest' | 'all';

/** One alert's identity. */
export interface AlertEpoch {
  /** ZTF alert id (64-bit). */
  readonly candid: bigint;
  /** JD UTC of the exposure start. */
  readonly jd: number;
}

/** One alert's stamps: the original gzipped FITS bytes by kind, null when the alert carried none. */
export interface AlertStamps extends AlertEpoch {
  readonly stamps: Readonly<Partial<Record<StampKind, Uint8Array | null>>>;
}

/**
 * The cutouts files (absolute, store-built paths) holding the stamps of the parts `parts` (ids of `catalog`),
 * without repeats. A catalog written before parts listed their cutouts files gives each part its own file.
 */
export function cutoutFilesOfParts(
  layout: StoreLayout,
  catalog: Catalog,
  parts: readonly string[],
): string[] {
  const wanted = new Set(parts);
  const files = new Set<string>();
  for (const entry of catalog.parts) {
    if (!wanted.has(entry.id)) continue;
    const listed = (entry as Partial<PartEntry>).cutouts;
    for (const f of listed ? cutoutFilesOf(layout, entry) : [partFilePath(layout, entry.id, 'cutouts')])
      files.add(f);
  }
  return [...files];
}

function toEpoch(row: Record<string, unknown>): AlertEpoch {
  return { candid: BigInt(row.candid as bigint | number), jd: Number(row.jd) };
}

/**
 * The alerts of `objectId` (exact id) that have stamps stored, most recent first, without reading any stamp.
 * `parts` are ids of `catalog` parts holding the object. Returns [] when there are none.
 */
export async function listStampEpochs(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  parts: readonly string[],
  objectId: string,
): Promise<AlertEpoch[]> {
  const files = cutoutFilesOfParts(layout, catalog, parts);
  if (files.length === 0) return [];
  const rows = await query(
    `SELECT DISTINCT i_candid AS candid, i_jd AS jd FROM read_parquet(${sqlPathList(files)}, union_by_name = true)
     WHERE i_objectId = $1 ORDER BY jd DESC, candid DESC`,
    [objectId],
  );
  return rows.map(toEpoch);
}

/**
 * Reads the stamps of `kinds` for the selected alerts of `objectId` (exact id), most recent first (one row per
 * candid: each night's stamps are in one cutouts file). `parts` are ids of `catalog` parts holding the object. A candid that is not an alert of this object gives [];
 * 'latest' gives at most one alert. Stamps are the original gzipped FITS bytes, never re-encoded.
 */
export async function readStamps(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  parts: readonly string[],
  objectId: string,
  which: StampSelection,
  kinds: readonly StampKind[],
): Promise<AlertStamps[]> {
  const files = cutoutFilesOfParts(layout, catalog, parts);
  if (files.length === 0 || kinds.length === 0) return [];
  const wanted = [...new Set(kinds)];
  const from = `FROM read_parquet(${sqlPathList(files)}, union_by_name = true)`;
  let sql: string;
  const params: DuckDBValue[] = [objectId];
  if (which === 'latest') {
    // one scan with arg_max; ORDER BY … LIMIT 1 would scan the stamp column twice (late materialisation)
    const fields = wanted.map((k) => `'${k}': ${STAMP_COLUMN[k]}`).join(', ');
    sql = `SELECT unnest(r) FROM (
             SELECT arg_max({'candid': i_candid, 'jd': i_jd, ${fields}}, (i_jd, i_candid)) AS r ${from}
             WHERE i_objectId = $1) WHERE r IS NOT NULL`;
  } else {
    const columns = wanted.map((k) => `${STAMP_COLUMN[k]} AS ${k}`).join(', ');
    const select = `SELECT i_candid AS candid, i_jd AS jd, ${columns} ${from}`;
    // a candid lives in one night, and each night's stamps in one file: no duplicates to remove
    if (which === 'all') sql = `${select} WHERE i_objectId = $1 ORDER BY i_jd DESC, i_candid DESC`;
    else {
      sql = `${select} WHERE i_objectId = $1 AND i_candid = $2 LIMIT 1`;
      params.push(which);
    }
  }
  const rows = await query(sql, params);
  return rows.map((row) => {
    const stamps: Partial<Record<StampKind, Uint8Array | null>> = {};
    for (const k of wanted) stamps[k] = (row[k] as Uint8Array | null) ?? null;
    return { ...toEpoch(row), stamps };
  });
}
