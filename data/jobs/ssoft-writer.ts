/**
 * Writes one SSOFT table: rows appended as they are computed to a typed DuckDB table (columns of
 * data/ssoft-columns.ts, in order), then `COPY ... TO` a temporary file beside the target, sorted by sso_number
 * then sso_name (then the survey's identifier) in row groups of SSOFT_ROW_GROUP_SIZE rows (so a one-object request reads one group), fsynced and renamed over the
 * target: readers see the old table or the new one, never half of one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { sqlPathLiteral } from '../sql-text.js';
import { type SsoftColumn, type SsoftFlavor, ssoftColumns } from '../ssoft-columns.js';
import type { StoreLayout } from '../store-layout.js';
import type { Survey } from '../survey/index.js';

/** A row of the table: column name → value; missing, null and non-finite numbers are written as null. */
export type SsoftRow = Readonly<Record<string, number | string | null>>;

/**
 * Rows per parquet row group: a lookup by number reads one group. Measured on a 100,000-row table, one-object
 * lookups took p50 31 ms with 512-row groups, 28 ms with 2,048, 17 ms with 8,192 and 16 ms with 16,384: each query
 * visits the statistics of every group, which costs more than decoding a larger one.
 */
export const SSOFT_ROW_GROUP_SIZE = 16_384;

/** DuckDB type of each SSOFT column type. */
export const SQL_TYPES = { str: 'VARCHAR', int: 'BIGINT', double: 'DOUBLE' } as const;

/** Appends one SSOFT cell: null for missing values and non-finite numbers. */
export function appendCell(
  appender: DuckDBAppender,
  column: SsoftColumn,
  value: number | string | null | undefined,
): void {
  if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) {
    appender.appendNull();
  } else if (column.type === 'str') appender.appendVarchar(String(value));
  else if (column.type === 'int') appender.appendBigInt(BigInt(Math.round(Number(value))));
  else appender.appendDouble(Number(value));
}

/** The table of one flavour being written. */
export class SsoftTableWriter {
  private rows = 0;

  private constructor(
    private readonly conn: DuckDBConnection,
    readonly flavor: SsoftFlavor,
    private readonly columns: readonly SsoftColumn[],
    private readonly table: string,
    private readonly appender: DuckDBAppender,
  ) {}

  /** Starts a table in a temporary DuckDB table of `conn`, with the columns of the store's survey (default ZTF). */
  static async open(
    conn: DuckDBConnection,
    flavor: SsoftFlavor,
    survey: Survey = 'ztf',
  ): Promise<SsoftTableWriter> {
    const table = `ssoft_${flavor.toLowerCase()}`;
    const columns = ssoftColumns(flavor, survey);
    const sqlColumns = columns.map((c) => `"${c.name}" ${SQL_TYPES[c.type]}`);
    await conn.run(`CREATE OR REPLACE TEMP TABLE ${table} (${sqlColumns.join(', ')})`);
    return new SsoftTableWriter(conn, flavor, columns, table, await conn.createAppender(table));
  }

  /** Rows appended so far. */
  get count(): number {
    return this.rows;
  }

  append(row: SsoftRow): void {
    for (const column of this.columns) appendCell(this.appender, column, row[column.name]);
    this.appender.endRow();
    this.rows++;
  }

  /**
   * Writes the table as the flavour's file of `version`, replacing any table of that flavour and version.
   * @returns the path written.
   */
  async finish(layout: StoreLayout, version: string): Promise<string> {
    this.appender.closeSync();
    const target = layout.ssoftFile(this.flavor, version);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const tmp = `${target}.tmp-${process.pid}`;
    // the survey's identifier (ssnamenr, designation) is the table's first column
    const id = this.columns[0].name;
    await this.conn.run(
      `COPY (SELECT * FROM ${this.table} ORDER BY sso_number NULLS LAST, sso_name NULLS LAST, "${id}")
       TO ${sqlPathLiteral(tmp)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${SSOFT_ROW_GROUP_SIZE})`,
    );
    const fd = fs.openSync(tmp, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, target);
    await this.conn.run(`DROP TABLE ${this.table}`);
    return target;
  }
}
