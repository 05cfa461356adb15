/**
 * Queries behind `/api/v1/ssobulk`: which bulk tables of Solar System light curves the SSOFT job has built
 * (`ssoft/ssobulk_<YYYY.MM>.parquet`), and all the rows of one. File names come from the store layout
 * (validated version).
 */
import fs from 'node:fs';
import { sqlPathLiteral } from '../sql-text.js';
import type { StoreLayout } from '../store-layout.js';
import type { QueryFn } from './objects.js';

const SSOBULK_FILE = /^ssobulk_(\d{4}\.(?:0[1-9]|1[0-2]))\.parquet$/;

/** Versions (YYYY.MM, ascending) of the bulk table built in the store. */
export function builtSsobulkVersions(layout: StoreLayout): string[] {
  if (!fs.existsSync(layout.ssoftDir)) return [];
  return fs
    .readdirSync(layout.ssoftDir)
    .map((name) => SSOBULK_FILE.exec(name)?.[1])
    .filter((v) => v !== undefined)
    .sort();
}

/** Every row of a built bulk table, in file order (list columns as arrays, BIGINT as bigint). */
export async function readSsobulkRows(
  query: QueryFn,
  layout: StoreLayout,
  version: string,
): Promise<Record<string, unknown>[]> {
  return query(`SELECT * FROM read_parquet(${sqlPathLiteral(layout.ssobulkFile(version))})`, []);
}

/**
 * The rows of an LSST store's bulk table (data/lsst-ssobulk-columns.ts), all or those of one designation (exact).
 * @returns rows in file order (by designation), list columns as arrays.
 */
export async function readLsstSsobulkRows(
  query: QueryFn,
  layout: StoreLayout,
  version: string,
  designation: string | null,
): Promise<Record<string, unknown>[]> {
  const file = sqlPathLiteral(layout.ssobulkFile(version));
  if (designation === null) return query(`SELECT * FROM read_parquet(${file})`, []);
  return query(`SELECT * FROM read_parquet(${file}) WHERE designation = $1`, [designation]);
}
