/**
 * Scans of the sky index for searches that are not one cone (GW credible regions, catalogue cross-matches):
 * every alert record of the chosen parts, or those in a set of HEALPix ranges, offered to a test on its position
 * and times. Parts with sky blocks are read from them (data/queries/sky-blocks.ts); the others from their
 * `idx_sky.parquet` with DuckDB. SQL text is constant apart from store-built file lists.
 */
import path from 'node:path';
import type { PixelRange } from '../../compute/sky/index.js';
import type { PartEntry } from '../catalog.js';
import { SKY_BLOCKS_FILE } from '../sky-blocks.js';
import type { StoreLayout } from '../store-layout.js';
import { partFileList } from './alert-refs.js';
import type { QueryFn } from './objects.js';
import type { SkyBlockReader, SkyEntry, SkyRecordTest } from './sky-blocks.js';

/** A sky record and the part that holds its alert. */
export interface SkyScanHit extends SkyEntry {
  readonly part: string;
}

const SKY_ROWS = (files: string) => `
  SELECT i_objectId, i_candid, i_ra, i_dec, i_jd, i_jdstarthist, filename
  FROM read_parquet(${files}, filename = true)
  WHERE i_jd >= $1::DOUBLE AND i_jd <= $2::DOUBLE`;

/**
 * Calls `onHit` with each alert record of `parts` that `keep` accepts, right after `keep` accepted it (so that
 * the caller can pair the two calls), part by part.
 *
 * @param ranges order-29 NESTED ranges (sorted) that hold every record worth testing; null to test them all.
 *   The DuckDB path tests every record of its parts whatever the ranges (`keep` must decide alone).
 * @param jdBounds a prefilter on the alert's jd for the DuckDB path (the sky-block path leaves it to `keep`).
 */
export async function scanSkyRecords(
  query: QueryFn,
  layout: StoreLayout,
  parts: readonly PartEntry[],
  sky: SkyBlockReader | null,
  ranges: readonly PixelRange[] | null,
  jdBounds: { readonly startJd: number; readonly stopJd: number } | null,
  keep: SkyRecordTest,
  onHit: (hit: SkyScanHit) => void,
): Promise<void> {
  const viaDuckDb: PartEntry[] = [];
  for (const part of parts) {
    const file = path.join(layout.partDir(part.id), SKY_BLOCKS_FILE);
    if (sky === null || !sky.has(file)) {
      viaDuckDb.push(part);
      continue;
    }
    sky.select(file, ranges, keep, (entry) => onHit({ ...entry, part: part.id }));
  }
  if (viaDuckDb.length === 0) return;
  const files = partFileList(layout, viaDuckDb, 'sky');
  const rows = await query(SKY_ROWS(files.sql), [
    jdBounds?.startJd ?? Number.NEGATIVE_INFINITY,
    jdBounds?.stopJd ?? Number.POSITIVE_INFINITY,
  ]);
  for (const row of rows) {
    const raDeg = row.i_ra as number;
    const decDeg = row.i_dec as number;
    const jd = row.i_jd as number;
    const jdstarthist = row.i_jdstarthist as number;
    if (!keep(raDeg, decDeg, jd, jdstarthist)) continue;
    const part = files.partOf(String(row.filename));
    if (part === undefined) throw new Error(`sky row from an unknown file: ${String(row.filename)}`);
    onHit({
      part,
      objectId: String(row.i_objectId),
      candid: BigInt(row.i_candid as bigint),
      raDeg,
      decDeg,
      jd,
      jdstarthist,
    });
  }
}
