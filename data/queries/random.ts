/**
 * Query behind `/api/v1/random` when it cannot draw from the server's in-memory object index (a class; or no index
 * loaded): a reproducible sample of distinct objects, of one class (class index) or of all (time index). Objects are ranked by the MD5 of `objectId:seed`, so the same seed on the same store draws the
 * same objects (MD5, unlike DuckDB's `hash`, does not change between DuckDB versions).
 */
import type { Catalog } from '../catalog.js';
import type { StoreLayout } from '../store-layout.js';
import { partFileList } from './alert-refs.js';
import type { LatestsClass } from './latests.js';
import type { QueryFn } from './objects.js';

const SAMPLE = {
  label: (files: string) => `
    SELECT i_objectId FROM (
      SELECT DISTINCT i_objectId FROM read_parquet(${files}) WHERE classification = $1
    ) ORDER BY md5(i_objectId || ':' || $2), i_objectId LIMIT $3::BIGINT`,
  all: (files: string) => `
    SELECT i_objectId FROM (SELECT DISTINCT i_objectId FROM read_parquet(${files}))
    ORDER BY md5(i_objectId || ':' || $1), i_objectId LIMIT $2::BIGINT`,
} as const;

/**
 * Draws up to `n` distinct objects having at least one valid alert (of the class, for a label).
 *
 * @param seed any integer; the draw is a pure function of the seed and the published alerts.
 * @returns object ids in draw order; [] at once when the class has no alert.
 */
export async function sampleObjects(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  cls: LatestsClass,
  seed: bigint,
  n: number,
): Promise<string[]> {
  if (catalog.parts.length === 0) return [];
  // the classes selected by value (TNS types, SLSN, CTA blazar states) have no class index to draw from
  if (cls.kind === 'tns' || cls.kind === 'selection') return [];
  const seedText = seed.toString();
  const rows =
    cls.kind === 'all'
      ? await query(SAMPLE.all(partFileList(layout, catalog.parts, 'time').sql), [seedText, n])
      : await query(SAMPLE.label(partFileList(layout, catalog.parts, 'classIndex').sql), [
          cls.label,
          seedText,
          n,
        ]);
  return rows.map((r) => String(r.i_objectId));
}
