/**
 * Point lookups from object blocks (data/object-blocks.ts), the one way alerts, upper limits and stamps of an
 * object are read: one positional read per part holding the object, then stored alert rows (or their prepared
 * JSON texts), deduplicated upper limits, stamps. No SQL: the caller finds the blocks with the server's
 * in-memory object index.
 */
import path from 'node:path';
import { decodeAlertRow } from '../alert-row-codec.js';
import { type Catalog, STAMPS_FILE } from '../catalog.js';
import {
  type BlockAlert,
  type BlockAlertText,
  type BlockStampRef,
  decodeBlockAlerts,
  decodeBlockAlertTexts,
  decodeObjectBlock,
  OBJECT_BLOCKS_FILE,
  type ObjectBlock,
} from '../object-blocks.js';
import type { ReadOnlyFiles } from '../read-only-files.js';
import type { StoreLayout } from '../store-layout.js';
import {
  type AlertEpoch,
  type AlertStamps,
  type StampKind,
  type StampSelection,
  splitStamps,
} from './cutouts.js';

/** Where one object's block is: the part and the byte range in its `objects.bin`. */
export interface BlockLocation {
  readonly objectId: string;
  readonly part: string;
  readonly offset: number;
  readonly length: number;
}

/** A decoded block and where it came from. */
export interface LocatedBlock {
  readonly objectId: string;
  readonly part: string;
  readonly block: ObjectBlock;
}

/** Reads and decodes blocks (one positional read each). Throws when a file is missing or truncated. */
export function readObjectBlocks(
  layout: StoreLayout,
  files: ReadOnlyFiles,
  locations: readonly BlockLocation[],
): LocatedBlock[] {
  return locations.map((loc) => {
    const file = path.join(layout.partDir(loc.part), OBJECT_BLOCKS_FILE);
    return {
      objectId: loc.objectId,
      part: loc.part,
      // decoding copies what it keeps: the read buffer is reused
      block: files.readTransient(file, loc.offset, loc.length, (bytes) => decodeObjectBlock(bytes)),
    };
  });
}

/** The alerts of the block at `loc`, upper limits and stamps skipped (decoded copies). */
export function readBlockAlerts(
  layout: StoreLayout,
  files: ReadOnlyFiles,
  loc: BlockLocation,
): readonly BlockAlert[] {
  const file = path.join(layout.partDir(loc.part), OBJECT_BLOCKS_FILE);
  return files.readTransient(file, loc.offset, loc.length, decodeBlockAlerts);
}

/** A block's alert without its row document: its classification and prepared text. */
export type BlockAlertHead = Omit<BlockAlert, 'row'>;

/** The classification and prepared text of each alert of the block at `loc` (row documents skipped). */
export function readBlockTexts(
  layout: StoreLayout,
  files: ReadOnlyFiles,
  loc: BlockLocation,
): readonly BlockAlertHead[] {
  const file = path.join(layout.partDir(loc.part), OBJECT_BLOCKS_FILE);
  return files.readTransient(file, loc.offset, loc.length, decodeBlockAlertTexts);
}

/**
 * The candids of the alerts whose three stamps (science, template, difference) the store holds, from their
 * references: what `/api/v1/cutouts` can draw for each kind.
 */
export function candidsWithStamps(refs: readonly BlockStampRef[]): Set<bigint> {
  return new Set(
    refs
      .filter((r) => r.scienceLen !== null && r.templateLen !== null && r.differenceLen !== null)
      .map((r) => r.candid),
  );
}

/** One alert of a block with its JSON text, and the object it belongs to. */
export interface LocatedAlertText extends BlockAlertText {
  readonly objectId: string;
  readonly classification: string | null;
}

/**
 * The prepared text of a block's alert.
 *
 * @throws Error when the block holds none (publication writes one for every alert: a damaged part).
 */
export function alertTextOf(alert: BlockAlertHead, loc: BlockLocation): BlockAlertText {
  if (alert.text === null)
    throw new Error(`object block of ${loc.objectId} in part ${loc.part} holds an alert without its text`);
  return alert.text;
}

/**
 * The valid alerts of the blocks at `locations` with their JSON texts, most recent first (jd, then candid,
 * descending, as {@link blockAlertRows}). Upper limits and stamps are skipped, not decoded.
 */
export function readBlockAlertTexts(
  layout: StoreLayout,
  files: ReadOnlyFiles,
  locations: readonly BlockLocation[],
): LocatedAlertText[] {
  const out: LocatedAlertText[] = [];
  for (const loc of locations) {
    for (const alert of readBlockTexts(layout, files, loc)) {
      out.push({ ...alertTextOf(alert, loc), objectId: loc.objectId, classification: alert.classification });
    }
  }
  return out.sort((a, b) => b.jd - a.jd || (b.candid > a.candid ? 1 : b.candid < a.candid ? -1 : 0));
}

/** The latest alert of one object, with its prepared text (`A`: with its row document, or without). */
export interface LatestBlockAlert<A extends BlockAlertHead = BlockAlert> {
  readonly objectId: string;
  readonly alert: A;
  readonly text: BlockAlertText;
}

