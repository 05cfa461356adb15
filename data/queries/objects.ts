/**
 * Object ids and the object index in SQL: which parts hold an object (for the explorer's latest-alert search,
 * which reads only those parts). `objects` and `cutouts` read object blocks instead (serve/object-reads.ts).
 * SQL text is constant except the index path, which comes from the catalog; ids travel as parameters.
 */

import path from 'node:path';
import type { DuckDBValue } from '@duckdb/node-api';
import type { Catalog } from '../catalog.js';
import { sqlPathLiteral } from '../sql-text.js';
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
