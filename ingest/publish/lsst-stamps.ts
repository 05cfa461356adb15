/**
 * The cutouts of an LSST part, as ZTF's (docs/store.md, "Two layout decisions"): the stamps (FITS bytes as Rubin
 * sent them) in the part's `stamps.bin` — the night's staging stamps file hard-linked, or the stamps copied when
 * several ingesters staged the night (part-stamps.ts) — and `cutouts.parquet`, each alert's `r:diaSourceId`,
 * `r:diaObjectId` and the place of its three stamps in `stamps.bin` (STAMP_REF_COLUMNS), sorted by diaSourceId.
 * Writing the stamps as parquet blobs was most of an LSST publication's time (~100 KB of stamps per alert
 * decoded, compressed again and written by DuckDB).
 */
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { STAMP_REF_COLUMNS, STAMPS_FILE, sqlPathLiteral } from '../../data/index.js';
import { ALERT_ID, stampsFileOf } from '../stage/index.js';
import { makePartStamps } from './part-stamps.js';
import { PARQUET_COMPRESSION, ROW_GROUP_ROWS } from './part-writer.js';

/**
 * Writes the part's `stamps.bin` and `target` (cutouts.parquet, in `target`'s directory) from `l_cutouts` (the
 * stamps' references, `file_no` indexing `files`, the staging files); returns its rows.
 */
export async function writeLsstCutouts(
  conn: DuckDBConnection,
  files: readonly string[],
  target: string,
): Promise<number> {
  const refs = STAMP_REF_COLUMNS.join(', ');
  await conn.run(
    `CREATE TEMP TABLE l_cutout_refs ("r:diaSourceId" BIGINT, "r:diaObjectId" BIGINT, ${STAMP_REF_COLUMNS.map(
      (c, i) => `${c} ${i === 0 ? 'BIGINT' : 'INTEGER'}`,
    ).join(', ')})`,
  );
  await makePartStamps(
    conn,
    files.map((f) => stampsFileOf(f)),
    path.join(path.dirname(target), STAMPS_FILE),
    {
      table: 'l_cutout_refs',
      insertLinkedSql: `INSERT INTO l_cutout_refs SELECT ${ALERT_ID}, "r:diaObjectId", ${refs} FROM l_cutouts`,
      selectToCopySql: `SELECT ${ALERT_ID}, "r:diaObjectId", file_no, ${refs} FROM l_cutouts ORDER BY ${ALERT_ID}`,
      keyKinds: ['long', 'long'],
    },
  );
  await conn.run(`COPY (SELECT * FROM l_cutout_refs ORDER BY "r:diaSourceId") TO ${sqlPathLiteral(target)}
                  (FORMAT parquet, ${PARQUET_COMPRESSION}, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`);
  const [[rows]] = (await conn.runAndReadAll('SELECT count(*) FROM l_cutout_refs')).getRows();
  await conn.run('DROP TABLE l_cutout_refs');
  return Number(rows);
}
