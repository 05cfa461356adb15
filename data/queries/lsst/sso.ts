/**
 * Query behind LSST `/api/v1/sso`: the Solar System detections of the store whose packed or unpacked primary
 * provisional designation, IAU name or IAU number is one of the given texts (exact, any case), newest first. The
 * name and number are the store's own (`v:ssoName`, `v:ssoNumber`, from the alerts' MPC orbit JSON). The store's
 * `sso` table keeps each detection once (by `r:diaSourceId`, the newest part's row).
 */
import { listValue } from '@duckdb/node-api';
import { LSST_STORE_COLUMNS } from '../../survey/index.js';
import type { QueryFn } from '../objects.js';
import { columnSql, hasColumn, type LsstTable, partRankSql, projectionSql, relationSql } from './tables.js';

/** The designation columns of the sso table that names are matched on. */
export const SSO_DESIGNATION_COLUMNS = [
  'r:packed_primary_provisional_designation',
  'r:unpacked_primary_provisional_designation',
] as const;

/**
 * Detections whose designation (packed or unpacked), IAU name (case-insensitive) or IAU number (in decimal) is one
 * of `names`.
 *
 * @param names designations as the client wrote them (they travel as a parameter).
 * @param columns columns to return, each a column of the table (the packed designation is always added).
 * @returns rows newest first; [] when the store holds no Solar System detection.
 */
export async function readSsoDetections(
  query: QueryFn,
  table: LsstTable,
  names: readonly string[],
  columns: readonly string[],
): Promise<Record<string, unknown>[]> {
  const designations = SSO_DESIGNATION_COLUMNS.filter((c) => hasColumn(table, c));
  if (names.length === 0 || table.files.length === 0 || designations.length === 0) return [];
  const texts = [...designations, LSST_STORE_COLUMNS.ssoName]
    .filter((c) => hasColumn(table, c))
    .map((c) => `upper(${columnSql(table, c)})`);
  if (hasColumn(table, LSST_STORE_COLUMNS.ssoNumber))
    texts.push(`CAST(${columnSql(table, LSST_STORE_COLUMNS.ssoNumber)} AS VARCHAR)`);
  const match = texts.map((t) => `${t} IN (SELECT unnest($1::VARCHAR[]))`);
  const sql = `
    SELECT ${projectionSql(table, columns)} FROM ${relationSql(table)} WHERE ${match.join(' OR ')}
    QUALIFY row_number() OVER (PARTITION BY ${columnSql(table, 'r:diaSourceId')}
      ORDER BY ${partRankSql(table)} DESC) = 1
    ORDER BY ${columnSql(table, 'r:midpointMjdTai')} DESC`;
  return query(sql, [listValue(names.map((n) => n.toUpperCase()))]);
}
