/**
 * Searches behind `/api/v1/explorer` and the cone searches (its search by id reads object blocks,
 * serve/api/explorer.ts): cones over the parts' sky blocks (data/queries/sky-blocks.ts: HEALPix order-29 NESTED
 * pixel ranges, then the exact angular separation), and date searches over the time index (`idx_time`, sorted by
 * jd) or the sky index (`idx_sky`, which carries jdstarthist) with DuckDB. Full alert rows are then read only
 * from the parts the hits name.
 */
import path from 'node:path';
import { coneRanges, type PixelRange } from '../../compute/sky/index.js';
import type { Catalog } from '../catalog.js';
import { SKY_BLOCKS_FILE } from '../sky-blocks.js';
import type { StoreLayout } from '../store-layout.js';
import { type AlertRef, partFileList, partsInJdRange, toAlertRefs } from './alert-refs.js';
import type { QueryFn } from './objects.js';
import type { SkyBlockReader, SkyWindow } from './sky-blocks.js';

/** Which time a date window applies to: the object's first detection (`i:jdstarthist`) or the alert (`i:jd`). */
export type TimeField = 'first' | 'any';

/** A closed JD (UTC) window. */
export interface JdWindow {
  readonly startJd: number;
  readonly stopJd: number;
}

/**
 * Neighbouring pixel ranges are read in one scan when the gap between them is at most this many times the
 * pixels they cover: a small cone yields tens of tiny ranges inside one or a few compact areas of the NESTED
 * order, and one range per area keeps parquet row-group pruning while avoiding a scan per tiny range.
 */
const GAP_FACTOR = 4n;

/**
 * Merges sorted pixel ranges into a few spans: ranges closer than {@link GAP_FACTOR} × the covered length are
 * joined, distant groups (another base pixel, across a face edge) stay apart.
 */
export function mergePixelRanges(ranges: readonly PixelRange[]): PixelRange[] {
  if (ranges.length === 0) return [];
  const covered = ranges.reduce((sum, [a, b]) => sum + (b - a), 0n);
  const spans: PixelRange[] = [[ranges[0][0], ranges[0][1]]];
  for (const [start, end] of ranges.slice(1)) {
    const last = spans[spans.length - 1];
    if (start - last[1] <= covered * GAP_FACTOR) last[1] = end;
    else spans.push([start, end]);
  }
  return spans;
}

/** The field of a sky record that a cone's time window applies to. */
const SKY_TIME_FIELD: Record<TimeField, SkyWindow['field']> = { first: 'jdstarthist', any: 'jd' };

/** A cone-search hit: the alert to return for one object and its distance from the centre. */
export interface ConeHit extends AlertRef {
  readonly jd: number;
  readonly separationDeg: number;
}

/** Arguments of {@link findConeHits}. */
export interface ConeQuery {
  readonly raDeg: number;
  readonly decDeg: number;
  readonly radiusDeg: number;
  /** Window on `timeField`; null for no time condition. */
  readonly window: JdWindow | null;
  readonly timeField: TimeField;
  /** Most objects returned (the nearest). */
  readonly limit: number;
}

/**
 * Objects within a cone, from the parts' sky blocks (`sky.bin`, every part has them): for each, its latest alert
 * among those matching the time window, nearest first.
 *
 * @returns at most `limit` hits sorted by separation (degrees) then objectId.
 */
export function findConeHits(
  layout: StoreLayout,
  catalog: Catalog,
  cone: ConeQuery,
  sky: SkyBlockReader,
): ConeHit[] {
  const w = cone.window;
  // An alert of an object first seen at jdstarthist is emitted at or after it: parts before the window's start
  // cannot hold a match in either mode; with `any` the window's end bounds the parts too.
  const parts =
    w === null
      ? catalog.parts
      : partsInJdRange(catalog, w.startJd, cone.timeField === 'any' ? w.stopJd : null);
  if (parts.length === 0) return [];
  const spans = mergePixelRanges(coneRanges('auto', cone.raDeg, cone.decDeg, cone.radiusDeg));
  const best = new Map<string, ConeHit>();
  const keep = (hit: ConeHit): void => {
    const seen = best.get(hit.objectId);
    // one object may straddle two spans or parts: keep its latest alert
    if (!seen || hit.jd > seen.jd || (hit.jd === seen.jd && hit.candid > seen.candid))
      best.set(hit.objectId, hit);
  };
  const skyWindow = w === null ? null : { field: SKY_TIME_FIELD[cone.timeField], ...w };
  for (const part of parts) {
    const file = path.join(layout.partDir(part.id), SKY_BLOCKS_FILE);
    for (const hit of sky.cone(file, spans, cone.raDeg, cone.decDeg, cone.radiusDeg, skyWindow))
      keep({ ...hit, part: part.id });
  }
  return [...best.values()]
    .sort((a, b) => a.separationDeg - b.separationDeg || (a.objectId < b.objectId ? -1 : 1))
    .slice(0, cone.limit);
}

/** Latest alert per object within a window, most recent first. */
const DATE_SEARCH: Record<TimeField, (files: string) => string> = {
  first: (files) => `
    SELECT i_objectId, i_candid, i_jd, filename FROM read_parquet(${files}, filename = true)
    WHERE i_jdstarthist >= $1::DOUBLE AND i_jdstarthist <= $2::DOUBLE
    QUALIFY row_number() OVER (PARTITION BY i_objectId ORDER BY i_jd DESC, i_candid DESC) = 1
    ORDER BY i_jd DESC, i_candid DESC LIMIT $3::BIGINT`,
  any: (files) => `
    SELECT i_objectId, i_candid, i_jd, filename FROM read_parquet(${files}, filename = true)
    WHERE i_jd >= $1::DOUBLE AND i_jd <= $2::DOUBLE
    QUALIFY row_number() OVER (PARTITION BY i_objectId ORDER BY i_jd DESC, i_candid DESC) = 1
    ORDER BY i_jd DESC, i_candid DESC LIMIT $3::BIGINT`,
};

/**
 * Objects with alerts in a window (`any`: alerts emitted in it, read from `idx_time`; `first`: objects first
 * detected in it, read from `idx_sky`, which carries jdstarthist): the latest matching alert of each, most
 * recent first, at most `limit`.
 */
export async function findDateHits(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  window: JdWindow,
  timeField: TimeField,
  limit: number,
): Promise<AlertRef[]> {
  const parts = partsInJdRange(catalog, window.startJd, timeField === 'any' ? window.stopJd : null);
  if (parts.length === 0) return [];
  const files = partFileList(layout, parts, timeField === 'any' ? 'time' : 'sky');
  const rows = await query(DATE_SEARCH[timeField](files.sql), [window.startJd, window.stopJd, limit]);
  return toAlertRefs(rows, files);
}
