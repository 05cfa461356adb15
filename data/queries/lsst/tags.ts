/**
 * Query behind LSST `/api/v1/tags`: the newest alerts carrying a tag (the `v:tags` column the publication writes on
 * the sources and sso tables, docs/api.md "LSST API"), within a time range, both tables read as one.
 */
import { sqlIdentifier } from '../../sql-text.js';
import { LSST_STORE_COLUMNS } from '../../survey/index.js';
import type { QueryFn } from '../objects.js';
import { columnSql, hasColumn, type LsstTable, relationSql } from './tables.js';

const TIME = 'r:midpointMjdTai';
const ID = 'r:diaSourceId';

/** What to read. */
export interface TaggedAlertsQuery {
  /** The tag, one of LSST_TAGS (it travels as a parameter). */
  readonly tag: string;
  /** Inclusive bounds on `r:midpointMjdTai` (MJD TAI). */
  readonly mjdMin: number;
  readonly mjdMax: number;
  /** Most rows. */
  readonly limit: number;
  /** Columns to return, each a column of the first table passed. */
  readonly columns: readonly string[];
}

/** The tagged alerts of one table, the requested columns absent from it as NULL. */
function selectTagged(table: LsstTable, columns: readonly string[]): string | null {
  if (table.files.length === 0 || !hasColumn(table, LSST_STORE_COLUMNS.tags) || !hasColumn(table, TIME))
    return null;
  const wanted = [...new Set([...columns, TIME, ID])];
  const projection = wanted.map((c) =>
    hasColumn(table, c) ? columnSql(table, c) : `NULL AS ${sqlIdentifier(c)}`,
  );
  const time = columnSql(table, TIME);
  return `SELECT ${projection.join(', ')} FROM ${relationSql(table)}
    WHERE list_contains(string_split(${columnSql(table, LSST_STORE_COLUMNS.tags)}, ','), $1::VARCHAR)
      AND ${time} BETWEEN $2::DOUBLE AND $3::DOUBLE`;
}

/**
 * The alerts of `tables` (the sources table first, then sso) carrying `tag`, newest first (by `r:midpointMjdTai`,
 * then `r:diaSourceId`), at most `limit`.
 * @returns rows with the requested columns only; [] when no table holds tags.
 */
export async function readTaggedAlerts(
  query: QueryFn,
  tables: readonly LsstTable[],
  request: TaggedAlertsQuery,
): Promise<Record<string, unknown>[]> {
  const parts = tables.map((t) => selectTagged(t, request.columns)).filter((s): s is string => s !== null);
  if (parts.length === 0) return [];
  const names = request.columns.map(sqlIdentifier).join(', ');
  const sql = `SELECT ${names} FROM (${parts.join(' UNION ALL BY NAME ')})
    ORDER BY ${sqlIdentifier(TIME)} DESC, ${sqlIdentifier(ID)} DESC LIMIT $4::BIGINT`;
  return query(sql, [request.tag, request.mjdMin, request.mjdMax, request.limit]);
}
