/**
 * Full rows of alerts found through an index (explorer, latests, tracklet, sso, xmatch, bayestar, scs): from the
 * object blocks the in-memory object index names, one positional read per (object, part) referenced, no query.
 * Stored rows (storage names, BIGINT as bigint, plus `classification`) or the alerts' prepared JSON texts. The
 * reads are synchronous (page-cache reads and decoding): they run in slices of {@link BLOCKS_PER_SLICE} blocks,
 * giving the event loop back between slices, so that a request naming thousands of blocks does not hold the other
 * requests (issue #27 §2).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { alertRowCandid, decodeAlertRow } from '../data/index.js';
import type { AlertRef } from '../data/queries/index.js';
import {
  alertTextOf,
  BASE_ALERT_COLUMNS,
  type BlockLocation,
  readBlockTexts,
  readObjectBlocks,
} from '../data/queries/index.js';
import { ApiError } from './errors.js';
import { objectLocator } from './object-reads.js';
import type { StoreReader } from './store-reader.js';

type Row = Record<string, unknown>;

/** Blocks read between two turns of the event loop (a block: one read and one decoding, ~0.1 ms). */
export const BLOCKS_PER_SLICE = 64;

/** `locations` in slices of BLOCKS_PER_SLICE, the event loop given back before each slice but the first. */
async function* slices<T>(locations: readonly T[]): AsyncGenerator<readonly T[]> {
  for (let at = 0; at < locations.length; at += BLOCKS_PER_SLICE) {
    if (at > 0) await yieldToEventLoop();
    yield locations.slice(at, at + BLOCKS_PER_SLICE);
  }
}

/**
 * The blocks holding `refs` in the object index of the version in use.
 *
 * @throws ApiError 503 when the index is not loaded, or lacks a referenced (object, part): the catalog version
 *   changed between the index scan and this read (send the request again).
 */
export function locateReferencedBlocks(reader: StoreReader, refs: readonly AlertRef[]): BlockLocation[] {
  const locator = objectLocator(reader.snapshot());
  const locations = new Map<string, BlockLocation>();
  for (const ref of refs) {
    const key = `${ref.objectId}\u0000${ref.part}`;
    if (locations.has(key)) continue;
    const found = locator.find(ref.objectId, true).find((r) => r.part === ref.part);
    if (!found)
      throw new ApiError(
        503,
        'The store switched to a new catalog version during this request: send it again.',
      );
    locations.set(key, found);
  }
  return [...locations.values()];
}

/**
 * Stored rows of the referenced alerts (one per reference found, in no particular order).
 *
 * @param columns storage names to return besides BASE_ALERT_COLUMNS; null for every column.
 */
export async function readReferencedAlerts(
  reader: StoreReader,
  refs: readonly AlertRef[],
  columns: readonly string[] | null,
): Promise<Row[]> {
  if (refs.length === 0) return [];
  const locations = locateReferencedBlocks(reader, refs);
  const wanted = new Set(refs.map((r) => `${r.objectId}\u0000${r.candid}`));
  const keep = columns === null ? null : new Set([...BASE_ALERT_COLUMNS, ...columns]);
  const rows: Row[] = [];
  for await (const slice of slices(locations)) {
    for (const { objectId, block } of readObjectBlocks(reader.layout, reader.files, slice)) {
      for (const alert of block.alerts) {
        // a block holds every alert of the object in its part: decode only the referenced ones
        if (!wanted.has(`${objectId}\u0000${String(alertRowCandid(alert.row))}`)) continue;
        const full: Row = decodeAlertRow(alert.row);
        full.classification = alert.classification;
        if (keep === null) rows.push(full);
        else {
          const row: Row = {};
          for (const name of keep) if (name in full) row[name] = full[name];
          rows.push(row);
        }
      }
    }
  }
  return rows;
}

/**
 * {@link readReferencedAlerts}, the rows in the order of `refs` (by candid): for answers already ranked (nearest,
 * densest or most recent first).
 */
export async function readReferencedAlertsInOrder(
  reader: StoreReader,
  refs: readonly AlertRef[],
  columns: readonly string[] | null,
): Promise<Row[]> {
  const order = new Map(refs.map((r, i) => [r.candid, i]));
  return (await readReferencedAlerts(reader, refs, columns)).sort(
    (a, b) => (order.get(a.i_candid as bigint) ?? 0) - (order.get(b.i_candid as bigint) ?? 0),
  );
}

/**
 * The prepared JSON texts (data/alert-json.ts) of the referenced alerts, in the order of `refs` (references not
 * found are left out, as in {@link readReferencedAlertsInOrder}).
 */
export async function readReferencedAlertTextsInOrder(
  reader: StoreReader,
  refs: readonly AlertRef[],
): Promise<{ readonly candid: bigint; readonly json: Uint8Array }[]> {
  if (refs.length === 0) return [];
  const locations = locateReferencedBlocks(reader, refs);
  const wanted = new Set(refs.map((r) => `${r.objectId}\u0000${r.candid}`));
  const byCandid = new Map<bigint, Uint8Array>();
  for await (const slice of slices(locations)) {
    for (const loc of slice) {
      for (const alert of readBlockTexts(reader.layout, reader.files, loc)) {
        const text = alertTextOf(alert, loc);
        if (wanted.has(`${loc.objectId}\u0000${text.candid}`)) byCandid.set(text.candid, text.json);
      }
    }
  }
  const texts: { candid: bigint; json: Uint8Array }[] = [];
  for (const ref of refs) {
    const json = byCandid.get(ref.candid);
    if (json !== undefined) texts.push({ candid: ref.candid, json });
  }
  return texts;
}
