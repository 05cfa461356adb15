/**
 * The tables of an LSST staging file (docs/surveys.md, "The LSST store"), declared as data: one table per row
 * section of LsstAlert, named apart from ZTF's (`lsst_*`), whose columns are the API names of the writer schema's
 * columns (`"r:psfFlux"`, from LsstAlert.columns) after a few fixed columns of the store's own. A later schema's
 * new columns are added to a file's tables (ALTER TABLE ADD COLUMN) before its rows are appended. The stamps are
 * appended to a file beside the staging file (as ZTF's: docs/store.md, "Two layout decisions"), `lsst_cutouts`
 * holding their offset and lengths.
 */
import type { LsstAlert, LsstRow, LsstRowTable } from '../../data/index.js';
import { DUCKDB_TYPE, LSST_STORE_COLUMNS, STAMP_REF_COLUMNS } from '../../data/index.js';

/** One column of a staging table: name and DuckDB type. */
export interface LsstStagingColumn {
  readonly name: string;
  readonly sql: string;
}

/**
 * The column of every LSST staging table naming the alert (its diaSourceId) a row came with: the key of
 * idempotent staging and of the deduplication of several ingesters' files. Not a published column.
 */
export const ALERT_ID = 'alert_id';
/** In lsst_objects: the alert's r:midpointMjdTai (MJD TAI), which orders a diaObject's records (newest wins). */
export const ALERT_MJD = 'alert_mjd';
/** In lsst_sources: the writer schema of the alert (`lsst.v10_0`) and where it was read (source position). */
export const ALERT_SCHEMA = 'alert_schema';
export const ALERT_RECEIVED = 'alert_received';

/** A staging table: its name, fixed columns, and the rows an alert gives it (with their fixed values). */
export interface LsstStagingTable {
  readonly name: string;
  /** The alert section whose writer-schema columns follow the fixed ones; null for lsst_cutouts. */
  readonly section: LsstRowTable | null;
  readonly fixed: readonly LsstStagingColumn[];
  /** The rows of one alert: each a row of the section (or {}) with the values of the fixed columns. */
  readonly rowsOf: (
    alert: LsstAlert,
    received: string,
    hpix29: (row: LsstRow) => bigint | null,
    /** Where the alert's stamps start in the stamps file beside the staging file (bytes). */
    stampOffset: number,
  ) => FixedRow[];
}

/** A row to stage: the section's row (writer-schema columns) and the fixed columns' values. */
export interface FixedRow {
  readonly row: LsstRow;
  readonly fixed: readonly (string | number | bigint | null)[];
}

const col = (name: string, sql: string): LsstStagingColumn => ({ name, sql });
const ID = col(ALERT_ID, DUCKDB_TYPE.long);
const NIGHT = col(LSST_STORE_COLUMNS.night, DUCKDB_TYPE.int);
const HPIX = col(LSST_STORE_COLUMNS.hpix29, DUCKDB_TYPE.long);
const EMPTY: LsstRow = {};

/** Rows of a section holding one row or none, with the alert id as their only fixed value. */
const single =
  (section: 'sso' | 'orbit') =>
  (a: LsstAlert): FixedRow[] => {
    const row = a[section];
    return row === null ? [] : [{ row, fixed: [a.diaSourceId] }];
  };

/** The staging tables, in creation order. */
export const LSST_STAGING_TABLES: readonly LsstStagingTable[] = [
  {
    name: 'lsst_sources',
    section: 'source',
    fixed: [ID, NIGHT, HPIX, col(ALERT_SCHEMA, 'VARCHAR'), col(ALERT_RECEIVED, 'VARCHAR')],
    rowsOf: (a, received, hpix29) => [
      { row: a.source, fixed: [a.diaSourceId, a.night, hpix29(a.source), a.schemaVersion, received] },
    ],
  },
  {
    name: 'lsst_objects',
    section: 'object',
    fixed: [ID, col(ALERT_MJD, DUCKDB_TYPE.double), NIGHT],
    rowsOf: (a) =>
      a.object === null ? [] : [{ row: a.object, fixed: [a.diaSourceId, a.midpointMjdTai, a.night] }],
  },
  {
    name: 'lsst_history',
    section: 'history',
    fixed: [ID, HPIX],
    rowsOf: (a, _received, hpix29) => a.history.map((row) => ({ row, fixed: [a.diaSourceId, hpix29(row)] })),
  },
  {
    name: 'lsst_forced',
    section: 'forced',
    fixed: [ID],
    rowsOf: (a) => a.forced.map((row) => ({ row, fixed: [a.diaSourceId] })),
  },
  { name: 'lsst_sso', section: 'sso', fixed: [ID], rowsOf: single('sso') },
  { name: 'lsst_orbits', section: 'orbit', fixed: [ID], rowsOf: single('orbit') },
  {
    name: 'lsst_cutouts',
    section: null,
    // the stamps' place in the stamps file: offset, then the science, template and difference lengths
    fixed: [
      ID,
      col('r:diaObjectId', DUCKDB_TYPE.long),
      NIGHT,
      ...STAMP_REF_COLUMNS.map((name, i) => col(name, i === 0 ? DUCKDB_TYPE.long : DUCKDB_TYPE.int)),
    ],
    rowsOf: (a, _received, _hpix29, offset) => [
      {
        row: EMPTY,
        fixed: [
          a.diaSourceId,
          a.diaObjectId,
          a.night,
          offset,
          a.stamps.science?.length ?? null,
          a.stamps.template?.length ?? null,
          a.stamps.difference?.length ?? null,
        ],
      },
    ],
  },
];

/** A writer-schema column name usable as a quoted identifier: `r:` or `f:` and an Avro field name. */
const API_NAME = /^[rf]:[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The quoted SQL identifier of a staging column. Names are the store's own or a writer schema's field names
 * with their prefix, checked here (a schema is data from outside: it never brings other text into SQL).
 * @throws Error for any other name.
 */
export function quoteColumn(name: string): string {
  const fixed = LSST_STAGING_TABLES.some((t) => t.fixed.some((c) => c.name === name));
  if (!fixed && !API_NAME.test(name)) throw new Error(`not an LSST column name: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** CREATE TABLE statement of a staging table with its fixed columns only (the schema's columns are added). */
export function createTableSql(table: LsstStagingTable): string {
  return `CREATE TABLE IF NOT EXISTS ${table.name} (${table.fixed.map((c) => `${quoteColumn(c.name)} ${c.sql}`).join(', ')})`;
}
