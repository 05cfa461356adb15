/**
 * Queries behind LSST `/api/v1/objects`, `/sources` and `/fp`: the rows of a list of diaObjects, matched exactly
 * on `r:diaObjectId` (not as Fink's prefix scans). `objects` keeps one row per diaObject (the newest part's);
 * `sources` and `fp` every detection or forced measurement once (by its id), newest first.
 */
import { sqlBigintList } from '../../sql-text.js';
import { LSST_STORE_COLUMNS } from '../../survey/index.js';
import type { QueryFn } from '../objects.js';
import { columnSql, hasColumn, type LsstTable, partRankSql, projectionSql, relationSql } from './tables.js';

/** Half-width of the match on `r:midpointMjdTai` (days, ≈ 9 ms): a time copied from an answer finds its row. */
export const MJD_MATCH_DAYS = 1e-7;

const OBJECT_ID = 'r:diaObjectId';
const TIME = 'r:midpointMjdTai';

function rowsOf(
  table: LsstTable,
  ids: readonly bigint[],
  names: readonly string[] | null,
  key: string,
  order: string,
  atTime: boolean,
) {
  const time = atTime ? ` AND abs(${columnSql(table, TIME)} - $1::DOUBLE) <= ${MJD_MATCH_DAYS}` : '';
  // a diaSource received as an alert in one part and seen only in a later alert's history in another: the alert's
  // row (with Fink's values) wins over the history row, then the newest part
  const alertFirst = hasColumn(table, LSST_STORE_COLUMNS.alert)
    ? `${columnSql(table, LSST_STORE_COLUMNS.alert)} DESC NULLS LAST, `
    : '';
  return `
    SELECT ${projectionSql(table, names)} FROM ${relationSql(table)}
    WHERE ${columnSql(table, OBJECT_ID)} IN (${sqlBigintList(ids)})${time}
    QUALIFY row_number() OVER (PARTITION BY ${columnSql(table, key)} ORDER BY ${alertFirst}${partRankSql(table)} DESC) = 1
    ORDER BY ${order}`;
}

/**
 * The rows of `table` whose `r:diaObjectId` is one of `ids`.
 *
 * @param key the column a row is unique on across parts (the newest part's row wins): `r:diaObjectId` for
 *   objects, `r:diaSourceId` for sources, `r:diaForcedSourceId` for forced photometry.
 * @param names columns to return (each a column of the table); null for all.
 * @param atMjd keep only rows within {@link MJD_MATCH_DAYS} of this MJD (TAI); null for all.
 * @returns rows keyed by column name, newest first when the table has `r:midpointMjdTai` (then by id), else by
 *   diaObjectId; [] for an empty table.
 */
export async function readRowsOfObjects(
  query: QueryFn,
  table: LsstTable,
  key: string,
  ids: readonly bigint[],
  names: readonly string[] | null,
  atMjd: number | null = null,
): Promise<Record<string, unknown>[]> {
  if (ids.length === 0 || table.files.length === 0) return [];
  const hasTime = table.columns.some((c) => c.name === TIME);
  const order = hasTime
    ? `${columnSql(table, TIME)} DESC, ${columnSql(table, key)} DESC`
    : columnSql(table, OBJECT_ID);
  // the ids as constants, so that row groups of parts sorted by diaObjectId are skipped by their statistics
  const params = atMjd === null || !hasTime ? [] : [atMjd];
  return query(rowsOf(table, ids, names, key, order, atMjd !== null && hasTime), params);
}
