/**
 * Merges LSST parts into one (compaction, docs/surveys.md "The LSST store"): each table of the parts is read as
 * one relation, each key kept once with the rule the readers apply across parts (data/queries/lsst: a diaSource
 * received as an alert wins over a history row, then the newest night), and written sorted for its lookups —
 * sources, objects and forced photometry by `r:diaObjectId` (then time), so that row-group statistics find one
 * object's rows, plus its object blocks (lsst-object-blocks-writer.ts) and a sky index (`v:hpix29`, `r:diaObjectId` of every alert row, sorted by pixel) for cones.
 * Every row carries the night of the nightly part it was published in (`v:publishedNight`), so that a merged
 * part can be rewritten without a night that is published again. Cutouts are not rewritten: the merged part
 * refers to the nightly parts' `cutouts.parquet` (its `cutouts` entries), as ZTF parts do.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  LSST_PART_FILES,
  LSST_SKY_INDEX_FILE,
  LSST_STORE_COLUMNS,
  type LsstPartFile,
  type PartEntry,
  type StoreLayout,
  sqlIdentifier,
  sqlPathLiteral,
} from '../../data/index.js';
import { writeLsstObjectBlocks } from './lsst-object-blocks-writer.js';
import { buildMergedPart } from './part-rewrite.js';
import { PARQUET_COMPRESSION } from './part-writer.js';

type MergedTable = Exclude<LsstPartFile, 'cutouts'>;

const PUBLISHED_NIGHT = sqlIdentifier(LSST_STORE_COLUMNS.publishedNight);
const ALERT = sqlIdentifier(LSST_STORE_COLUMNS.alert);

/** Per table: the key a row is unique on, and the order of the merged file. */
const MERGE_RULES: Record<MergedTable, { readonly key: string; readonly order: readonly string[] }> = {
  sources: { key: 'r:diaSourceId', order: ['r:diaObjectId', 'r:midpointMjdTai', 'r:diaSourceId'] },
  objects: { key: 'r:diaObjectId', order: ['r:diaObjectId'] },
  fp: { key: 'r:diaForcedSourceId', order: ['r:diaObjectId', 'r:midpointMjdTai', 'r:diaForcedSourceId'] },
  sso: {
    key: 'r:diaSourceId',
    order: ['r:packed_primary_provisional_designation', 'r:midpointMjdTai', 'r:diaSourceId'],
  },
};

/**
 * Rows of a row group of the merged tables (DuckDB's smallest): a lookup by diaObjectId decodes one or two row
 * groups of every column, so smaller groups cost less per lookup (Rubin's diaSource has ~100 columns).
 */
export const LSST_MERGED_ROW_GROUP_ROWS = 2_048;
/** Rows of a row group of the sky index (two BIGINT columns): a 1° cone reads a few of them. */
export const LSST_SKY_ROW_GROUP_ROWS = 8_192;

async function columnsOf(conn: DuckDBConnection, relation: string): Promise<string[]> {
  const described = await conn.runAndReadAll(`DESCRIBE SELECT * FROM ${relation}`);
  return described.getRows().map(([c]) => String(c));
}

/**
 * One table of `parts` as a relation with `v:publishedNight` (a nightly part's night, or the column a merged
 * part already holds), without the rows of `withoutNights`; null when no part has the file.
 */
function tableRelation(
  layout: StoreLayout,
  parts: readonly PartEntry[],
  table: MergedTable,
  withoutNights: readonly number[],
): string | null {
  const selects: string[] = [];
  for (const part of parts) {
    const file = path.join(layout.partDir(part.id), LSST_PART_FILES[table]);
    if (!fs.existsSync(file)) continue;
    const read = `read_parquet(${sqlPathLiteral(file)})`;
    selects.push(
      part.nights.length === 1
        ? `SELECT *, ${Number(part.nights[0])}::INTEGER AS ${PUBLISHED_NIGHT} FROM ${read}`
        : `SELECT * FROM ${read}`,
    );
  }
  if (selects.length === 0) return null;
  const without =
    withoutNights.length === 0
      ? ''
      : `WHERE ${PUBLISHED_NIGHT} NOT IN (${withoutNights.map(Number).join(', ')})`;
  return `(SELECT * FROM (${selects.join(' UNION ALL BY NAME ')}) ${without})`;
}

