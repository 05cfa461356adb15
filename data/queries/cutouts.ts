/**
 * Queries behind `/api/v1/cutouts` and `withcutouts`: the original gzipped FITS stamps of one alert (by candid,
 * or the latest) or of every alert of an object, read from the cutouts files of the parts that the object index
 * names (the caller gets them with `partsOfObject`; a merged part refers to its nights' cutouts files). Only the
 * stamp columns asked for are read. The SQL text is constant except the file lists (store-built paths) and the
 * stamp column names (from a fixed map); the object id and candid travel as parameters.
 */

import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBValue } from '@duckdb/node-api';
import { type Catalog, cutoutFilesOf, type PartEntry, partFilePath, STAMPS_FILE } from '../catalog.js';
import { sqlPathList } from '../sql-text.js';
import { STAMP_REF_COLUMNS } from '../staging-schema.js';
import type { StoreLayout } from '../store-layout.js';
import type { QueryFn } from './objects.js';

/** Stamp kinds as the API spells them (`b:cutout<Kind>_stampData`). */
export const STAMP_KINDS = ['Science', 'Template', 'Difference'] as const;
export type StampKind = (typeof STAMP_KINDS)[number];

/** Length column of each kind in the cutouts index (names we own, never request text). */
const STAMP_LENGTH: Readonly<Record<StampKind, (typeof STAMP_REF_COLUMNS)[number]>> = {
  Science: STAMP_REF_COLUMNS[1],
  Template: STAMP_REF_COLUMNS[2],
  Difference: STAMP_REF_COLUMNS[3],
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
 * The stamps of an object's alerts: one candid, the latest alert, or every alert (most recent first). Reads the
 * small cutouts index of the parts holding the object, then each alert's bytes from its night's `stamps.bin`
 * with one positional read (the three stamps are contiguous).
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
  const from = `FROM read_parquet(${sqlPathList(files)}, union_by_name = true, filename = true)`;
  const select = `SELECT i_candid AS candid, i_jd AS jd, filename, ${STAMP_REF_COLUMNS.join(', ')} ${from}`;
  const params: DuckDBValue[] = [objectId];
  let sql: string;
  if (which === 'latest') sql = `${select} WHERE i_objectId = $1 ORDER BY i_jd DESC, i_candid DESC LIMIT 1`;
  else if (which === 'all') sql = `${select} WHERE i_objectId = $1 ORDER BY i_jd DESC, i_candid DESC`;
  else {
    sql = `${select} WHERE i_objectId = $1 AND i_candid = $2 LIMIT 1`;
    params.push(which);
  }
  const rows = await query(sql, params);
  return rows.map((row) => ({ ...toEpoch(row), stamps: readStampBytes(row, wanted) }));
}

/** Reads the wanted stamps of one cutouts-index row from the stamps file beside its cutouts file. */
function readStampBytes(
  row: Record<string, unknown>,
  wanted: readonly StampKind[],
): Partial<Record<StampKind, Uint8Array | null>> {
  const lens = STAMP_KINDS.map((k) => row[STAMP_LENGTH[k]] as number | null);
  const file = path.join(path.dirname(String(row.filename)), STAMPS_FILE);
  return splitStamps(
    (offset, length) => {
      const bytes = Buffer.allocUnsafe(length);
      const fd = fs.openSync(file, 'r');
      try {
        fs.readSync(fd, bytes, 0, length, offset);
      } finally {
        fs.closeSync(fd);
      }
      return bytes;
    },
    Number(row.stamp_offset as bigint),
    lens,
    wanted,
  );
}

/**
 * The wanted stamps of one alert whose three stamps are contiguous in a stamps file from `offset`, read with one
 * call of `read(offset, length)`.
 *
 * @param lens byte lengths of the science, template and difference stamps (null: the alert carried none).
 * @returns the bytes of each wanted kind, null for a missing stamp.
 */
export function splitStamps(
  read: (offset: number, length: number) => Uint8Array,
  offset: number,
  lens: readonly (number | null)[],
  wanted: readonly StampKind[],
): Partial<Record<StampKind, Uint8Array | null>> {
  const sizes = lens.map((l) => l ?? 0);
  const total = sizes.reduce((a, b) => a + b, 0);
  const bytes = total > 0 ? read(offset, total) : new Uint8Array(0);
  const stamps: Partial<Record<StampKind, Uint8Array | null>> = {};
  let at = 0;
  STAMP_KINDS.forEach((k, i) => {
    if (wanted.includes(k)) stamps[k] = lens[i] === null ? null : bytes.subarray(at, at + sizes[i]);
    at += sizes[i];
  });
  return stamps;
}
