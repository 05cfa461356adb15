/**
 * Queries behind `/api/v1/latests`: the latest alerts of a class, read from the class index (`idx_class`,
 * sorted by classification then jd, so the class predicate prunes row groups) or, for every class, from the
 * time index (`idx_time`); then the full rows of just those alerts from the parts that hold them.
 */
import type { Catalog } from '../catalog.js';
import type { StoreLayout } from '../store-layout.js';
import { type AlertRef, partFileList, partsInJdRange, toAlertRefs } from './alert-refs.js';
import type { JdWindow } from './explorer.js';
import type { QueryFn } from './objects.js';

/** Which index answers: one stored classification label, or every alert. */
export type LatestsClass = { readonly kind: 'label'; readonly label: string } | { readonly kind: 'all' };

/** Latest alerts, optionally one per object (`distinct`), of one class or of all. */
const LATESTS = {
  label: {
    alerts: (files: string) => `
      SELECT i_objectId, i_candid, i_jd, filename FROM read_parquet(${files}, filename = true)
      WHERE classification = $1 AND i_jd >= $2::DOUBLE AND i_jd <= $3::DOUBLE
      ORDER BY i_jd DESC, i_candid DESC LIMIT $4::BIGINT`,
    distinct: (files: string) => `
      SELECT i_objectId, i_candid, i_jd, filename FROM read_parquet(${files}, filename = true)
      WHERE classification = $1 AND i_jd >= $2::DOUBLE AND i_jd <= $3::DOUBLE
      QUALIFY row_number() OVER (PARTITION BY i_objectId ORDER BY i_jd DESC, i_candid DESC) = 1
      ORDER BY i_jd DESC, i_candid DESC LIMIT $4::BIGINT`,
  },
  all: {
    alerts: (files: string) => `
      SELECT i_objectId, i_candid, i_jd, filename FROM read_parquet(${files}, filename = true)
      WHERE i_jd >= $1::DOUBLE AND i_jd <= $2::DOUBLE
      ORDER BY i_jd DESC, i_candid DESC LIMIT $3::BIGINT`,
    distinct: (files: string) => `
      SELECT i_objectId, i_candid, i_jd, filename FROM read_parquet(${files}, filename = true)
      WHERE i_jd >= $1::DOUBLE AND i_jd <= $2::DOUBLE
      QUALIFY row_number() OVER (PARTITION BY i_objectId ORDER BY i_jd DESC, i_candid DESC) = 1
      ORDER BY i_jd DESC, i_candid DESC LIMIT $3::BIGINT`,
  },
} as const;

/**
 * References of the latest alerts of a class emitted within a window.
 *
 * @param cls a stored classification label (Fink label, SIMBAD type or `Unknown`), or every class.
 * @param window JD (UTC) window on the alert time `i:jd`, bounds included.
 * @param limit most alerts returned.
 * @param distinct true: only the latest alert of each object (then `limit` objects).
 * @returns references, most recent first (ties by candid, descending).
 */
export async function findLatestAlerts(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  cls: LatestsClass,
  window: JdWindow,
  limit: number,
  distinct: boolean,
): Promise<AlertRef[]> {
  const parts = partsInJdRange(catalog, window.startJd, window.stopJd);
  if (parts.length === 0) return [];
  const mode = distinct ? 'distinct' : 'alerts';
  if (cls.kind === 'all') {
    const files = partFileList(layout, parts, 'time');
    const rows = await query(LATESTS.all[mode](files.sql), [window.startJd, window.stopJd, limit]);
    return toAlertRefs(rows, files);
  }
  const files = partFileList(layout, parts, 'classIndex');
  const rows = await query(LATESTS.label[mode](files.sql), [cls.label, window.startJd, window.stopJd, limit]);
  return toAlertRefs(rows, files);
}
