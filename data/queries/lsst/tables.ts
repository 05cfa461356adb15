/**
 * An LSST store's tables as SQL sees them (docs/surveys.md, "The LSST store"): each table is the union of its
 * files in the published parts, read by name (parts of different Rubin schema versions hold different columns).
 * Column identifiers come only from the table's own column list, read from the files' schema; file paths only
 * from the catalog. Request values travel as parameters.
 */

import { sqlPathList } from '../../sql-text.js';
import type { LsstPartFile } from '../../survey/index.js';

/** One stored column: its API name (`r:psfFlux`) and DuckDB type (`DOUBLE`). */
export interface LsstStoredColumn {
  readonly name: string;
  readonly sqlType: string;
}

/** One table of the published catalog version: its files, oldest part first, and their columns (union). */
export interface LsstTable {
  readonly files: readonly string[];
  readonly columns: readonly LsstStoredColumn[];
}

/** Every table of an LSST store (empty tables have no file). */
export type LsstTables = Readonly<Record<LsstPartFile, LsstTable>>;

const SAFE_NAME = /^[^"\p{Cc}]{1,200}$/u;

/**
 * A column of `table` as a quoted SQL identifier.
 *
 * @throws Error when `name` is not a column of the table or could end the identifier (a programming error: names
 *   reach here only from the table's own column list).
 */
export function columnSql(table: LsstTable, name: string): string {
  if (!SAFE_NAME.test(name) || !table.columns.some((c) => c.name === name))
    throw new Error(`not a stored column of this LSST table: ${JSON.stringify(name).slice(0, 80)}`);
  return `"${name}"`;
}

/** A projection of `names` (every stored column when null), each a column of the table. */
export function projectionSql(table: LsstTable, names: readonly string[] | null): string {
  return (names ?? table.columns.map((c) => c.name)).map((n) => columnSql(table, n)).join(', ');
}

/** The table's files as one relation, columns matched by name, with `filename`. */
export function relationSql(table: LsstTable): string {
  return `read_parquet(${sqlPathList(table.files)}, union_by_name = true, filename = true)`;
}

/** Rank of a row's part (1 = oldest): newer parts win where a table keeps one row per key. */
export function partRankSql(table: LsstTable): string {
  return `list_position(${sqlPathList(table.files)}, filename)`;
}

/** True when the table holds column `name`. */
export function hasColumn(table: LsstTable, name: string): boolean {
  return table.columns.some((c) => c.name === name);
}

/**
 * A CTE `obj` of the diaObject records (the newest part's row of each) of the ids in column `__oid` of CTE
 * `from`: `objectNames` and `__oid`. Starts with a comma, to follow other CTEs.
 */
export function objectRecordsCte(objects: LsstTable, objectNames: readonly string[], from: string): string {
  const oid = columnSql(objects, 'r:diaObjectId');
  return `, obj AS (
        SELECT ${projectionSql(objects, objectNames)}, ${oid} AS __oid
        FROM ${relationSql(objects)} WHERE ${oid} IN (SELECT __oid FROM ${from})
        QUALIFY row_number() OVER (PARTITION BY ${oid} ORDER BY ${partRankSql(objects)} DESC) = 1)`;
}
