/**
 * Writes a part's sky blocks (data/sky-blocks.ts) from its `idx_sky.parquet`, which is already sorted by hpix29:
 * one streaming read, records buffered and appended, the block keys and footer last, then a rename into place.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { PART_FILES } from '../../data/catalog.js';
import {
  SKY_BLOCKS_FILE,
  SKY_HEADER_BYTES,
  SKY_RECORD_BYTES,
  SKY_RECORDS_PER_BLOCK,
  skyFooter,
  skyHeader,
  writeSkyRecord,
} from '../../data/sky-blocks.js';
import { sqlPathLiteral } from '../../data/sql-text.js';

/** Records buffered before a write (4 MiB). */
const FLUSH_RECORDS = 65_536;

const SKY_ROWS = (file: string) =>
  `SELECT hpix29, i_ra, i_dec, i_jd, i_jdstarthist, i_candid, i_objectId FROM read_parquet(${file})`;

/**
 * Writes `<dir>/sky.bin` from `<dir>/idx_sky.parquet`.
 * @returns the records written, or null when an objectId is too long for a record (no file is left: cone
 *   searches of that part go through DuckDB).
 * @throws Error when the index is not sorted by pixel (a bug of the part writer).
 */
export async function writeSkyBlocks(conn: DuckDBConnection, dir: string): Promise<number | null> {
  const target = path.join(dir, SKY_BLOCKS_FILE);
  const temporary = `${target}.tmp`;
  const fd = fs.openSync(temporary, 'w');
  let complete = false;
  try {
    fs.writeSync(fd, skyHeader());
    const keys: bigint[] = [];
    const buffer = Buffer.alloc(FLUSH_RECORDS * SKY_RECORD_BYTES);
    let buffered = 0;
    let written = 0;
    let previous = -1n;
    const result = await conn.stream(SKY_ROWS(sqlPathLiteral(path.join(dir, PART_FILES.sky))));
    for await (const rows of result.yieldRows()) {
      for (const [hpix, ra, dec, jd, jdstarthist, candid, objectId] of rows) {
        const pixel = hpix as bigint;
        if (pixel < previous) throw new Error(`${PART_FILES.sky} of ${dir} is not sorted by hpix29`);
        previous = pixel;
        if (written % SKY_RECORDS_PER_BLOCK === 0) keys.push(pixel);
        const ok = writeSkyRecord(buffer, buffered * SKY_RECORD_BYTES, {
          raDeg: ra as number,
          decDeg: dec as number,
          jd: jd as number,
          jdstarthist: (jdstarthist as number | null) ?? Number.NaN,
          candid: candid as bigint,
          objectId: String(objectId),
        });
        if (!ok) return null;
        written++;
        if (++buffered === FLUSH_RECORDS) {
          fs.writeSync(fd, buffer, 0, buffered * SKY_RECORD_BYTES);
          buffered = 0;
        }
      }
    }
    if (buffered > 0) fs.writeSync(fd, buffer, 0, buffered * SKY_RECORD_BYTES);
    const keyBytes = Buffer.alloc(keys.length * 8);
    for (let i = 0; i < keys.length; i++) keyBytes.writeBigInt64LE(keys[i], i * 8);
    fs.writeSync(fd, keyBytes);
    fs.writeSync(fd, skyFooter(SKY_HEADER_BYTES + written * SKY_RECORD_BYTES));
    fs.fsyncSync(fd);
    complete = true;
    return written;
  } finally {
    fs.closeSync(fd);
    if (complete) fs.renameSync(temporary, target);
    else fs.rmSync(temporary, { force: true });
  }
}
