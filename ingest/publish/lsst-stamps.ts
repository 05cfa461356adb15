/**
 * The cutouts of an LSST part: `cutouts.parquet` with each alert's `r:diaSourceId`, `r:diaObjectId` and its three
 * stamps as FITS bytes (`b:cutout<Kind>`, Fink's LSST names), read from the staging stamps files (where staging
 * appends them, outside DuckDB) in `r:diaSourceId` order — the order of the file, so nothing is sorted — into a
 * work table that DuckDB copies into the part. The rows are built into data chunks (chunk-rows.ts): DuckDB's
 * appender, value by value, took 45 s for 5,000 alerts' 300 MB of stamps, the chunks 3 s.
 */
import fs from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import { STAMP_REF_COLUMNS, sqlPathLiteral } from '../../data/index.js';
import { appendChunks, ChunkRows, stampsFileOf } from '../stage/index.js';
import { PARQUET_COMPRESSION } from './part-writer.js';

/** The stamps' columns in cutouts.parquet (Fink's LSST names, `b:cutout<Kind>`), in stamp order. */
export const LSST_CUTOUT_COLUMNS = ['b:cutoutScience', 'b:cutoutTemplate', 'b:cutoutDifference'] as const;

/**
 * Rows per row group of cutouts.parquet: DuckDB's smallest (one vector), since a point read of one alert's stamps
 * reads its row group's stamp columns (a few tens of kB of FITS per stamp).
 */
const CUTOUT_ROW_GROUP_ROWS = 2048;

/**
 * Writes `target` (cutouts.parquet) from `l_cutouts` (the stamps' references, `file_no` indexing `files`, the
 * staging files) and the stamps files beside `files`; returns its rows.
 */
export async function writeLsstCutouts(
  conn: DuckDBConnection,
  files: readonly string[],
  target: string,
): Promise<number> {
  const blobs = LSST_CUTOUT_COLUMNS.map((c) => `"${c}" BLOB`).join(', ');
  await conn.run(
    `CREATE TEMP TABLE l_cutout_bytes ("r:diaSourceId" BIGINT, "r:diaObjectId" BIGINT, ${blobs})`,
  );
  const fds = files.map((f) => fs.openSync(stampsFileOf(f), 'r'));
  let rows = 0;
  try {
    const built = new ChunkRows(['long', 'long', 'blob', 'blob', 'blob']);
    const append = async (): Promise<void> => {
      const chunks = built.take();
      appendChunks(await conn.createAppender('l_cutout_bytes'), chunks);
      built.release(chunks);
    };
    const result = await conn.stream(
      `SELECT alert_id, "r:diaObjectId", file_no, ${STAMP_REF_COLUMNS.join(', ')} FROM l_cutouts ORDER BY alert_id`,
    );
    for await (const chunk of result.yieldRows()) {
      for (const [id, objectId, fileNo, offset, ...lengths] of chunk) {
        built.long(id as bigint);
        built.long(objectId as bigint);
        let at = Number(offset as bigint);
        for (const length of lengths) {
          if (length === null) {
            built.null();
            continue;
          }
          const bytes = new Uint8Array(Number(length));
          fs.readSync(fds[Number(fileNo)], bytes, 0, bytes.length, at);
          built.blob(bytes);
          at += bytes.length;
        }
        built.endRow();
        rows++;
      }
      await append();
    }
    await append();
  } finally {
    for (const fd of fds) fs.closeSync(fd);
  }
  // in r:diaSourceId order already (the work database preserves insertion order)
  await conn.run(`COPY l_cutout_bytes TO ${sqlPathLiteral(target)}
                  (FORMAT parquet, ${PARQUET_COMPRESSION}, ROW_GROUP_SIZE ${CUTOUT_ROW_GROUP_ROWS})`);
  await conn.run('DROP TABLE l_cutout_bytes');
  return rows;
}