/** Writes one merged table; returns its rows. */
async function writeMergedTable(
  conn: DuckDBConnection,
  relation: string,
  table: MergedTable,
  target: string,
): Promise<number> {
  const columns = await columnsOf(conn, relation);
  const { key, order } = MERGE_RULES[table];
  const alertFirst = columns.includes(LSST_STORE_COLUMNS.alert) ? `${ALERT} DESC NULLS LAST, ` : '';
  const orderBy = order.filter((c) => columns.includes(c)).map(sqlIdentifier);
  await conn.run(`COPY (
      SELECT * FROM ${relation}
      QUALIFY row_number() OVER (PARTITION BY ${sqlIdentifier(key)} ORDER BY ${alertFirst}${PUBLISHED_NIGHT} DESC) = 1
      ${orderBy.length > 0 ? `ORDER BY ${orderBy.join(', ')}` : ''})
    TO ${sqlPathLiteral(target)} (FORMAT parquet, ${PARQUET_COMPRESSION}, ROW_GROUP_SIZE ${LSST_MERGED_ROW_GROUP_ROWS})`);
  const counted = await conn.runAndReadAll(
    `SELECT count(*)::BIGINT FROM read_parquet(${sqlPathLiteral(target)})`,
  );
  return Number(counted.getRows()[0][0]);
}

/** Writes the sky index of a merged part from its sources file: (v:hpix29, r:diaObjectId) of every alert row. */
export async function writeSkyIndex(conn: DuckDBConnection, sources: string, target: string): Promise<void> {
  const hpix = sqlIdentifier(LSST_STORE_COLUMNS.hpix29);
  await conn.run(`COPY (
      SELECT ${hpix}, "r:diaObjectId" FROM read_parquet(${sqlPathLiteral(sources)})
      WHERE ${ALERT} AND ${hpix} IS NOT NULL ORDER BY ${hpix}, "r:diaObjectId")
    TO ${sqlPathLiteral(target)} (FORMAT parquet, ${PARQUET_COMPRESSION}, ROW_GROUP_SIZE ${LSST_SKY_ROW_GROUP_ROWS})`);
}

/** Alerts of a merged part: its sources received as alerts, and its Solar System detections of no diaObject. */
async function countAlerts(conn: DuckDBConnection, dir: string): Promise<number> {
  const counts: string[] = [];
  const sources = path.join(dir, LSST_PART_FILES.sources);
  const sso = path.join(dir, LSST_PART_FILES.sso);
  if (fs.existsSync(sources))
    counts.push(`SELECT count(*) AS n FROM read_parquet(${sqlPathLiteral(sources)}) WHERE ${ALERT}`);
  if (fs.existsSync(sso))
    counts.push(
      `SELECT count(*) AS n FROM read_parquet(${sqlPathLiteral(sso)}) WHERE coalesce("r:diaObjectId", 0) = 0`,
    );
  if (counts.length === 0) return 0;
  const reader = await conn.runAndReadAll(`SELECT sum(n)::BIGINT FROM (${counts.join(' UNION ALL ')})`);
  return Number(reader.getRows()[0][0]);
}

/**
 * Merges LSST `parts` into one new part without the rows of `withoutNights`; returns its entry, or null when no
 * night is left. The directory is marked as being built until complete and removed if the merge fails.
 * @throws Error when a file cannot be read or written.
 */
export async function mergeLsstParts(
  layout: StoreLayout,
  parts: readonly PartEntry[],
  withoutNights: readonly number[],
  prefix: string,
  memoryLimit?: string,
): Promise<PartEntry | null> {
  return buildMergedPart(layout, parts, withoutNights, prefix, memoryLimit, async (conn, dir, id, nights) => {
    const rows = { sources: 0, objects: 0, fp: 0, sso: 0, cutouts: 0 } as Record<LsstPartFile, number>;
    for (const table of Object.keys(MERGE_RULES) as MergedTable[]) {
      const relation = tableRelation(layout, parts, table, withoutNights);
      if (relation === null) continue;
      rows[table] = await writeMergedTable(conn, relation, table, path.join(dir, LSST_PART_FILES[table]));
    }
    const sources = path.join(dir, LSST_PART_FILES.sources);
    if (fs.existsSync(sources)) await writeSkyIndex(conn, sources, path.join(dir, LSST_SKY_INDEX_FILE));
    await writeLsstObjectBlocks(conn, dir);
    const cutouts = parts.flatMap((p) => p.cutouts).filter((c) => !withoutNights.includes(c.night));
    rows.cutouts = parts
      .filter((p) => p.nights.some((n) => nights.includes(n)))
      .reduce((sum, p) => sum + (p.lsstRows?.cutouts ?? 0), 0);
    const alerts = await countAlerts(conn, dir);
    return {
      id,
      nights,
      rows: { alerts, upperlim: 0, cutouts: rows.cutouts },
      cutouts,
      lsstRows: rows,
      createdAt: new Date().toISOString(),
    };
  });
}
