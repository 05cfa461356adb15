/**
 * Writes one LSST part (docs/surveys.md, "The LSST store"; LSST_PART_FILES) from the LSST staging files of a
 * night, attached read-only to a publication's work database: the staged tables are read as one (several
 * ingesters' files, each alert kept once, from the first file holding it), then each part file is written by
 * DuckDB `COPY … (FORMAT parquet)`, sorted for its lookups, then its sky index and object blocks. Column names are the API names (`"r:psfFlux"`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  LSST_PART_FILES,
  LSST_SKY_INDEX_FILE,
  LSST_STORE_COLUMNS,
  type LsstPartFile,
  sqlIdentifier,
  sqlPathLiteral,
} from '../../data/index.js';
import { ALERT_ID, LSST_STAGING_TABLES } from '../stage/index.js';
import { writeLsstObjectBlocks } from './lsst-object-blocks-writer.js';
import { writeSkyIndex } from './lsst-part-merge.js';
import { MPC_ORB_JSON_COLUMN, ssoIdentitySql } from './lsst-sso-identity.js';
import { writeLsstCutouts } from './lsst-stamps.js';
import { PARQUET_COMPRESSION, ROW_GROUP_ROWS } from './part-writer.js';

/** The work relation of each staging table (`lsst_sources` → `l_sources`). */
const relationOf = (table: string): string => table.replace(/^lsst_/, 'l_');

/** Columns of the store's own in staging tables, not published. */
const INTERNAL = new Set([ALERT_ID, 'alert_mjd', 'alert_schema', 'alert_received', 'file_no']);

/**
 * Rubin's dayObs (YYYYMMDD) of an MJD (TAI) column: the date at UTC−12 h, with TAI−UTC = 37 s (since 2017).
 * MJD 0 is 1858-11-17.
 */
const dayObsSql = (mjdTai: string): string =>
  `CAST(strftime(DATE '1858-11-17' + CAST(floor(${mjdTai} - 0.5 - 37.0 / 86400) AS INTEGER), '%Y%m%d') AS INTEGER)`;

/** The columns of each work relation (staging table name → column names in order). */
export type LsstRelationColumns = ReadonlyMap<string, readonly string[]>;

/**
 * Creates the work relations `l_sources`, `l_objects`, … from the attached staging files (database names
 * `names`): every file's table read by name (files staged with different schemas have different columns), and
 * each alert's rows taken from one file only (the first holding it). Returns the columns of each relation.
 */
export async function prepareLsstRelations(
  conn: DuckDBConnection,
  names: readonly string[],
): Promise<LsstRelationColumns> {
  const unionOf = (table: string): string =>
    names.map((db, i) => `SELECT *, ${i} AS file_no FROM ${db}.${table}`).join(' UNION ALL BY NAME ');
  await conn.run(`CREATE TEMP TABLE l_winner AS
    SELECT ${ALERT_ID}, min(file_no) AS file_no FROM (${unionOf('lsst_sources')}) GROUP BY ${ALERT_ID}`);
  const columns = new Map<string, string[]>();
  for (const { name } of LSST_STAGING_TABLES) {
    await conn.run(`CREATE TEMP TABLE ${relationOf(name)} AS
      SELECT * FROM (${unionOf(name)}) SEMI JOIN l_winner USING (${ALERT_ID}, file_no)`);
    const described = await conn.runAndReadAll(`DESCRIBE ${relationOf(name)}`);
    columns.set(
      name,
      described.getRows().map(([c]) => String(c)),
    );
  }
  return columns;
}

