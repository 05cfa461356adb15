/**
 * Full rows of alerts found through an index (explorer, latests, tracklet, sso): from the object blocks when
 * the in-memory object index has a block for every (object, part) referenced — one positional read per block,
 * no query — otherwise with the DuckDB read over the parts' `alerts.parquet` (`readAlertsByRef`). Both give the
 * same stored rows (storage names, BIGINT as bigint, plus `classification`).
 */
import { alertRowCandid, decodeAlertRow } from '../data/alert-row-codec.js';
import { type AlertRef, BASE_ALERT_COLUMNS, readAlertsByRef } from '../data/queries/alert-refs.js';
import { type BlockLocation, readBlockAlerts, readObjectBlocks } from '../data/queries/object-blocks.js';
import type { QueryFn } from '../data/queries/objects.js';
import type { StoreReader } from './store-reader.js';

type Row = Record<string, unknown>;

/** Stored columns that row documents do not hold (the DuckDB path answers requests for them). */
const NOT_IN_BLOCKS = new Set(['night', 'hpix29']);

/** The blocks holding `refs`, or null when one of them has none in the index (or the index is absent). */
export function locateReferencedBlocks(
  reader: StoreReader,
  refs: readonly AlertRef[],
): BlockLocation[] | null {
  const { locator } = reader.snapshot();
  if (locator === null) return null;
  const locations = new Map<string, BlockLocation>();
  for (const ref of refs) {
    const key = `${ref.objectId}\u0000${ref.part}`;
    if (locations.has(key)) continue;
    const found = locator.find(ref.objectId, true).find((r) => r.part === ref.part);
    if (!found?.block) return null;
    locations.set(key, { objectId: ref.objectId, part: ref.part, ...found.block });
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
  const locations = columns?.some((c) => NOT_IN_BLOCKS.has(c)) ? null : locateReferencedBlocks(reader, refs);
  if (locations === null) {
    const query: QueryFn = (sql, params) => reader.query(sql, params);
    return readAlertsByRef(query, reader.layout, refs, columns);
  }
  const wanted = new Set(refs.map((r) => `${r.objectId}\u0000${r.candid}`));
  const keep = columns === null ? null : new Set([...BASE_ALERT_COLUMNS, ...columns]);
  const rows: Row[] = [];
  for (const { objectId, block } of readObjectBlocks(reader.layout, reader.files, locations)) {
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
 * found are left out, as in {@link readReferencedAlertsInOrder}); null when a referenced block has no texts (a
 * part written in format 1) or is not in the object index: read the rows then.
 */
export function readReferencedAlertTextsInOrder(
  reader: StoreReader,
  refs: readonly AlertRef[],
): { readonly candid: bigint; readonly json: Uint8Array }[] | null {
  if (refs.length === 0) return [];
  const locations = locateReferencedBlocks(reader, refs);
  if (locations === null || locations.some((l) => l.format !== 2)) return null;
  const wanted = new Set(refs.map((r) => `${r.objectId}\u0000${r.candid}`));
  const byCandid = new Map<bigint, Uint8Array>();
  for (const loc of locations) {
    for (const alert of readBlockAlerts(reader.layout, reader.files, loc)) {
      if (alert.text === null) return null;
      if (wanted.has(`${loc.objectId}\u0000${alert.text.candid}`))
        byCandid.set(alert.text.candid, alert.text.json);
    }
  }
  const texts: { candid: bigint; json: Uint8Array }[] = [];
  for (const ref of refs) {
    const json = byCandid.get(ref.candid);
    if (json !== undefined) texts.push({ candid: ref.candid, json });
  }
  return texts;
}
