/**
 * Writes the monthly bulk table of Solar System light curves (`ssoft/ssobulk_<YYYY.MM>.parquet`, served whole by
 * `/api/v1/ssobulk`): one row per object of the sHG1G2 SSOFT, with its detections and their ephemerides as list
 * columns, every sHG1G2 SSOFT column and the residuals of the detections against that fit. Rows are appended as
 * the SSOFT job computes them (the same detections, ephemerides and fits as the SSOFT), then the table is copied
 * to a temporary file beside the target, fsynced and renamed over it: readers see the old table or the new one.
 * Reference: fink-broker `bin/ztf/extract_ssobulk.py` (the table Fink serves); docs/api.md#ssobulk.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  DOUBLE,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBListType,
  FLOAT,
  INTEGER,
  LIST,
} from '@duckdb/node-api';
import type { SsobulkRow } from '../../compute/sso/index.js';
import { sqlPathLiteral } from '../sql-text.js';
import { type SsoftColumn, ssoftColumns } from '../ssoft-columns.js';
import type { StoreLayout } from '../store-layout.js';
import { appendCell, SQL_TYPES } from './ssoft-writer.js';

type ArrayColumn = Exclude<keyof SsobulkRow, 'ssnamenr' | 'ssoft'>;

/**
 * The light curve list columns, in table order, with their types: the names and types of the reference's
 * aggregated table (fink-science `sso_ztf_lc_aggregated_202504_three_obj.parquet`), without its `Elong`.
 */
export const SSOBULK_LIGHTCURVE_COLUMNS: readonly (readonly [ArrayColumn, DuckDBListType, string])[] = [
  ['cra', LIST(DOUBLE), 'DOUBLE[]'],
  ['cdec', LIST(DOUBLE), 'DOUBLE[]'],
  ['cmagpsf', LIST(FLOAT), 'FLOAT[]'],
  ['csigmapsf', LIST(FLOAT), 'FLOAT[]'],
  ['cfid', LIST(INTEGER), 'INTEGER[]'],
  ['cjd', LIST(DOUBLE), 'DOUBLE[]'],
  ['Dobs', LIST(FLOAT), 'FLOAT[]'],
  ['Dhelio', LIST(FLOAT), 'FLOAT[]'],
  ['Phase', LIST(FLOAT), 'FLOAT[]'],
  ['RA', LIST(FLOAT), 'FLOAT[]'],
  ['DEC', LIST(FLOAT), 'FLOAT[]'],
];

const RESIDUALS: ArrayColumn = 'residuals_shg1g2';

/** The sHG1G2 SSOFT columns the table carries after the light curve (`ssnamenr` comes first). */
function ssoftPart(): readonly SsoftColumn[] {
  return ssoftColumns('SHG1G2').filter((c) => c.name !== 'ssnamenr');
}

/** Every column name of the table, in order. */
export function ssobulkColumnNames(): string[] {
  return [
    'ssnamenr',
    ...SSOBULK_LIGHTCURVE_COLUMNS.map(([n]) => n),
    ...ssoftPart().map((c) => c.name),
    RESIDUALS,
  ];
}

/** The bulk table being written. */
export class SsobulkTableWriter {
  private rows = 0;
  private static readonly TABLE = 'ssobulk_rows';

  private constructor(
    private readonly conn: DuckDBConnection,
    private readonly appender: DuckDBAppender,
  ) {}

  /** Starts the table in a temporary DuckDB table of `conn`. */
  static async open(conn: DuckDBConnection): Promise<SsobulkTableWriter> {
    const columns = [
      '"ssnamenr" VARCHAR',
      ...SSOBULK_LIGHTCURVE_COLUMNS.map(([name, , sql]) => `"${name}" ${sql}`),
      ...ssoftPart().map((c) => `"${c.name}" ${SQL_TYPES[c.type]}`),
      `"${RESIDUALS}" FLOAT[]`,
    ];
    await conn.run(`CREATE OR REPLACE TEMP TABLE ${SsobulkTableWriter.TABLE} (${columns.join(', ')})`);
    return new SsobulkTableWriter(conn, await conn.createAppender(SsobulkTableWriter.TABLE));
  }

  /** Rows appended so far. */
  get count(): number {
    return this.rows;
  }

  append(row: SsobulkRow): void {
    this.appender.appendVarchar(row.ssnamenr);
    for (const [name, type] of SSOBULK_LIGHTCURVE_COLUMNS) this.appender.appendList([...row[name]], type);
    for (const column of ssoftPart()) appendCell(this.appender, column, row.ssoft[column.name]);
    this.appender.appendList([...row[RESIDUALS]], LIST(FLOAT));
    this.appender.endRow();
    this.rows++;
  }

  /**
   * Writes the table as the bulk file of `version`, replacing any of that version; rows sorted as the SSOFT
   * (number, then name, then ssnamenr).
   * @returns the path written.
   */
  async finish(layout: StoreLayout, version: string): Promise<string> {
    this.appender.closeSync();
    const target = layout.ssobulkFile(version);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const tmp = `${target}.tmp-${process.pid}`;
    await this.conn.run(
      `COPY (SELECT * FROM ${SsobulkTableWriter.TABLE}
             ORDER BY sso_number NULLS LAST, sso_name NULLS LAST, ssnamenr)
       TO ${sqlPathLiteral(tmp)} (FORMAT parquet, COMPRESSION zstd)`,
    );
    const fd = fs.openSync(tmp, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, target);
    await this.conn.run(`DROP TABLE ${SsobulkTableWriter.TABLE}`);
    return target;
  }
}
