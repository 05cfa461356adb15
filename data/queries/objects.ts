/**
 * Queries behind `/api/v1/objects`: the object index names the parts holding an object; only those parts'
 * alerts (and upper limits) are read. SQL text is constant except the part file lists, which come from the
 * catalog (store-built paths); ids travel as parameters.
 */

import path from 'node:path';
import type { DuckDBValue } from '@duckdb/node-api';
import { expandStoredRows, FULL_ROW_SELECT } from '../alert-row-codec.js';
import { type Catalog, partFilePath } from '../catalog.js';
import { sqlPathList, sqlPathLiteral } from '../sql-text.js';
import type { StoreLayout } from '../store-layout.js';

/** Runs SQL with parameters; implemented by the server's store reader. */
export type QueryFn = (sql: string, params: DuckDBValue[]) => Promise<Record<string, unknown>[]>;

/** Full ZTF object ids are matched exactly; shorter ids are prefixes (as the reference's row-key scans). */
export const ZTF_OBJECT_ID = /^ZTF\d{2}[a-z]{7}$/;

/** Parts that hold objects matching `id` (exact or prefix). */
export async function partsOfObject(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  id: string,
): Promise<string[]> {
  if (!catalog.objectIndex) return [];
  const index = sqlPathLiteral(path.join(layout.root, catalog.objectIndex));
  const exact = ZTF_OBJECT_ID.test(id);
  const rows = exact
    ? await query(`SELECT DISTINCT part FROM read_parquet(${index}) WHERE objectId = $1`, [id])
    : await query(
        `SELECT DISTINCT part FROM read_parquet(${index}) WHERE objectId >= $1 AND objectId < $2 AND starts_with(objectId, $1)`,
        [id, `${id}\u{10FFFF}`],
      );
  const known = new Set(catalog.parts.map((p) => p.id));
  return rows.map((r) => String(r.part)).filter((p) => known.has(p));
}

function idFilter(column: string, id: string): { where: string; params: DuckDBValue[] } {
  return ZTF_OBJECT_ID.test(id)
    ? { where: `${column} = $1`, params: [id] }
    : {
        where: `${column} >= $1 AND ${column} < $2 AND starts_with(${column}, $1)`,
        params: [id, `${id}\u{10FFFF}`],
      };
}

/** Valid alerts of the objects matching `id`, all stored columns, most recent first. */
export async function readObjectAlerts(
  query: QueryFn,
  layout: StoreLayout,
  parts: readonly string[],
  id: string,
): Promise<Record<string, unknown>[]> {
  if (parts.length === 0) return [];
  const files = sqlPathList(parts.map((p) => partFilePath(layout, p, 'alerts')));
  const { where, params } = idFilter('i_objectId', id);
  const rows = await query(
    `SELECT ${FULL_ROW_SELECT} FROM read_parquet(${files}, union_by_name = true) WHERE ${where} ORDER BY i_jd DESC`,
    params,
  );
  return expandStoredRows(rows);
}

/** Upper limits and bad-quality points of the objects matching `id`, deduplicated across parts. */
export async function readObjectUpperlim(
  query: QueryFn,
  layout: StoreLayout,
  parts: readonly string[],
  id: string,
): Promise<Record<string, unknown>[]> {
  if (parts.length === 0) return [];
  const files = sqlPathList(parts.map((p) => partFilePath(layout, p, 'upperlim')));
  const { where, params } = idFilter('objectId', id);
  return query(
    `SELECT * EXCLUDE (night) FROM read_parquet(${files}, union_by_name = true) WHERE ${where}
     QUALIFY row_number() OVER (PARTITION BY objectId, jd, fid ORDER BY tag DESC) = 1
     ORDER BY jd DESC`,
    params,
  );
}
