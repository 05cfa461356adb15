/**
 * Query behind LSST `/api/v1/skymap`: the diaObjects with an alert inside a sky region and a time window, each
 * with its latest such alert's diaSource row and its diaObject record (the newest part's; diaSource values win
 * where names are shared, as in Fink's pixel table). The region is a list of ranges of the sources' order-29
 * NESTED index `v:hpix29` (the map's cells degraded to order 29), so no angle is computed per row.
 */
import { listValue } from '@duckdb/node-api';
import { LSST_STORE_COLUMNS } from '../../survey/index.js';
import type { QueryFn } from '../objects.js';
import {
  columnSql,
  type LsstTable,
  objectRecordsCte,
  partRankSql,
  projectionSql,
  relationSql,
} from './tables.js';

const OBJECT_ID = 'r:diaObjectId';
const TIME = 'r:midpointMjdTai';

/** A sky region as half-open ranges [start, end) of order-29 NESTED indices, and a window (MJD TAI, inclusive). */
export interface SkyRegionQuery {
  readonly ranges29: readonly (readonly [bigint, bigint])[];
  readonly mjdMin: number;
  readonly mjdMax: number;
}

/**
 * One row per diaObject (Solar System sources without one left out) with an alert in the region and the window:
 * its latest such alert.
 *
 * @param sourceNames columns of the sources table to return.
 * @param objectNames columns of the objects table to return (none of `sourceNames`).
 * @returns rows keyed by column name, in no particular order; [] when the store or the region is empty.
 */
export async function readAlertsInSkyRegion(
  query: QueryFn,
  sources: LsstTable,
  objects: LsstTable,
  sourceNames: readonly string[],
  objectNames: readonly string[],
  region: SkyRegionQuery,
): Promise<Record<string, unknown>[]> {
  if (sources.files.length === 0 || region.ranges29.length === 0) return [];
  const oid = columnSql(sources, OBJECT_ID);
  const time = columnSql(sources, TIME);
  const hpix = columnSql(sources, LSST_STORE_COLUMNS.hpix29);
  const alert = columnSql(sources, LSST_STORE_COLUMNS.alert);
  const withObjects = objectNames.length > 0 && objects.files.length > 0;
  const objectPart = withObjects ? objectRecordsCte(objects, objectNames, 'hit') : '';
  const sql = `
    WITH ranges AS (
      SELECT unnest($1::VARCHAR[])::BIGINT AS lo, unnest($2::VARCHAR[])::BIGINT AS hi),
    timed AS (
      SELECT ${projectionSql(sources, sourceNames)}, ${oid} AS __oid, ${hpix} AS __hpix, ${time} AS __t,
        ${partRankSql(sources)} AS __rank
      FROM ${relationSql(sources)}
      WHERE ${alert} AND ${oid} <> 0 AND ${time} BETWEEN $3::DOUBLE AND $4::DOUBLE),
    hit AS (
      SELECT timed.* FROM timed JOIN ranges ON timed.__hpix >= ranges.lo AND timed.__hpix < ranges.hi
      QUALIFY row_number() OVER (PARTITION BY __oid ORDER BY __t DESC, __rank DESC) = 1)${objectPart}
    SELECT hit.* EXCLUDE (__oid, __hpix, __t, __rank)${withObjects ? ', obj.* EXCLUDE (__oid)' : ''}
    FROM hit${withObjects ? ' LEFT JOIN obj USING (__oid)' : ''}`;
  return query(sql, [
    listValue(region.ranges29.map(([lo]) => String(lo))),
    listValue(region.ranges29.map(([, hi]) => String(hi))),
    region.mjdMin,
    region.mjdMax,
  ]);
}
