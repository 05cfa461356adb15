/**
 * Writes one immutable part from three relations prepared by the caller on a DuckDB connection:
 * `p_alerts` (valid alerts: catalogue columns + night, hpix29, classification), `p_cutouts` (objectId, candid,
 * jd, night and the three stamps, already in objectId order) and `p_upperlim` (upper limits and bad-quality
 * points, tagged). Each table is sorted by its key so that row-group statistics prune lookups (docs/store.md); the
 * sky index is also written as sky blocks (data/sky-blocks.ts) for cone searches without a query.
 */
import fs from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import { PART_FILES, type PartFile, sqlPathLiteral } from '../../data/index.js';
import { writeSkyBlocks } from './sky-blocks-writer.js';

/** Rows per row group: small enough for fast point lookups, large enough for good compression. */
export const ROW_GROUP_ROWS = 10_000;

/**
 * Compression of the parquet files of parts: zstd at level 1. Level 3 (DuckDB's default) made zstd ~4 % of a
 * publication's CPU; level 1 took `publish --all` 0.92 of the time for parquet files 6 % larger (~1 % of a part,
 * whose stamps and object blocks are not compressed by it; docs/benchmarks.md).
 */
export const PARQUET_COMPRESSION = 'COMPRESSION zstd, COMPRESSION_LEVEL 1';

const COPY_OPTIONS = `(FORMAT parquet, ${PARQUET_COMPRESSION}, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`;

/** The SELECT behind each part file (constant SQL over the p_* relations). */
const PART_QUERIES: Readonly<Record<PartFile, string>> = {
  alerts: 'SELECT * FROM p_alerts ORDER BY i_objectId, i_jd',
  // already in (objectId, jd) order, with the offsets of the stamps in stamps.bin
  cutouts: 'SELECT * FROM p_cutouts',
  upperlim: 'SELECT * FROM p_upperlim ORDER BY objectId, jd',
  sky: `SELECT hpix29, i_objectId, i_candid, i_ra, i_dec, i_jd, i_jdstarthist, i_magpsf, i_fid, classification, night
        FROM p_alerts ORDER BY hpix29`,
  classIndex: `SELECT classification, i_jd, i_objectId, i_candid, night FROM p_alerts ORDER BY classification, i_jd`,
  ssnamenr: `SELECT i_ssnamenr, i_jd, i_objectId, i_candid, d_roid, night FROM p_alerts
             WHERE i_ssnamenr IS NOT NULL ORDER BY i_ssnamenr, i_jd`,
  tracklet: `SELECT d_tracklet, i_objectId, i_candid, i_jd, night FROM p_alerts
             WHERE d_tracklet IS NOT NULL AND d_tracklet <> '' ORDER BY d_tracklet, i_objectId`,
  time: 'SELECT i_jd, i_objectId, i_candid, classification, night FROM p_alerts ORDER BY i_jd',
};

/** Runs `step`, naming it in the message of an error it throws (e.g. a DuckDB out-of-memory error). */
async function withContext<T>(what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw new Error(`${what}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/** Row counts of a written part. */
export interface PartRows {
  alerts: number;
  upperlim: number;
  cutouts: number;
}

async function count(conn: DuckDBConnection, table: string): Promise<number> {
  const reader = await conn.runAndReadAll(`SELECT count(*)::BIGINT AS n FROM ${table}`);
  return Number(reader.getRowObjects()[0].n);
}

/**
 * Writes the files of a part into `dir` (created if needed; a night's `stamps.bin` may already be there). With `withCutouts` false (merged parts),
 * no cutouts file is written: a merged part keeps referring to its nights' cutouts files.
 */
export async function writePart(
  conn: DuckDBConnection,
  dir: string,
  withCutouts: boolean,
): Promise<PartRows> {
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, query] of Object.entries(PART_QUERIES) as [PartFile, string][]) {
    if (file === 'cutouts' && !withCutouts) continue;
    const target = sqlPathLiteral(`${dir}/${PART_FILES[file]}`);
    const options = COPY_OPTIONS;
    await withContext(`writing ${PART_FILES[file]} of ${dir}`, () =>
      conn.run(`COPY (${query}) TO ${target} ${options}`),
    );
  }
  await withContext(`writing the sky blocks of ${dir}`, () => writeSkyBlocks(conn, dir));
  return {
    alerts: await count(conn, 'p_alerts'),
    upperlim: await count(conn, 'p_upperlim'),
    cutouts: withCutouts ? await count(conn, 'p_cutouts') : 0,
  };
}
