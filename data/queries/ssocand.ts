/**
 * Queries behind `/api/v1/ssocand`: candidate orbits by ssoCandId, and detections of candidate trajectories in
 * a time window (the lightcurves file is sorted by jd, so the window prunes row groups). Both files are optional:
 * before any `skyalert ssocand load` the answer is empty.
 *
 * Reference: docs/references.md#ssocand-columns; docs/references.md#api-ssocand.
 */
import fs from 'node:fs';
import { sqlPathLiteral } from '../sql-text.js';
import { SSOCAND_LIGHTCURVE_COLUMNS, SSOCAND_ORBIT_COLUMNS, type SsoCandKind } from '../ssocand-columns.js';
import type { StoreLayout } from '../store-layout.js';
import type { QueryFn } from './objects.js';

/** A validated request for candidate rows. */
export interface SsoCandRequest {
  readonly kind: SsoCandKind;
  /** One trajectory (exact match, already checked against the id pattern), or null for all. */
  readonly ssoCandId: string | null;
  /** Window on the detection time, JD UTC, start included and stop excluded (lightcurves only). */
  readonly startJd: number;
  readonly stopJd: number;
  /** Most rows returned. */
  readonly limit: number;
}

const list = (columns: readonly { storage: string }[]) => columns.map((c) => c.storage).join(', ');

const ORBITS = (file: string) => `
  SELECT ${list(SSOCAND_ORBIT_COLUMNS)} FROM read_parquet(${file})
  WHERE $1::VARCHAR IS NULL OR ssoCandId = $1::VARCHAR
  ORDER BY ssoCandId LIMIT $2::BIGINT`;

const LIGHTCURVES = (file: string) => `
  SELECT ${list(SSOCAND_LIGHTCURVE_COLUMNS)} FROM read_parquet(${file})
  WHERE jd >= $2::DOUBLE AND jd < $3::DOUBLE AND ($1::VARCHAR IS NULL OR ssoCandId = $1::VARCHAR)
  ORDER BY jd, ssoCandId, candid LIMIT $4::BIGINT`;

/**
 * Rows of one kind, keyed by storage names (`long_node`, `jd`), orbits sorted by ssoCandId and detections by
 * jd (then ssoCandId, candid).
 *
 * @returns at most `request.limit` rows; none when the store has no candidates loaded.
 */
export async function readSsoCand(
  query: QueryFn,
  layout: StoreLayout,
  request: SsoCandRequest,
): Promise<Record<string, unknown>[]> {
  const isOrbits = request.kind === 'orbParams';
  const file = isOrbits ? layout.ssocandOrbitsFile : layout.ssocandLightcurvesFile;
  if (!fs.existsSync(file)) return [];
  const path = sqlPathLiteral(file);
  return isOrbits
    ? query(ORBITS(path), [request.ssoCandId, request.limit])
    : query(LIGHTCURVES(path), [request.ssoCandId, request.startJd, request.stopJd, request.limit]);
}
