/**
 * Objects whose alerts carry a name in a cross-match field: the catalogue names science modules wrote (Gaia DR3
 * `d:DR3Name` "Gaia DR3 6867221083571072000", 3HSP `d:x3hsp`, 4LAC `d:x4lac`), matched case-insensitively with
 * blanks collapsed. Behind `/api/v1/resolver` with `resolver=simbad`, answered without any upstream. A scan of
 * every part's alerts (no index holds these fields): fine for a fallback, tens of ms per million alerts.
 * SQL text is constant apart from the store-built file list; the name travels as a parameter.
 */
import type { Catalog } from '../catalog.js';
import type { StoreLayout } from '../store-layout.js';
import { partFileList } from './alert-refs.js';
import type { QueryFn } from './objects.js';

/** Storage columns holding catalogue names, and their API names. */
export const XMATCH_NAME_FIELDS = { d_DR3Name: 'd:DR3Name', d_x3hsp: 'd:x3hsp', d_x4lac: 'd:x4lac' } as const;

const folded = (column: string) => `lower(regexp_replace(trim(${column}), '\\s+', ' ', 'g'))`;

const NAMED_SQL = (files: string) => `
  SELECT i_objectId, i_candid, i_jd, i_ra, i_dec, d_cdsxmatch, d_DR3Name, d_x3hsp, d_x4lac
  FROM read_parquet(${files})
  WHERE ${Object.keys(XMATCH_NAME_FIELDS)
    .map((c) => `${folded(c)} = $1`)
    .join(' OR ')}
  QUALIFY row_number() OVER (PARTITION BY i_objectId ORDER BY i_jd DESC, i_candid DESC) = 1
  ORDER BY i_objectId LIMIT $2::BIGINT`;

/**
 * The latest alert of each object one of whose alerts carries `name` in a cross-match name field.
 * @returns rows with storage names, in objectId order, at most `limit`.
 */
export async function findObjectsByXmatchName(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  name: string,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const key = name.trim().replace(/\s+/g, ' ').toLowerCase();
  if (key === '' || catalog.parts.length === 0) return [];
  const files = partFileList(layout, catalog.parts, 'alerts');
  return query(NAMED_SQL(files.sql), [key, limit]);
}
