/**
 * Loads the object index of a catalog version (ingest/publish/object-index.ts) into an ObjectLocator, for every
 * survey's reader.
 */
import path from 'node:path';
import { type Catalog, type StoreLayout, sqlPathLiteral } from '../data/index.js';
import type { DuckDbPool } from './duckdb-pool.js';
import { type ObjectLocator, ObjectLocatorBuilder } from './object-locator.js';

/**
 * The object index of `catalog` in memory (empty for a catalog without parts).
 * @throws Error when the catalog names no index, or it cannot be read, or a row has no block.
 */
export async function loadObjectLocator(
  db: DuckDbPool,
  layout: StoreLayout,
  catalog: Catalog,
): Promise<ObjectLocator> {
  const builder = new ObjectLocatorBuilder(new Set(catalog.parts.map((p) => p.id)));
  if (catalog.parts.length === 0) return builder.finish();
  if (!catalog.objectIndex) throw new Error('the catalog names no object index');
  const file = sqlPathLiteral(path.join(layout.root, catalog.objectIndex));
  await db.withConnection(async (conn) => {
    // read chunk by chunk, in the builder's order: no JS object per row (see ObjectLocatorBuilder)
    const result = await conn.stream(
      `SELECT objectId, part, block_offset, block_length FROM read_parquet(${file}) ORDER BY objectId, part`,
    );
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      const [ids, parts, offsets, lengths] = chunk.getColumns();
      for (let i = 0; i < chunk.rowCount; i++) {
        const offset = offsets[i];
        const length = lengths[i];
        if (offset === null || length === null)
          throw new Error(`no object block for ${String(ids[i])} in part ${String(parts[i])}`);
        builder.add(String(ids[i]), String(parts[i]), Number(offset), Number(length));
      }
    }
  });
  return builder.finish();
}
