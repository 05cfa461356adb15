/**
 * Query behind `/api/v1/anomaly`: the alerts the anomaly detection module flags. As the reference defines the
 * flag (fink-broker `bin/ztf/archive_anomaly.py` with fink-filters `anomaly_notification_`, threshold 10), an
 * alert is flagged when it is, within its night, the lowest-score alert of one of the 10 objects with the lowest
 * `d:anomaly_score` (lower is more anomalous; alerts without a score are never flagged). The flag depends on the
 * whole night, not on the requested window: it is computed per night, then the window selects among the flagged.
 * Read from the parts' alerts files (`d_anomaly_score` is in no index), newest part first.
 */
import { jdToNight } from '../../compute/time/index.js';
import type { Catalog, PartEntry } from '../catalog.js';
import type { StoreLayout } from '../store-layout.js';
import { type AlertRef, partFileList, partsInJdRange } from './alert-refs.js';
import type { QueryFn } from './objects.js';

/** Objects flagged per night (the reference's `threshold`). */
export const ANOMALIES_PER_NIGHT = 10;

/**
 * Every flagged alert of a part's alerts files (each night of the part ranked on its own). Ties in score go to the
 * smaller candid. $1 is ANOMALIES_PER_NIGHT.
 */
const FLAGGED = (files: string) => `
  WITH scored AS (
    SELECT i_objectId, i_candid, i_jd, night, d_anomaly_score FROM read_parquet(${files}, union_by_name = true)
    WHERE d_anomaly_score IS NOT NULL AND NOT isnan(d_anomaly_score)
    QUALIFY row_number() OVER (PARTITION BY night, i_objectId ORDER BY d_anomaly_score, i_candid) = 1
  )
  SELECT i_objectId, i_candid, i_jd FROM scored
  QUALIFY row_number() OVER (PARTITION BY night ORDER BY d_anomaly_score, i_candid) <= $1::BIGINT`;

/** A flagged alert: where it is and its time (JD UTC). */
export interface FlaggedAlert extends AlertRef {
  readonly jd: number;
}

/** The flagged alerts of one part, in no particular order (the flag depends on each whole night only). */
export type FlaggedOfPart = (part: PartEntry) => Promise<readonly FlaggedAlert[]>;

/**
 * Every flagged alert of one part, read from its alerts file (a scan of its score column). Parts are immutable:
 * a server may keep the answer for as long as the part is published (serve/api/anomaly.ts).
 */
export async function findFlaggedAlertsOfPart(
  query: QueryFn,
  layout: StoreLayout,
  part: PartEntry,
): Promise<FlaggedAlert[]> {
  const rows = await query(FLAGGED(partFileList(layout, [part], 'alerts').sql), [ANOMALIES_PER_NIGHT]);
  return rows.map((row) => ({
    part: part.id,
    objectId: String(row.i_objectId),
    candid: BigInt(row.i_candid as bigint),
    jd: row.i_jd as number,
  }));
}

/** Most recent first; ties: objectId descending, as the reference's reversed scan of `jd_objectId` keys. */
const newestFirst = (a: FlaggedAlert, b: FlaggedAlert): number =>
  b.jd - a.jd || (b.objectId > a.objectId ? 1 : b.objectId < a.objectId ? -1 : 0);

/**
 * References of the flagged alerts emitted in a window.
 *
 * @param startJd first JD (UTC) of the window, included.
 * @param stopJd end of the window (JD UTC), excluded.
 * @param limit most alerts returned.
 * @param flaggedOf the flagged alerts of a part (default: read with `query`; a server passes a memo of it).
 * @returns references, most recent first.
 */
export async function findAnomalousAlerts(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  startJd: number,
  stopJd: number,
  limit: number,
  flaggedOf: FlaggedOfPart = (part) => findFlaggedAlertsOfPart(query, layout, part),
): Promise<AlertRef[]> {
  if (!(stopJd > startJd)) return [];
  // Parts hold disjoint whole nights: newest first, stopping once `limit` alerts are found newer than every
  // night of the parts left.
  const parts = [...partsInJdRange(catalog, startJd, stopJd)].sort(
    (a, b) => Math.max(...b.nights) - Math.max(...a.nights),
  );
  const found: FlaggedAlert[] = [];
  for (let i = 0; i < parts.length; i++) {
    for (const alert of await flaggedOf(parts[i]))
      if (alert.jd >= startJd && alert.jd < stopJd) found.push(alert);
    found.sort(newestFirst);
    if (found.length > limit) found.length = limit;
    const next = parts[i + 1];
    if (next && found.length === limit && jdToNight(found[limit - 1].jd) > Math.max(...next.nights)) break;
  }
  return found.map(({ part, objectId, candid }) => ({ part, objectId, candid }));
}
