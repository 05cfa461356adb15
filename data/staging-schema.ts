/**
 * Tables of a night's staging DuckDB file. Constant SQL built from the column catalogue only.
 *
 * - `alerts`: one row per staged alert (unique candid): catalogue columns, the night, the HEALPix index, the
 *   classification computed at ingestion, the three original stamps, and where the alert came from.
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
];

/** Stamp columns (gzipped FITS bytes, unchanged). */
export const STAMP_COLUMNS = ['cutout_science', 'cutout_template', 'cutout_difference'] as const;

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

function alertColumnsSql(): string {
  return [
    ...ALERT_COLUMNS.map((c) => `${q(c.storage)} ${DUCKDB_TYPE[c.type]}`),
    ...EXTRA_ALERT_COLUMNS.map(([n, t]) => `${q(n)} ${t}`),
    ...STAMP_COLUMNS.map((n) => `${q(n)} BLOB`),
    `"source" VARCHAR`,
  ].join(', ');
}

/** Statements creating the staging tables (idempotent). */
export const CREATE_STAGING_SQL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS alerts (${alertColumnsSql()})`,
  `CREATE TABLE IF NOT EXISTS history (${HISTORY_COLUMNS.map(([n, t]) => `${q(n)} ${t}`).join(', ')})`,
  `CREATE TEMP TABLE IF NOT EXISTS incoming AS SELECT * FROM alerts LIMIT 0`,
  `CREATE TEMP TABLE IF NOT EXISTS incoming_history AS SELECT * FROM history LIMIT 0`,
];

/**
 * Moves the incoming batch into the night's tables, skipping candids already staged, in one transaction.
 * Returns (via the first statement's result) nothing; counts are read with COUNT_NEW_SQL before.
 */
export const MERGE_INCOMING_SQL: readonly string[] = [
  `CREATE OR REPLACE TEMP TABLE new_candids AS
     SELECT DISTINCT i.i_candid FROM incoming i
     WHERE NOT EXISTS (SELECT 1 FROM alerts a WHERE a.i_candid = i.i_candid)`,
  `INSERT INTO alerts SELECT * FROM incoming
     WHERE i_candid IN (SELECT i_candid FROM new_candids)
     QUALIFY row_number() OVER (PARTITION BY i_candid) = 1`,
  `INSERT INTO history SELECT * FROM incoming_history WHERE alert_candid IN (SELECT i_candid FROM new_candids)`,
];

export const COUNT_NEW_SQL = 'SELECT count(*)::INTEGER AS n FROM new_candids';
export const CLEAR_INCOMING_SQL: readonly string[] = ['DELETE FROM incoming', 'DELETE FROM incoming_history'];

/** Number of columns of an `alerts` row. */
export const ALERT_ROW_WIDTH = ALERT_COLUMNS.length + EXTRA_ALERT_COLUMNS.length + STAMP_COLUMNS.length + 1;
