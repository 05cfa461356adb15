/**
 * Query behind `/api/v1/anomaly`: the alerts the anomaly detection module flags. As the reference defines the
 * flag (fink-broker `bin/ztf/archive_anomaly.py` with fink-filters `anomaly_notification_`, threshold 10), an
 * alert is flagged when it is, within its night, the lowest-score alert of one of the 10 objects with the lowest
 * `d:anomaly_score` (lower is more anomalous; alerts without a score are never flagged). The flag depends on the
 * whole night, not on the requested window: it is computed per night, then the window selects among the flagged.
 * Read from the parts' alerts files (`d_anomaly_score` is in no index), newest part first.
 */
import { jdToNight } from '../../compute/time/index.js';
import type { Catalog } from '../catalog.js';
import type { StoreLayout } from '../store-layout.js';
import { type AlertRef, partFileList, partsInJdRange } from './alert-refs.js';
import type { QueryFn } from './objects.js';

/** Objects flagged per night (the reference's `threshold`). */
export const ANOMALIES_PER_NIGHT = 10;

/**
 * Flagged alerts of the nights $1..$2 (YYYYMMDD) emitted in [$3, $4), most recent first (ties: objectId
 * descending, as the reference's reversed scan of `jd_objectId` keys), at most $5. Ties in score go to the smaller
 * candid. $6 is ANOMALIES_PER_NIGHT.
 */
const FLAGGED = (files: string) => `
  WITH scored AS (
    SELECT i_objectId, i_candid, i_jd, night, d_anomaly_score FROM read_parquet(${files}, union_by_name = true)
    WHERE night >= $1::INTEGER AND night <= $2::INTEGER
      AND d_anomaly_score IS NOT NULL AND NOT isnan(d_anomaly_score)
    QUALIFY row_number() OVER (PARTITION BY night, i_objectId ORDER BY d_anomaly_score, i_candid) = 1
  ), flagged AS (
    SELECT * FROM scored
    QUALIFY row_number() OVER (PARTITION BY night ORDER BY d_anomaly_score, i_candid) <= $6::BIGINT
  )
  SELECT i_objectId, i_candid, i_jd FROM flagged
  WHERE i_jd >= $3::DOUBLE AND i_jd < $4::DOUBLE
  ORDER BY i_jd DESC, i_objectId DESC LIMIT $5::BIGINT`;

/**
 * References of the flagged alerts emitted in a window.
 *
 * @param startJd first JD (UTC) of the window, included.
 * @param stopJd end of the window (JD UTC), excluded.
 * @param limit most alerts returned.
 * @returns references, most recent first.
 */
export async function findAnomalousAlerts(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  startJd: number,
  stopJd: number,
  limit: number,
): Promise<AlertRef[]> {
  if (!(stopJd > startJd)) return [];
  const firstNight = jdToNight(startJd);
  const lastNight = jdToNight(stopJd);
  // Parts hold disjoint whole nights: newest first, stopping once `limit` alerts are found newer than every
  // night of the parts left.
  const parts = [...partsInJdRange(catalog, startJd, stopJd)].sort(
    (a, b) => Math.max(...b.nights) - Math.max(...a.nights),
  );
  const found: (AlertRef & { readonly jd: number })[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const rows = await query(FLAGGED(partFileList(layout, [part], 'alerts').sql), [
      firstNight,
      lastNight,
      startJd,
      stopJd,
      limit,
      ANOMALIES_PER_NIGHT,
    ]);
    for (const row of rows) {
      found.push({
        part: part.id,
        objectId: String(row.i_objectId),
        candid: BigInt(row.i_candid as bigint),
        jd: row.i_jd as number,
      });
    }
    found.sort((a, b) => b.jd - a.jd || (b.objectId > a.objectId ? 1 : b.objectId < a.objectId ? -1 : 0));
    if (found.length > limit) found.length = limit;
    const next = parts[i + 1];
    if (next && found.length === limit && jdToNight(found[limit - 1].jd) > Math.max(...next.nights)) break;
  }
  return found.map(({ part, objectId, candid }) => ({ part, objectId, candid }));
}
