/**
 * Writes a part's sky blocks (data/sky-blocks.ts) from its `idx_sky.parquet`, which is already sorted by hpix29:
 * one streaming read, records buffered and appended, the block keys and footer last, then a rename into place.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection, DuckDBDataChunk } from '@duckdb/node-api';
import {
  PART_FILES,
  SKY_BLOCKS_FILE,
  SKY_HEADER_BYTES,
  SKY_MAX_ID_BYTES,
  SKY_RECORD_BYTES,
  SKY_RECORDS_PER_BLOCK,
  skyFooter,
  skyHeader,
  sqlPathLiteral,
  writeSkyRecord,
} from '../../data/index.js';

/** Records buffered before a write (4 MiB). */
const FLUSH_RECORDS = 65_536;

const SKY_ROWS = (file: string) =>
  `SELECT hpix29, i_ra, i_dec, i_jd, i_jdstarthist, i_candid, i_objectId FROM read_parquet(${file})`;

/**
 * Writes the records of SKY_ROWS chunk by chunk into an open file: buffered, written every FLUSH_RECORDS, with
 * the first pixel of every block kept for the keys. The per-row work lives in this small class, so that it is
 * optimised once, rather than in the asynchronous loop that awaits the chunks.
 */
class SkyRecordsWriter {
  readonly keys: bigint[] = [];
  written = 0;
  private readonly buffer = Buffer.alloc(FLUSH_RECORDS * SKY_RECORD_BYTES);
  private buffered = 0;
  private previous = -1n;

  constructor(
    private readonly fd: number,
    private readonly what: string,
  ) {}

  /** Adds a chunk's rows. @throws Error when the pixels are not sorted or an objectId is too long for a record. */
  addChunk(chunk: DuckDBDataChunk): void {
    const column = (i: number) => chunk.getColumnVector(i).toArray();
    const hpix = column(0) as bigint[];
    const ra = column(1) as number[];
    const dec = column(2) as number[];
    const jd = column(3) as number[];
    const jdstarthist = column(4) as (number | null)[];
    const candid = column(5) as bigint[];
    const objectId = column(6) as string[];
    for (let i = 0; i < hpix.length; i++) {
      const pixel = hpix[i];
      if (pixel < this.previous) throw new Error(`${this.what} is not sorted by hpix29`);
      this.previous = pixel;
      if (this.written % SKY_RECORDS_PER_BLOCK === 0) this.keys.push(pixel);
      const ok = writeSkyRecord(this.buffer, this.buffered * SKY_RECORD_BYTES, {
        raDeg: ra[i],
        decDeg: dec[i],
        jd: jd[i],
        jdstarthist: jdstarthist[i] ?? Number.NaN,
        candid: candid[i],
        objectId: objectId[i],
      });
      // ingestion quarantines longer ids (ingest/decode/normalize.ts): a part never holds one
      if (!ok)
        throw new Error(
          `${this.what} holds objectId ${JSON.stringify(objectId[i])}, longer than ${SKY_MAX_ID_BYTES} bytes`,
        );
      this.written++;
      if (++this.buffered === FLUSH_RECORDS) this.flush();
    }
  }

  /** Writes the buffered records. */
  flush(): void {
    if (this.buffered > 0) fs.writeSync(this.fd, this.buffer, 0, this.buffered * SKY_RECORD_BYTES);
    this.buffered = 0;
  }
}

/**
 * Writes `<dir>/sky.bin` from `<dir>/idx_sky.parquet`: the one index of cone searches (no part goes without).
 * @returns the records written.
 * @throws Error when the index is not sorted by pixel or holds an objectId longer than SKY_MAX_ID_BYTES (bugs
 *   of the part writer or of ingestion); no file is left.
 */
export async function writeSkyBlocks(conn: DuckDBConnection, dir: string): Promise<number> {
  const target = path.join(dir, SKY_BLOCKS_FILE);
  const temporary = `${target}.tmp`;
  const fd = fs.openSync(temporary, 'w');
  let complete = false;
  try {
    fs.writeSync(fd, skyHeader());
    const file = path.join(dir, PART_FILES.sky);
    const records = new SkyRecordsWriter(fd, `${PART_FILES.sky} of ${dir}`);
    const result = await conn.stream(SKY_ROWS(sqlPathLiteral(file)));
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      records.addChunk(chunk);
    }
    records.flush();
    const { keys, written } = records;
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
