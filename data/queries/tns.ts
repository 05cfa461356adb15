/**
 * Queries of the TNS objects table (data/tns-table.ts) behind `/api/v1/resolver` with `resolver=tns`: by name
 * prefix (case-insensitive, on the full name or the name without its prefix), by survey name (exact,
 * case-insensitive, among the comma-separated internal names), by position (a cone), or the whole table.
 * Rows are returned in key order (or by distance for a cone). SQL text is constant apart from the store-built
 * file path; values travel as parameters.
 */
import { sqlPathLiteral } from '../sql-text.js';
import type { QueryFn } from './objects.js';

/** One TNS object as the resolver answers it. */
export type TnsRow = Record<string, unknown>;

const COLUMNS = 'objid, fullname, name, internalname, ra, declination, type, redshift, discoverydate';

const ALL_SQL = (file: string) =>
  `SELECT ${COLUMNS} FROM read_parquet(${file}) ORDER BY key LIMIT $1::BIGINT`;

const PREFIX_SQL = (file: string) => `
  SELECT ${COLUMNS} FROM read_parquet(${file})
  WHERE starts_with(key, $1) OR starts_with(lower(name), $1)
  ORDER BY key LIMIT $2::BIGINT`;

const INTERNAL_SQL = (file: string) => `
  SELECT ${COLUMNS} FROM read_parquet(${file})
  WHERE list_contains(list_transform(string_split(coalesce(internalname, ''), ','), x -> lower(trim(x))), $1)
  ORDER BY key LIMIT $2::BIGINT`;

/** Angular separation (deg) of the row from ($1, $2) (deg), by the haversine formula. */
const SEPARATION = `degrees(2 * asin(least(1, sqrt(
    sin(radians(declination - $2) / 2) ^ 2
    + cos(radians(declination)) * cos(radians($2)) * sin(radians(ra - $1) / 2) ^ 2))))`;

const CONE_SQL = (file: string) => `
  SELECT * FROM (
    SELECT ${COLUMNS}, ${SEPARATION} AS separation_deg FROM read_parquet(${file})
    WHERE declination BETWEEN $2 - $3 AND $2 + $3)
  WHERE separation_deg <= $3
  ORDER BY separation_deg LIMIT $4::BIGINT`;

/** The first `limit` objects in key order. */
export function readTnsTable(query: QueryFn, file: string, limit: number): Promise<TnsRow[]> {
  return query(ALL_SQL(sqlPathLiteral(file)), [limit]);
}

/**
 * Objects whose full name ("SN 2023Q") or bare name ("2023Q") starts with `prefix`, case-insensitively.
 * @param prefix the text asked, any case (validated by the caller).
 */
export function findTnsByName(
  query: QueryFn,
  file: string,
  prefix: string,
  limit: number,
): Promise<TnsRow[]> {
  return query(PREFIX_SQL(sqlPathLiteral(file)), [prefix.toLowerCase(), limit]);
}

/** Objects one of whose survey names (e.g. a ZTF objectId) is `name`, case-insensitively. */
export function findTnsByInternalName(
  query: QueryFn,
  file: string,
  name: string,
  limit: number,
): Promise<TnsRow[]> {
  return query(INTERNAL_SQL(sqlPathLiteral(file)), [name.trim().toLowerCase(), limit]);
}

/**
 * Objects within `radiusDeg` of a position, nearest first, each with `separation_deg`.
 * @param raDeg, decDeg J2000 position (deg); radiusDeg cone radius (deg, small: the box in declination only).
 */
export function findTnsNear(
  query: QueryFn,
  file: string,
  raDeg: number,
  decDeg: number,
  radiusDeg: number,
  limit: number,
): Promise<TnsRow[]> {
  return query(CONE_SQL(sqlPathLiteral(file)), [raDeg, decDeg, radiusDeg, limit]);
}
