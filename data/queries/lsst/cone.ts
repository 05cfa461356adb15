/**
 * Query behind LSST `/api/v1/conesearch`: the diaObjects whose last alert lies in a declination band, each with
 * that alert's diaSource row, its diaObject row (the newest part's; diaSource values win where names are
 * shared, as in Fink's pixel table) and its first detection time (the earliest diaSource the store holds for it).
 * The caller keeps those within the cone; the band only narrows the rows read.
 */
import type { QueryFn } from '../objects.js';
import {
  columnSql,
  type LsstTable,
  objectRecordsCte,
  partRankSql,
  projectionSql,
  relationSql,
} from './tables.js';

/** Name of the first-detection time (MJD TAI) in the rows {@link readLastAlertsInBand} returns. */
export const FIRST_MJD_KEY = '__firstMjdTai';

const OBJECT_ID = 'r:diaObjectId';
const TIME = 'r:midpointMjdTai';
const ALERT = 'v:alert';

/** A band of declination (degrees) and a window on the first detection (MJD TAI, inclusive). */
export interface BandQuery {
  readonly decMinDeg: number;
  readonly decMaxDeg: number;
  readonly firstMjdMin: number;
  readonly firstMjdMax: number;
}

/**
 * One row per diaObject whose last alert has `r:dec` in the band and whose first detection is in the window.
 *
 * @param sourceNames columns of the sources table to return (must include `r:ra`, `r:dec`).
 * @param objectNames columns of the objects table to return (none of `sourceNames`).
 * @returns rows keyed by column name, plus {@link FIRST_MJD_KEY}; [] when the store holds no source.
 */
export async function readLastAlertsInBand(
  query: QueryFn,
  sources: LsstTable,
  objects: LsstTable,
  sourceNames: readonly string[],
  objectNames: readonly string[],
  band: BandQuery,
): Promise<Record<string, unknown>[]> {
  if (sources.files.length === 0) return [];
  const oid = columnSql(sources, OBJECT_ID);
  const time = columnSql(sources, TIME);
  const dec = columnSql(sources, 'r:dec');
  const alert = columnSql(sources, ALERT);
  const src = relationSql(sources);
  const withObjects = objectNames.length > 0 && objects.files.length > 0;
  const objectPart = withObjects ? objectRecordsCte(objects, objectNames, 'last') : '';
  const sql = `
    WITH cand AS (
      SELECT DISTINCT ${oid} AS __oid FROM ${src} WHERE ${alert} AND ${dec} BETWEEN $1::DOUBLE AND $2::DOUBLE),
    last AS (
      SELECT ${projectionSql(sources, sourceNames)}, ${oid} AS __oid, ${dec} AS __dec FROM ${src}
      WHERE ${alert} AND ${oid} IN (SELECT __oid FROM cand)
      QUALIFY row_number() OVER (PARTITION BY ${oid} ORDER BY ${time} DESC, ${partRankSql(sources)} DESC) = 1),
    first AS (
      SELECT ${oid} AS __oid, min(${time}) AS __first FROM ${src}
      WHERE ${oid} IN (SELECT __oid FROM last) GROUP BY ALL)${objectPart}
    SELECT last.* EXCLUDE (__oid, __dec)${withObjects ? ', obj.* EXCLUDE (__oid)' : ''}, first.__first AS ${FIRST_MJD_KEY}
    FROM last JOIN first USING (__oid)${withObjects ? ' LEFT JOIN obj USING (__oid)' : ''}
    WHERE last.__dec BETWEEN $1::DOUBLE AND $2::DOUBLE AND first.__first BETWEEN $3::DOUBLE AND $4::DOUBLE`;
  return query(sql, [band.decMinDeg, band.decMaxDeg, band.firstMjdMin, band.firstMjdMax]);
}
