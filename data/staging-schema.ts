/**
 * Tables of a night's staging DuckDB file. Constant SQL built from the column catalogue only.
 *
 * - `alerts`: one row per staged alert (unique candid): catalogue columns, the night, the HEALPix index, the
 *   classification computed at ingestion, where its stamps are in the stamps file, and where the alert came from.
 * - `history`: `prv_candidates` entries that are not valid alerts themselves: non-detections (upper limits) and
 *   detections failing the quality cut, keyed by the alert that carried them.
 */
import { DUCKDB_TYPE } from './column-types.js';
import { ALERT_COLUMNS } from './columns.js';

/** Columns the store adds to the catalogue columns of every alert row. */
export const EXTRA_ALERT_COLUMNS: readonly (readonly [name: string, sqlType: string])[] = [
  ['night', 'INTEGER'],
  ['hpix29', 'BIGINT'],
  ['classification', 'VARCHAR'],
  // the row document (data/alert-row-codec.ts)
  ['row_avro', 'BLOB'],
];

/** Stamp columns of the published cutouts files (gzipped FITS bytes, unchanged). */
export const STAMP_COLUMNS = ['cutout_science', 'cutout_template', 'cutout_difference'] as const;

/**
 * Staging keeps the stamps out of DuckDB (its blob writes are ~10x slower than a plain append): they are appended
 * to `<ingester>.stamps` beside the staging file, and each row records where (offset of the science stamp, then
 * the three lengths; the template and difference stamps follow it; a null length is a missing stamp).
 */
export const STAMP_REF_COLUMNS = [
  'stamp_offset',
  'stamp_science_len',
  'stamp_template_len',
  'stamp_difference_len',
] as const;

/** Columns of a history row, in order. */
export const HISTORY_COLUMNS: readonly (readonly [name: string, sqlType: string])[] = [
  ['alert_candid', 'BIGINT'],
  ['objectId', 'VARCHAR'],
  ['jd', 'DOUBLE'],
  ['fid', 'INTEGER'],
  ['magpsf', 'FLOAT'],
  ['sigmapsf', 'FLOAT'],
  ['diffmaglim', 'FLOAT'],
  ['magnr', 'FLOAT'],
  ['sigmagnr', 'FLOAT'],
  ['isdiffpos', 'VARCHAR'],
  ['distnr', 'FLOAT'],
  ['rb', 'FLOAT'],
  ['nbad', 'INTEGER'],
  ['candid', 'BIGINT'],
];

const q = (name: string): string => `"${name}"`;

/** Columns of the staging `alerts` table, in order: catalogue columns, extra columns, stamp references, source. */
export const STAGING_ALERT_COLUMNS: readonly (readonly [name: string, sqlType: string])[] = [
  ...ALERT_COLUMNS.map((c) => [c.storage, DUCKDB_TYPE[c.type]] as const),
  ...EXTRA_ALERT_COLUMNS,
  ['stamp_offset', 'BIGINT'],
  ...STAMP_REF_COLUMNS.slice(1).map((n) => [n, 'INTEGER'] as const),
  ['source', 'VARCHAR'],
];

const columnsSql = (columns: readonly (readonly [string, string])[]): string =>
  columns.map(([n, t]) => `${q(n)} ${t}`).join(', ');

/** Statements creating the staging tables (idempotent). */
export const CREATE_STAGING_SQL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS alerts (${columnsSql(STAGING_ALERT_COLUMNS)})`,
  `CREATE TABLE IF NOT EXISTS history (${columnsSql(HISTORY_COLUMNS)})`,
];

/**
 * Statements creating the tables of a month's shared staging file (idempotent): those of a night's file, the
 * history rows ending with their night (the alerts rows have theirs).
 */
export const CREATE_SHARED_STAGING_SQL: readonly string[] = [
  CREATE_STAGING_SQL[0],
  `CREATE TABLE IF NOT EXISTS history (${columnsSql([...HISTORY_COLUMNS, ['night', 'INTEGER']])})`,
];

/** Names of the columns of the staging `alerts` table of the current database (one row per column, `name`). */
export const STAGING_ALERT_COLUMN_NAMES_SQL = "SELECT name FROM pragma_table_info('alerts')";

/**
 * SELECT list reading an `alerts` table written with an earlier catalogue as the current one: the current
 * columns in order, a typed NULL for each one the table lacks (the later Fink fields, data/fink-later-fields.ts).
 *
 * @param present the columns the table has ({@link STAGING_ALERT_COLUMN_NAMES_SQL}).
 * @param from the relation prefix of the columns (`s0.alerts.`), or '' for none.
 */
export function stagingAlertsSelectList(present: ReadonlySet<string>, from = ''): string {
  return STAGING_ALERT_COLUMNS.map(([n, t]) =>
    present.has(n) ? `${from}${q(n)}` : `NULL::${t} AS ${q(n)}`,
  ).join(', ');
}

/**
 * Statements that rewrite a staging `alerts` table lacking current columns into the current shape, in one
 * transaction (the caller's); none when it has them all.
 */
export function migrateStagingAlertsSql(present: ReadonlySet<string>): string[] {
  if (STAGING_ALERT_COLUMNS.every(([n]) => present.has(n))) return [];
  return [
    `CREATE TABLE alerts_migrated AS SELECT ${stagingAlertsSelectList(present)} FROM alerts`,
    'DROP TABLE alerts',
    'ALTER TABLE alerts_migrated RENAME TO alerts',
  ];
}