/** The latest valid alert of each object of `locations` among the alerts `read` decodes of each block. */
function latestOfBlocks<A extends BlockAlertHead>(
  locations: readonly BlockLocation[],
  read: (loc: BlockLocation) => readonly A[],
): LatestBlockAlert<A>[] {
  const latest = new Map<string, LatestBlockAlert<A>>();
  for (const loc of locations) {
    for (const alert of read(loc)) {
      const text = alertTextOf(alert, loc);
      const seen = latest.get(loc.objectId);
      if (
        seen === undefined ||
        text.jd > seen.text.jd ||
        (text.jd === seen.text.jd && text.candid > seen.text.candid)
      )
        latest.set(loc.objectId, { objectId: loc.objectId, alert, text });
    }
  }
  return [...latest.values()];
}

/**
 * The latest valid alert (jd, then candid, descending) of each object of `locations`, objects in the order they
 * first appear there (the object index gives them in id order). Upper limits and stamps are not decoded.
 */
export function readLatestBlockAlerts(
  layout: StoreLayout,
  files: ReadOnlyFiles,
  locations: readonly BlockLocation[],
): LatestBlockAlert[] {
  return latestOfBlocks(locations, (loc) => readBlockAlerts(layout, files, loc));
}

/**
 * As {@link readLatestBlockAlerts}, without the row documents (the bulk of a block): for answers written from
 * the prepared texts alone.
 */
export function readLatestBlockTexts(
  layout: StoreLayout,
  files: ReadOnlyFiles,
  locations: readonly BlockLocation[],
): LatestBlockAlert<BlockAlertHead>[] {
  return latestOfBlocks(locations, (loc) => readBlockTexts(layout, files, loc));
}

/**
 * Stored rows of the valid alerts in `blocks` (storage names, 64-bit integers as bigint, plus
 * `classification`), most recent first.
 */
export function blockAlertRows(blocks: readonly LocatedBlock[]): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const { block } of blocks) {
    for (const alert of block.alerts) {
      const row: Record<string, unknown> = decodeAlertRow(alert.row);
      row.classification = alert.classification;
      rows.push(row);
    }
  }
  return rows.sort(
    (a, b) =>
      (b.i_jd as number) - (a.i_jd as number) ||
      ((b.i_candid as bigint) > (a.i_candid as bigint)
        ? 1
        : (b.i_candid as bigint) < (a.i_candid as bigint)
          ? -1
          : 0),
  );
}

/**
 * Upper limits and bad-quality points in `blocks`, one per (objectId, jd, filter) across parts (an `upperlim`
 * point wins over a `badquality` one), most recent first; keys as the upper-limit files' columns (objectId, jd,
 * fid, magpsf, ..., tag).
 */
export function blockUpperlimRows(blocks: readonly LocatedBlock[]): Record<string, unknown>[] {
  const byKey = new Map<string, Record<string, unknown>>();
  for (const { objectId, block } of blocks) {
    for (const point of block.upperlim) {
      const key = `${objectId}|${point.jd}|${point.fid}`;
      const seen = byKey.get(key);
      if (seen === undefined || point.tag > String(seen.tag)) byKey.set(key, { objectId, ...point });
    }
  }
  return [...byKey.values()].sort((a, b) => (b.jd as number) - (a.jd as number));
}

const byRecency = (a: BlockStampRef, b: BlockStampRef): number =>
  b.jd - a.jd || (b.candid > a.candid ? 1 : b.candid < a.candid ? -1 : 0);

/** Alerts of `blocks` with stored stamps, most recent first (jd, then candid, descending), each once. */
export function blockStampEpochs(blocks: readonly LocatedBlock[]): AlertEpoch[] {
  const seen = new Set<bigint>();
  const refs = blocks.flatMap((b) => b.block.stamps).sort(byRecency);
  return refs
    .filter((r) => !seen.has(r.candid) && seen.add(r.candid))
    .map((r) => ({ candid: r.candid, jd: r.jd }));
}

/**
 * The stamps of the alerts of `blocks` (one object): one candid, the latest alert, or every alert (most recent
 * first, as {@link blockStampEpochs}). A stamp is read from the `stamps.bin` of the part holding its night's cutouts
 * (the catalog's part entry says which).
 */
export function blockStamps(
  layout: StoreLayout,
  catalog: Catalog,
  files: ReadOnlyFiles,
  blocks: readonly LocatedBlock[],
  which: StampSelection,
  kinds: readonly StampKind[],
): AlertStamps[] {
  if (kinds.length === 0) return [];
  const wanted = [...new Set(kinds)];
  const entries = new Map(catalog.parts.map((p) => [p.id, p]));
  const located = blocks
    .flatMap(({ part, block }) => block.stamps.map((ref) => ({ part, ref })))
    .sort((a, b) => byRecency(a.ref, b.ref));
  const chosen =
    which === 'all'
      ? located
      : which === 'latest'
        ? located.slice(0, 1)
        : located.filter((l) => l.ref.candid === which).slice(0, 1);
  return chosen.map(({ part, ref }) => {
    const holder = entries.get(part)?.cutouts?.find((c) => c.night === ref.night)?.part ?? part;
    const file = path.join(layout.partDir(holder), STAMPS_FILE);
    const stamps = splitStamps(
      (offset, length) => files.read(file, offset, length),
      Number(ref.offset),
      [ref.scienceLen, ref.templateLen, ref.differenceLen],
      wanted,
    );
    return { candid: ref.candid, jd: ref.jd, stamps };
  });
}