/** The SELECT of each part file over the work relations, given their columns (null: the file is empty). */
function partQueries(columns: LsstRelationColumns): Record<Exclude<LsstPartFile, 'cutouts'>, string> {
  const has = (table: string, column: string): boolean => columns.get(table)?.includes(column) ?? false;
  const published = (table: string): string[] => (columns.get(table) ?? []).filter((c) => !INTERNAL.has(c));
  const list = (cols: readonly string[], alias = ''): string =>
    cols.map((c) => `${alias}${sqlIdentifier(c)}`).join(', ');
  const night = sqlIdentifier(LSST_STORE_COLUMNS.night);
  const alertFlag = sqlIdentifier(LSST_STORE_COLUMNS.alert);
  const notSso = `coalesce("r:diaObjectId", 0) <> 0`;
  const alerts = `SELECT ${list(published('lsst_sources'))}, true AS ${alertFlag} FROM l_sources WHERE ${notSso}`;
  // the prvDiaSources not received as alerts, each once (from the newest alert carrying it)
  const historyCols = published('lsst_history').filter((c) => c !== LSST_STORE_COLUMNS.night);
  const history = has('lsst_history', 'r:diaSourceId')
    ? `SELECT ${list(historyCols, 'h.')}, false AS ${alertFlag}, ${dayObsSql('h."r:midpointMjdTai"')} AS ${night}
       FROM l_history h JOIN (SELECT ${ALERT_ID}, "r:midpointMjdTai" AS alert_mjd FROM l_sources) a USING (${ALERT_ID})
       WHERE coalesce(h."r:diaObjectId", 0) <> 0 AND h."r:diaSourceId" NOT IN (SELECT ${ALERT_ID} FROM l_sources)
       QUALIFY row_number() OVER (PARTITION BY h."r:diaSourceId" ORDER BY a.alert_mjd DESC, h.${ALERT_ID} DESC) = 1`
    : null;
  const sources = `SELECT * FROM (${alerts}${history ? ` UNION ALL BY NAME ${history}` : ''})
                   ORDER BY "r:diaObjectId", "r:midpointMjdTai"`;
  /** An empty file with the key columns, for a table the night's writer schemas gave no column of (all-null lists). */
  const noRows = (keys: readonly string[]): string =>
    `SELECT ${keys.map((k) => `NULL::${k === 'r:midpointMjdTai' ? 'DOUBLE' : 'BIGINT'} AS ${sqlIdentifier(k)}`).join(', ')} WHERE false`;
  const objects = has('lsst_objects', 'r:diaObjectId')
    ? `SELECT ${list(published('lsst_objects'))} FROM l_objects WHERE ${notSso}
       QUALIFY row_number() OVER (PARTITION BY "r:diaObjectId" ORDER BY alert_mjd DESC, ${ALERT_ID} DESC) = 1
       ORDER BY "r:diaObjectId"`
    : noRows(['r:diaObjectId']);
  const fp = has('lsst_forced', 'r:diaForcedSourceId')
    ? `SELECT ${list(published('lsst_forced'))} FROM l_forced
       QUALIFY row_number() OVER (PARTITION BY "r:diaForcedSourceId" ORDER BY ${ALERT_ID} DESC) = 1
       ORDER BY "r:diaObjectId", "r:midpointMjdTai"`
    : noRows(['r:diaForcedSourceId', 'r:diaObjectId', 'r:midpointMjdTai']);
  // diaSource + ssSource (+ the designations it carries), a column of both taken from the diaSource
  const sourceCols = published('lsst_sources');
  const ssoCols = published('lsst_sso').filter((c) => !sourceCols.includes(c));
  const designation = has('lsst_sso', 'r:packed_primary_provisional_designation')
    ? '"r:packed_primary_provisional_designation", '
    : '';
  // + the IAU number and name from the alert's MPC orbit JSON (lsst-sso-identity.ts), nulls without it
  const orbitJson = has('lsst_orbits', MPC_ORB_JSON_COLUMN);
  const sso = `SELECT ${list(sourceCols, 's.')}${ssoCols.length > 0 ? `, ${list(ssoCols, 'o.')}` : ''},
                      ${ssoIdentitySql(orbitJson ? `m.${sqlIdentifier(MPC_ORB_JSON_COLUMN)}` : null)}
               FROM l_sources s JOIN l_sso o USING (${ALERT_ID})
               ${orbitJson ? `LEFT JOIN l_orbits m USING (${ALERT_ID})` : ''}
               ORDER BY ${designation}"r:midpointMjdTai"`;
  return { sources, objects, fp, sso };
}

/**
 * Writes the files of an LSST part into `dir`, the stamps read from the stamps files beside `files` (the staging
 * files the relations were prepared from, in order); returns the rows of each.
 */
export async function writeLsstPart(
  conn: DuckDBConnection,
  dir: string,
  columns: LsstRelationColumns,
  files: readonly string[],
): Promise<Record<LsstPartFile, number>> {
  fs.mkdirSync(dir, { recursive: true });
  const rows = {} as Record<LsstPartFile, number>;
  rows.cutouts = await writeLsstCutouts(conn, files, path.join(dir, LSST_PART_FILES.cutouts));
  for (const [file, query] of Object.entries(partQueries(columns)) as [
    Exclude<LsstPartFile, 'cutouts'>,
    string,
  ][]) {
    const target = sqlPathLiteral(path.join(dir, LSST_PART_FILES[file]));
    try {
      await conn.run(
        `COPY (${query}) TO ${target} (FORMAT parquet, ${PARQUET_COMPRESSION}, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`,
      );
      const counted = await conn.runAndReadAll(`SELECT count(*)::BIGINT FROM read_parquet(${target})`);
      rows[file] = Number(counted.getRows()[0][0]);
    } catch (err) {
      throw new Error(
        `writing ${LSST_PART_FILES[file]} of ${dir}: ${err instanceof Error ? err.message : String(err)}`,
        {
          cause: err,
        },
      );
    }
  }
  await writeSkyIndex(conn, path.join(dir, LSST_PART_FILES.sources), path.join(dir, LSST_SKY_INDEX_FILE));
  await writeLsstObjectBlocks(conn, dir);
  return rows;
}
