/**
 * Query behind `/api/v1/tracklet`: alerts whose tracklet id starts with a prefix, read from the tracklet index
 * (`idx_tracklet`, sorted by tracklet id so the prefix range prunes row groups); when the prefix names a whole
 * night (`TRCK_YYYYMMDD…`), only the parts holding that night are read.
 */
import type { Catalog } from '../catalog.js';
import type { StoreLayout } from '../store-layout.js';
import { type AlertRef, partFileList, toAlertRefs } from './alert-refs.js';
import type { QueryFn } from './objects.js';

const NIGHT_IN_ID = /^TRCK_(\d{8})/;

const TRACKLET_PREFIX = (files: string) => `
  SELECT i_objectId, i_candid, filename FROM read_parquet(${files}, filename = true)
  WHERE d_tracklet >= $1 AND d_tracklet < $2 AND starts_with(d_tracklet, $1)
  ORDER BY d_tracklet, i_objectId, i_jd DESC LIMIT $3::BIGINT`;

/**
 * References of the alerts whose `d:tracklet` starts with `prefix`.
 *
 * @param prefix a validated prefix of `TRCK_YYYYMMDD_HHMMSS_NN`.
 * @param limit most alerts returned.
 * @returns references sorted by tracklet id, then objectId.
 */
export async function findTrackletAlerts(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  prefix: string,
  limit: number,
): Promise<AlertRef[]> {
  const night = NIGHT_IN_ID.exec(prefix);
  const parts = night ? catalog.parts.filter((p) => p.nights.includes(Number(night[1]))) : catalog.parts;
  if (parts.length === 0) return [];
  const files = partFileList(layout, parts, 'tracklet');
  const rows = await query(TRACKLET_PREFIX(files.sql), [prefix, `${prefix}\u{10FFFF}`, limit]);
  return toAlertRefs(rows, files);
}
