/**
 * The stamps of an LSST part (as ZTF's, docs/store.md "Two layout decisions"): the part's `stamps.bin` is the
 * night's staging stamps file itself, hard-linked (no byte copied; the staging offsets are the part's), or, for a
 * night staged by several ingesters or a file system without hard links, the stamps copied in (diaObjectId,
 * diaSourceId) order, with the offsets of `l_cutouts` moved to their new place.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { STAMP_REF_COLUMNS, STAMPS_FILE } from '../../data/index.js';
import { stampsFileOf } from '../stage/index.js';
import { linkFile } from './staging-relations.js';

/** Bytes gathered before a write to the part's stamps file. */
const WRITE_BYTES = 8 << 20;

/**
 * Makes `<partDir>/stamps.bin` from the stamps files of `files` (the staging files whose rows `l_cutouts` holds,
 * its `file_no` indexing them) and leaves in `l_cutouts` each alert's offset in it.
 */
export async function writeLsstStamps(
  conn: DuckDBConnection,
  files: readonly string[],
  partDir: string,
): Promise<void> {
  fs.mkdirSync(partDir, { recursive: true });
  const target = path.join(partDir, STAMPS_FILE);
  if (files.length === 1 && linkFile(stampsFileOf(files[0]), target)) return;
  const fds = files.map((f) => fs.openSync(stampsFileOf(f), 'r'));
  const out = fs.openSync(target, 'w');
  try {
    await conn.run('CREATE TEMP TABLE l_stamp_moves (alert_id BIGINT, new_offset BIGINT)');
    const appender = await conn.createAppender('l_stamp_moves');
    const result = await conn.stream(
      `SELECT alert_id, file_no, ${STAMP_REF_COLUMNS.join(', ')} FROM l_cutouts ORDER BY "r:diaObjectId", alert_id`,
    );
    let written = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = (): void => {
      const data = Buffer.concat(pending, pendingBytes);
      for (let at = 0; at < data.length; ) at += fs.writeSync(out, data, at, data.length - at);
      pending = [];
      pendingBytes = 0;
    };
    for await (const rows of result.yieldRows()) {
      for (const [id, fileNo, offset, ...lengths] of rows) {
        const total = lengths.reduce<number>((sum, l) => sum + (l === null ? 0 : Number(l)), 0);
        const bytes = Buffer.allocUnsafe(total);
        if (total > 0) fs.readSync(fds[Number(fileNo)], bytes, 0, total, Number(offset as bigint));
        pending.push(bytes);
        pendingBytes += total;
        if (pendingBytes > WRITE_BYTES) flush();
        appender.appendBigInt(id as bigint);
        appender.appendBigInt(BigInt(written));
        appender.endRow();
        written += total;
      }
    }
    flush();
    fs.fsyncSync(out);
    appender.closeSync();
    await conn.run(`UPDATE l_cutouts SET stamp_offset = m.new_offset
                    FROM l_stamp_moves m WHERE l_cutouts.alert_id = m.alert_id`);
  } finally {
    fs.closeSync(out);
    for (const fd of fds) fs.closeSync(fd);
  }
}
