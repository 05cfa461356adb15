/**
 * A part's `stamps.bin` made from the staging stamps files of its nights, for every survey (docs/store.md, "Two
 * layout decisions"). A part staged by one ingester (the usual case) gets that ingester's stamps file itself,
 * hard-linked: no byte is copied, the store holds the stamps once and the staging offsets stay valid (an
 * ingester that reopens a published night gets a copy of its own: staging-file.ts). Several staging files, or a
 * file system without hard links, get the stamps copied in the order of the part's rows, with new offsets.
 * Stamp bytes never go through DuckDB: a cutout read is one index lookup and one positional read.
 */
import fs from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import { STAMP_REF_COLUMNS } from '../../data/index.js';
import { appendChunks, appendValue, type ChunkColumnKind, ChunkRows } from '../stage/index.js';

/** How a part's stamp references are filled in, by the caller's SQL (each survey has its own key columns). */
export interface PartStampsPlan {
  /** The table receiving each alert's keys, then the STAMP_REF_COLUMNS (offset into stamps.bin, three lengths). */
  readonly table: string;
  /** With one staging file hard-linked: fills `table` from the staged rows, offsets unchanged. */
  readonly insertLinkedSql: string;
  /**
   * With stamps to copy: the rows in the order of the part's stamps, as the keys (of `keyKinds`), the index of
   * the row's staging stamps file (in the order given), then the STAMP_REF_COLUMNS of that file.
   */
  readonly selectToCopySql: string;
  readonly keyKinds: readonly ChunkColumnKind[];
}

/** Bytes gathered before a write into the part's stamps file. */
const WRITE_BYTES = 8 << 20;

/** Makes `stampsPath` from `stampsFiles` and fills the plan's table with the references into it. */
export async function makePartStamps(
  conn: DuckDBConnection,
  stampsFiles: readonly string[],
  stampsPath: string,
  plan: PartStampsPlan,
): Promise<void> {
  if (stampsFiles.length === 1 && linkFile(stampsFiles[0], stampsPath)) {
    await conn.run(plan.insertLinkedSql);
    return;
  }
  const keyCount = plan.keyKinds.length;
  const kinds: ChunkColumnKind[] = [...plan.keyKinds, 'long', 'int', 'int', 'int'];
  const built = new ChunkRows(kinds);
  /**
   * Appends the rows built: once, after the stream has ended (an appender flushed on the connection while its
   * query streams ends that stream early). The references are small: ~50 bytes per alert.
   */
  const flushRows = async (): Promise<void> => {
    const chunks = built.take();
    appendChunks(await conn.createAppender(plan.table), chunks);
    built.release(chunks);
  };
  const fds = stampsFiles.map((f) => fs.openSync(f, 'r'));
  const out = fs.openSync(stampsPath, 'w');
  try {
    let written = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flushBytes = (): void => {
      if (pending.length === 0) return;
      const data = Buffer.concat(pending, pendingBytes);
      for (let at = 0; at < data.length; ) at += fs.writeSync(out, data, at, data.length - at);
      pending = [];
      pendingBytes = 0;
    };
    const result = await conn.stream(plan.selectToCopySql);
    for await (const chunk of result.yieldRows()) {
      for (const row of chunk) {
        const lengths = row.slice(keyCount + 2, keyCount + 2 + STAMP_REF_COLUMNS.length - 1);
        const total = lengths.reduce<number>((s, l) => s + (l === null ? 0 : Number(l)), 0);
        if (total > 0) {
          const bytes = Buffer.allocUnsafe(total);
          fs.readSync(fds[Number(row[keyCount])], bytes, 0, total, Number(row[keyCount + 1] as bigint));
          pending.push(bytes);
          pendingBytes += total;
          if (pendingBytes > WRITE_BYTES) flushBytes();
        }
        for (let i = 0; i < keyCount; i++) appendValue(built, kinds[i], row[i]);
        built.long(BigInt(written));
        for (const l of lengths) appendValue(built, 'int', l === null ? null : Number(l));
        built.endRow();
        written += total;
      }
    }
    flushBytes();
    fs.fsyncSync(out);
    await flushRows();
  } finally {
    fs.closeSync(out);
    for (const fd of fds) fs.closeSync(fd);
  }
}

/** Hard-links `from` as `to`; false when the file system cannot (another device, no hard links). */
function linkFile(from: string, to: string): boolean {
  try {
    fs.linkSync(from, to);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP' || code === 'EMLINK') return false;
    throw err;
  }
}
