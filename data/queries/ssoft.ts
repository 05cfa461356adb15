/**
 * Queries behind `/api/v1/ssoft`: which SSOFT tables are built, and the rows of one object. Tables are written
 * sorted by `sso_number` (then `sso_name`) in row groups of 16,384 rows, so a lookup by number reads one row group and a
 * lookup by name reads only the name column and the matching group. File names come from the store layout
 * (validated flavour and version); values travel as parameters.
 */
import fs from 'node:fs';
import { sqlPathLiteral } from '../sql-text.js';
import { SSOFT_FLAVORS, type SsoftFlavor } from '../ssoft-columns.js';
import type { StoreLayout } from '../store-layout.js';
import type { QueryFn } from './objects.js';

const SSOFT_FILE = new RegExp(`^ssoft_(${SSOFT_FLAVORS.join('|')})_(\\d{4}\\.(?:0[1-9]|1[0-2]))\\.parquet$`);

/** Versions (YYYY.MM, ascending) built for each flavour. */
export function builtSsoftVersions(layout: StoreLayout): Record<SsoftFlavor, string[]> {
  const out = Object.fromEntries(SSOFT_FLAVORS.map((f) => [f, [] as string[]])) as Record<
    SsoftFlavor,
    string[]
  >;
  if (!fs.existsSync(layout.ssoftDir)) return out;
  for (const name of fs.readdirSync(layout.ssoftDir)) {
    const m = SSOFT_FILE.exec(name);
    if (m) out[m[1] as SsoftFlavor].push(m[2]);
  }
  for (const f of SSOFT_FLAVORS) out[f].sort();
  return out;
}

/** A filter on one object: by IAU number or by name (exact). */
export type SsoftFilter = { readonly sso_number: number } | { readonly sso_name: string } | null;

/**
 * Rows of a built table, all or those of one object.
 * @param nameOrDesignation match `sso_name` on the `designation` column too (an LSST store's table).
 * @returns rows keyed by column name (BIGINT as bigint), sorted as the file.
 */
export async function readSsoftRows(
  query: QueryFn,
  layout: StoreLayout,
  flavor: SsoftFlavor,
  version: string,
  filter: SsoftFilter,
  nameOrDesignation = false,
): Promise<Record<string, unknown>[]> {
  const file = sqlPathLiteral(layout.ssoftFile(flavor, version));
  if (filter === null) return query(`SELECT * FROM read_parquet(${file})`, []);
  if ('sso_number' in filter)
    return query(`SELECT * FROM read_parquet(${file}) WHERE sso_number = $1`, [filter.sso_number]);
  if (nameOrDesignation)
    return query(`SELECT * FROM read_parquet(${file}) WHERE sso_name = $1 OR designation = $1`, [
      filter.sso_name,
    ]);
  return query(`SELECT * FROM read_parquet(${file}) WHERE sso_name = $1`, [filter.sso_name]);
}
