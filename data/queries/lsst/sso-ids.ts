/**
 * Query behind LSST `/api/v1/resolver` with `resolver=ssodnet` and `reverse`: the Solar System detections of the
 * store associated with one `ssObjectId` (Rubin's Solar System object id), newest first, with their designations;
 * what Fink's `rubin.sso_resolver` table answers (fink-lsst-api.md §3.7), read from the store's `sso` table.
 */
import type { QueryFn } from '../objects.js';
import { columnSql, hasColumn, type LsstTable, partRankSql, projectionSql, relationSql } from './tables.js';

const SS_OBJECT_ID = 'r:ssObjectId';
const SOURCE_ID = 'r:diaSourceId';
const TIME = 'r:midpointMjdTai';

/**
 * The detections whose `r:ssObjectId` is `ssObjectId`, each once (its newest part's row), newest first.
 *
 * @param columns columns to return; those the table lacks are left out of the rows (the caller adds nulls).
 * @param limit most rows.
 * @returns [] when the store holds no Solar System detection or no `r:ssObjectId`.
 */
export async function readSsoByObjectId(
  query: QueryFn,
  table: LsstTable,
  ssObjectId: bigint,
  columns: readonly string[],
  limit: number,
): Promise<Record<string, unknown>[]> {
  if (table.files.length === 0 || ![SS_OBJECT_ID, SOURCE_ID, TIME].every((c) => hasColumn(table, c)))
    return [];
  const held = columns.filter((c) => hasColumn(table, c));
  const sql = `
    SELECT ${projectionSql(table, held)} FROM ${relationSql(table)}
    WHERE ${columnSql(table, SS_OBJECT_ID)} = $1::BIGINT
    QUALIFY row_number() OVER (PARTITION BY ${columnSql(table, SOURCE_ID)} ORDER BY ${partRankSql(table)} DESC) = 1
    ORDER BY ${columnSql(table, TIME)} DESC, ${columnSql(table, SOURCE_ID)} DESC
    LIMIT $2::BIGINT`;
  return query(sql, [String(ssObjectId), limit]);
}
