/**
 * Query behind LSST `/api/v1/conesearch`: the diaObjects whose last alert lies in a declination band and in a set
 * of HEALPix ranges (`v:hpix29`, NESTED order 29), each with that alert's diaSource row, its diaObject row (the
 * newest part's; diaSource values win where names are shared, as in Fink's pixel table) and its first detection
 * time (the earliest diaSource the store holds for it). The caller keeps those within the cone; band and ranges
 * only narrow the rows read. The candidates come from the sky index of compacted parts (sorted by pixel, so only
 * the row groups of the ranges are read) and from the sources of nightly parts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { coneRanges, type PixelRange } from '../../../compute/sky/index.js';
import { sqlBigintList, sqlPathList } from '../../sql-text.js';
import { LSST_SKY_INDEX_FILE, LSST_STORE_COLUMNS } from '../../survey/index.js';
import { mergePixelRanges } from '../explorer.js';
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
  /** The cone (degrees): its pixel ranges at order 29 select the candidates. */
  readonly cone: { readonly raDeg: number; readonly decDeg: number; readonly radiusDeg: number };
  readonly decMinDeg: number;
  readonly decMaxDeg: number;
  readonly firstMjdMin: number;
  readonly firstMjdMax: number;
}

/** `v:hpix29` in one of the ranges, bounds written as constants so that parquet row groups are skipped. */
function inRangesSql(column: string, ranges: readonly PixelRange[]): string {
  if (ranges.length === 0) return 'false';
  return ranges
    .map(([start, end]) => `(${column} BETWEEN ${sqlBigintList([start])} AND ${sqlBigintList([end - 1n])})`)
    .join(' OR ');
}

/**
 * The alert rows in the ranges, as (`__oid`, `__hpix`): from the sky index of the parts that have one, from the
 * sources of the others.
 */
export function candidatePixelsSql(sources: LsstTable, ranges: readonly PixelRange[]): string {
  const hpix = `"${LSST_STORE_COLUMNS.hpix29}"`;
  const sky: string[] = [];
  const nightly: string[] = [];
  for (const file of sources.files) {
    const index = path.join(path.dirname(file), LSST_SKY_INDEX_FILE);
    if (fs.existsSync(index)) sky.push(index);
    else nightly.push(file);
  }
  const selects: string[] = [];
  if (sky.length > 0)
    selects.push(`SELECT "r:diaObjectId" AS __oid, ${hpix} AS __hpix FROM read_parquet(${sqlPathList(sky)})
                  WHERE ${inRangesSql(hpix, ranges)}`);
  if (nightly.length > 0)
    selects.push(`SELECT "r:diaObjectId" AS __oid, ${hpix} AS __hpix
                  FROM read_parquet(${sqlPathList(nightly)}, union_by_name = true)
                  WHERE "${LSST_STORE_COLUMNS.alert}" AND ${inRangesSql(hpix, ranges)}`);
  return selects.join(' UNION ALL ');
}

/** The diaObjects with an alert in the ranges (see {@link candidatePixelsSql}). */
function candidatesSql(sources: LsstTable, ranges: readonly PixelRange[]): string {
  return `SELECT DISTINCT __oid FROM (${candidatePixelsSql(sources, ranges)})`;
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
  const { raDeg, decDeg, radiusDeg } = band.cone;
  const ranges = mergePixelRanges(coneRanges('auto', raDeg, decDeg, radiusDeg));
  const withObjects = objectNames.length > 0 && objects.files.length > 0;
  const objectPart = withObjects ? objectRecordsCte(objects, objectNames, 'last') : '';
  const sql = `
    WITH cand AS (${candidatesSql(sources, ranges)}),
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
