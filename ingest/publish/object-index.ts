/**
 * The object index: one row per (objectId, part), sorted by objectId, so that a lookup reads the index and then
 * only the parts that hold the object (it never scans every night). Rebuilt at each publication from the
 * previous index (minus the replaced parts) and the new parts' objects.
 */
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { partFilePath } from '../../data/catalog.js';
import { sqlPathList, sqlPathLiteral } from '../../data/sql-text.js';
import type { StoreLayout } from '../../data/store-layout.js';

/** Relative path of the object index of a catalog version. */
export function objectIndexPath(version: number): string {
  return path.join('index', `objects-v${String(version).padStart(10, '0')}.parquet`);
}

/**
 * Writes the object index of `version`: the rows of `previous` (relative path or null) whose part is kept,
 * plus the objects of `newParts`.
 */
export async function writeObjectIndex(
  conn: DuckDBConnection,
  layout: StoreLayout,
  version: number,
  previous: string | null,
  droppedParts: readonly string[],
  newParts: readonly string[],
): Promise<string> {
  const rel = objectIndexPath(version);
  const target = path.join(layout.root, rel);
  const sources: string[] = [];
  if (previous) {
    const dropped = droppedParts.map((p) => `'${p.replace(/[^A-Za-z0-9_-]/g, '')}'`).join(', ') || "''";
    sources.push(`SELECT objectId, part FROM read_parquet(${sqlPathLiteral(path.join(layout.root, previous))})
                  WHERE part NOT IN (${dropped})`);
  }
  for (const part of newParts) {
    const id = `'${part.replace(/[^A-Za-z0-9_-]/g, '')}'`;
    const alerts = sqlPathList([partFilePath(layout, part, 'alerts')]);
    const upper = sqlPathList([partFilePath(layout, part, 'upperlim')]);
    sources.push(`SELECT DISTINCT i_objectId AS objectId, ${id} AS part FROM read_parquet(${alerts})`);
    sources.push(`SELECT DISTINCT objectId, ${id} AS part FROM read_parquet(${upper})`);
  }
  const union =
    sources.length > 0
      ? sources.join(' UNION ')
      : "SELECT ''::VARCHAR AS objectId, ''::VARCHAR AS part LIMIT 0";
  await conn.run(`COPY (SELECT DISTINCT objectId, part FROM (${union}) ORDER BY objectId, part)
                  TO ${sqlPathLiteral(target)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 20000)`);
  return rel;
}
