/**
 * The object index: one row per (objectId, part), sorted by objectId, so that a lookup reads the index and then
 * only the parts that hold the object (it never scans every night). Each row also carries where the object's
 * block is in that part's blocks file (`block_offset`, `block_length`). Rebuilt at each publication from the
 * previous index (minus the replaced parts) and the new parts' blocks locators (the `blockIndexFile` of the
 * store's survey's part layout, data/part-layout.ts); LSST ids are the diaObjectIds in decimal. A part written
 * before object blocks has no locator and no rows: the server refuses a catalog holding one until its nights are
 * republished (docs/store.md, "Older stores").
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { StoreLayout } from '../../data/index.js';
import {
  type Catalog,
  PART_LAYOUTS,
  readStoreSurvey,
  type Survey,
  sqlPathLiteral,
} from '../../data/index.js';
import { type CatalogChange, switchCatalog } from './catalog-switch.js';
import { PARQUET_COMPRESSION } from './part-writer.js';

/** Relative path of the object index of a catalog version. */
export function objectIndexPath(version: number): string {
  return path.join('index', `objects-v${String(version).padStart(10, '0')}.parquet`);
}

const partLiteral = (part: string): string => `'${part.replace(/[^A-Za-z0-9_-]/g, '')}'`;
const NO_BLOCK = 'NULL::BIGINT AS block_offset, NULL::INTEGER AS block_length';

async function hasBlockColumns(conn: DuckDBConnection, file: string): Promise<boolean> {
  const reader = await conn.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${sqlPathLiteral(file)})`);
  return reader.getRowObjectsJS().some((r) => r.column_name === 'block_offset');
}

/** The index rows of one part, from its blocks locator (none for a part written before object blocks). */
function partObjects(layout: StoreLayout, part: string, survey: Survey): string[] {
  const blocks = path.join(layout.partDir(part), PART_LAYOUTS[survey].blockIndexFile);
  if (!fs.existsSync(blocks)) return [];
  return [
    `SELECT objectId, ${partLiteral(part)} AS part, block_offset, block_length FROM read_parquet(${sqlPathLiteral(blocks)})`,
  ];
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
    const file = path.join(layout.root, previous);
    const dropped = droppedParts.map(partLiteral).join(', ') || "''";
    const blockColumns = (await hasBlockColumns(conn, file)) ? 'block_offset, block_length' : NO_BLOCK;
    sources.push(`SELECT objectId, part, ${blockColumns} FROM read_parquet(${sqlPathLiteral(file)})
                  WHERE part NOT IN (${dropped})`);
  }
  const survey = readStoreSurvey(layout) ?? 'ztf';
  for (const part of newParts) sources.push(...partObjects(layout, part, survey));
  const union =
    sources.length > 0
      ? sources.join(' UNION ')
      : `SELECT ''::VARCHAR AS objectId, ''::VARCHAR AS part, ${NO_BLOCK} LIMIT 0`;
  await conn.run(`COPY (SELECT objectId, part, block_offset, block_length FROM (${union}) ORDER BY objectId, part)
                  TO ${sqlPathLiteral(target)} (FORMAT parquet, ${PARQUET_COMPRESSION}, ROW_GROUP_SIZE 20000)`);
  return rel;
}

/**
 * Switches the store to the catalog version after `previous`: writes its object index (the previous one without
 * the rows of `droppedParts`, plus those of `newParts`; of every part when `previous` has no index), then the catalog itself with `parts`, `statistics` and
 * `stagedVersions` and `lastPublication` (the previous ones when not given; atomic, data/catalog.ts). Call under the publication lock. Returns the new version.
 */
export async function writeNextCatalog(
  conn: DuckDBConnection,
  layout: StoreLayout,
  previous: Catalog,
  change: CatalogChange & {
    readonly droppedParts: readonly string[];
    readonly newParts: readonly string[];
  },
): Promise<number> {
  fs.mkdirSync(path.join(layout.root, 'index'), { recursive: true });
  const objectIndex = await writeObjectIndex(
    conn,
    layout,
    previous.version + 1,
    previous.objectIndex,
    change.droppedParts,
    previous.objectIndex ? change.newParts : change.parts.map((p) => p.id),
  );
  return switchCatalog(layout, previous, change, objectIndex);
}
