/**
 * Merges existing parts into one new part, optionally without some nights' rows. Used when nights held by a
 * multi-night (compacted or grouped) part are published again, and by compaction. Cutouts are not rewritten: the merged
 * part refers to the nightly cutouts files of its nights (stamp bytes are never copied again); its object blocks
 * are written anew, their stamp references pointing at those nightly files.
 */

import fs from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/index.js';
import { type PartEntry, partFilePath, sqlPathList } from '../../data/index.js';
import { clearBuilding, markBuilding } from './building-marker.js';
import { type ObjectBlocksWritten, stampsRelationOf, writeObjectBlocks } from './object-blocks-writer.js';
import { writePart } from './part-writer.js';
import { preparedTextsOf } from './prepared-texts.js';
import { newPartId, openWorkConnection } from './work.js';

/**
 * Merges `parts` into one new part (rows of `withoutNights` dropped); returns its entry, or null when empty. The
 * new directory is marked as being built until it is complete (building-marker.ts) and removed if the merge
 * fails. `memoryLimit` bounds the work database (a merge running beside a publication gets less).
 */
export async function mergeParts(
  layout: StoreLayout,
  parts: readonly PartEntry[],
  withoutNights: readonly number[],
  prefix: string,
  memoryLimit?: string,
): Promise<PartEntry | null> {
  return buildMergedPart(layout, parts, withoutNights, prefix, memoryLimit, async (conn, dir, id, nights) => {
    const where =
      withoutNights.length === 0 ? '' : `WHERE night NOT IN (${withoutNights.map(Number).join(', ')})`;
    for (const [view, file] of [
      ['p_alerts', 'alerts'],
      ['p_upperlim', 'upperlim'],
    ] as const) {
      const files = sqlPathList(parts.map((p) => partFilePath(layout, p.id, file)));
      await conn.run(
        `CREATE TEMP VIEW ${view} AS SELECT * FROM read_parquet(${files}, union_by_name = true) ${where}`,
      );
    }
    const rows = await writePart(conn, dir, false);
    const cutouts = parts.flatMap((p) => p.cutouts).filter((c) => !withoutNights.includes(c.night));
    // each holder's cutouts index, limited to the nights it holds for this part
    const nightsOfHolder = new Map<string, number[]>();
    for (const c of cutouts) nightsOfHolder.set(c.part, [...(nightsOfHolder.get(c.part) ?? []), c.night]);
    const stampSources = [...nightsOfHolder]
      .map(([holder, nights]) => ({ file: partFilePath(layout, holder, 'cutouts'), nights }))
      .filter((s) => fs.existsSync(s.file));
    const prepared = await preparedTextsOf(conn, layout, parts);
    let blocks: ObjectBlocksWritten;
    try {
      blocks = await writeObjectBlocks(conn, dir, stampsRelationOf(stampSources), prepared.texts);
    } finally {
      prepared.close();
    }
    return {
      id,
      nights,
      rows: { ...rows, cutouts: parts.reduce((s, p) => s + p.rows.cutouts, 0) },
      cutouts,
      objectBlockFormat: blocks.format,
      createdAt: new Date().toISOString(),
    };
  });
}

/** Writes a merged part's files into `dir` and returns its entry (`id`, the `nights` it keeps). */
export type WriteMergedPart = (
  conn: DuckDBConnection,
  dir: string,
  id: string,
  nights: number[],
) => Promise<PartEntry>;

/**
 * The frame of every survey's merge: the nights kept (those of `parts` not in `withoutNights`; null when none), a
 * new part directory marked as being built (building-marker.ts) while `write` fills it through a work database
 * bounded by `memoryLimit`, and removed if `write` fails.
 */
export async function buildMergedPart(
  layout: StoreLayout,
  parts: readonly PartEntry[],
  withoutNights: readonly number[],
  prefix: string,
  memoryLimit: string | undefined,
  write: WriteMergedPart,
): Promise<PartEntry | null> {
  const nights = [...new Set(parts.flatMap((p) => p.nights))]
    .filter((n) => !withoutNights.includes(n))
    .sort((a, b) => a - b);
  if (nights.length === 0) return null;
  const id = newPartId(prefix);
  const dir = layout.partDir(id);
  markBuilding(dir);
  const { conn, close } = await openWorkConnection(layout, memoryLimit);
  let complete = false;
  try {
    const entry = await write(conn, dir, id, nights);
    clearBuilding(dir);
    complete = true;
    return entry;
  } finally {
    close();
    if (!complete) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A survey's merge of parts ({@link mergeParts} for ZTF, mergeLsstParts for LSST). */
export type MergeParts = typeof mergeParts;

/**
 * For each part holding some of `nights` among other nights, a new part without them (written by `merge`);
 * parts holding only `nights` are dropped.
 */
export async function rewritePartsWithout(
  layout: StoreLayout,
  parts: readonly PartEntry[],
  nights: readonly number[],
  log: Logger,
  merge: MergeParts = mergeParts,
): Promise<PartEntry[]> {
  const out: PartEntry[] = [];
  for (const part of parts) {
    if (part.nights.every((n) => nights.includes(n))) continue;
    const merged = await merge(layout, [part], nights, 'm');
    if (merged) {
      log.info(
        { from: part.id, to: merged.id, nights: part.nights.filter((n) => nights.includes(n)) },
        'compacted part rewritten without the republished nights',
      );
      out.push(merged);
    }
  }
  return out;
}
