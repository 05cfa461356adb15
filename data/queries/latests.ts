/**
 * Queries behind `/api/v1/latests`: the latest alerts of a class, read from the class index (`idx_class`,
 * sorted by classification then jd, so the class predicate prunes row groups), for every class from the time
 * index (`idx_time`), and for the classes Fink selects by value (a TNS type, SLSN, CTA blazar states) from the
 * flat columns of the alerts files; then the full rows of just those alerts from the parts that hold them.
 */
import { jdToNight } from '../../compute/time/index.js';
import type { Catalog, PartFile } from '../catalog.js';
import { type FinkSelectionClass, SLSN_MIN_SCORE } from '../classes.js';
import type { StoreLayout } from '../store-layout.js';
import { type AlertRef, partFileList, partsInJdRange } from './alert-refs.js';
import type { JdWindow } from './explorer.js';
import type { QueryFn } from './objects.js';

/**
 * Which alerts: one stored classification label, every alert, the alerts whose `d:tns` is a TNS type, or one of
 * the classes Fink selects from science-module values (data/classes.ts, FINK_SELECTION_CLASSES).
 */
export type LatestsClass =
  | { readonly kind: 'label'; readonly label: string }
  | { readonly kind: 'all' }
  | { readonly kind: 'tns'; readonly type: string }
  | { readonly kind: 'selection'; readonly label: FinkSelectionClass };

/**
 * The predicate on the alerts files' flat columns of a class selected by value, with its parameters ($1...).
 * Reference: fink-filters fink_filters/ztf/filter_{superluminous,blazar_low_state,blazar_high_state}/filter.py.
 */
function selectionPredicate(cls: LatestsClass): { sql: string; params: (string | number)[] } | null {
  if (cls.kind === 'tns') return { sql: 'd_tns = $1', params: [cls.type] };
  if (cls.kind !== 'selection') return null;
  switch (cls.label) {
    case 'SLSN candidate':
      return { sql: 'd_slsn_score >= $1', params: [SLSN_MIN_SCORE] };
    case '(CTA) Blazar low state':
      return {
        sql: `d_blazar_stats_instantness_low >= $1 AND d_blazar_stats_instantness_low < $2
          AND d_blazar_stats_robustness_low >= $1 AND d_blazar_stats_robustness_low < $2`,
        params: [0, 1],
      };
    case '(CTA) Blazar high state':
      return {
        sql: 'd_blazar_stats_instantness_high > $1 AND d_blazar_stats_robustness_high > $1',
        params: [1],
      };
  }
}

/** Latest alerts matching a predicate of `params` parameters (then the window and limit), optionally one per object. */
const SELECTED = {
  alerts: (files: string, predicate: string, params: number) => `
      SELECT i_objectId, i_candid, i_jd, filename FROM read_parquet(${files}, filename = true)
      WHERE (${predicate}) AND i_jd >= $${params + 1}::DOUBLE AND i_jd <= $${params + 2}::DOUBLE
      ORDER BY i_jd DESC, i_candid DESC LIMIT $${params + 3}::BIGINT`,
  distinct: (files: string, predicate: string, params: number) => `
      SELECT i_objectId, i_candid, i_jd, filename FROM read_parquet(${files}, filename = true)
      WHERE (${predicate}) AND i_jd >= $${params + 1}::DOUBLE AND i_jd <= $${params + 2}::DOUBLE
      QUALIFY row_number() OVER (PARTITION BY i_objectId ORDER BY i_jd DESC, i_candid DESC) = 1
      ORDER BY i_jd DESC, i_candid DESC LIMIT $${params + 3}::BIGINT`,
} as const;

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
 * @param cls a stored classification label (Fink label, SIMBAD type or `Unknown`), every class, a TNS type or a
 *   class selected by value.
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
  // Parts hold disjoint nights: read them newest first and stop once `limit` alerts are found that are newer
  // than every night of the parts left (usually after the newest part or two, instead of every part).
  const parts = [...partsInJdRange(catalog, window.startJd, window.stopJd)].sort(
    (a, b) => Math.max(...b.nights) - Math.max(...a.nights),
  );
  const mode = distinct ? 'distinct' : 'alerts';
  const found: (AlertRef & { readonly jd: number })[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const files = (file: PartFile) => partFileList(layout, [part], file).sql;
    const selection = selectionPredicate(cls);
    const rows =
      selection !== null
        ? await query(SELECTED[mode](files('alerts'), selection.sql, selection.params.length), [
            ...selection.params,
            window.startJd,
            window.stopJd,
            limit,
          ])
        : cls.kind === 'all'
          ? await query(LATESTS.all[mode](files('time')), [window.startJd, window.stopJd, limit])
          : await query(LATESTS.label[mode](files('classIndex')), [
              cls.kind === 'label' ? cls.label : '',
              window.startJd,
              window.stopJd,
              limit,
            ]);
    rows.forEach((row) => {
      found.push({
        part: part.id,
        objectId: String(row.i_objectId),
        candid: BigInt(row.i_candid as bigint),
        jd: row.i_jd as number,
      });
    });
    found.sort((a, b) => b.jd - a.jd || (b.candid > a.candid ? 1 : b.candid < a.candid ? -1 : 0));
    // an object seen in a newer part keeps its newer alert (parts are read newest first)
    if (distinct) dedupeObjects(found);
    if (found.length > limit) found.length = limit;
    const next = parts[i + 1];
    if (next && found.length === limit && jdToNight(found[limit - 1].jd) > Math.max(...next.nights)) break;
  }
  return found.map(({ part, objectId, candid }) => ({ part, objectId, candid }));
}

/** Keeps the first (latest) alert of each object in a list sorted newest first. */
function dedupeObjects(alerts: { readonly objectId: string }[]): void {
  const seen = new Set<string>();
  let kept = 0;
  for (const alert of alerts) {
    if (seen.has(alert.objectId)) continue;
    seen.add(alert.objectId);
    alerts[kept++] = alert;
  }
  alerts.length = kept;
}
