/**
 * The store's append-only log of user annotations (`/api/v1/metadata`; docs/store.md, "Annotations"): one JSON
 * record per line in `metadata/annotations.jsonl`, never rewritten. Each record is appended by one `write` on a
 * file opened in append mode, framed by newlines before and after, then flushed to disk: server workers writing
 * at once never interleave, and a crash can leave at most a torn last line, which the next record's leading
 * newline closes and every reader skips (it does not parse). Readers read only the bytes added since their last
 * read, up to the last complete line, so every worker sees every other worker's writes at its next read.
 */
import fs from 'node:fs';
import path from 'node:path';

/** One annotation as written. Strings are bounded by the endpoint. */
export interface AnnotationRecord {
  readonly objectId: string;
  readonly internal_name: string;
  /** `internal_name` without its blanks (Fink's `internal_name_encoded`). */
  readonly internal_name_encoded: string;
  readonly username: string;
  readonly comments: string;
  /** When the server received it (ISO 8601, UTC). */
  readonly time: string;
  /** Identity of the write token that authorised it. */
  readonly author: string;
}

const FIELDS = [
  'objectId',
  'internal_name',
  'internal_name_encoded',
  'username',
  'comments',
  'time',
  'author',
] as const;

/** The record of one parsed line; null for a torn or foreign line. */
function recordOf(line: string): AnnotationRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  return FIELDS.every((f) => typeof v[f] === 'string') ? (v as unknown as AnnotationRecord) : null;
}

/** Reads and appends the annotation log of one store. One instance per process; not shared across threads. */
export class AnnotationLog {
  private records: AnnotationRecord[] = [];
  /** Bytes of the file already parsed (always just after a newline), and the file's inode then. */
  private offset = 0;
  private inode = -1;

  constructor(readonly file: string) {}

  /**
   * Appends one record durably (written and flushed before returning).
   * @throws Error when the file cannot be written (the caller answers 500: a server fault, not the client's).
   */
  append(record: AnnotationRecord): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const fd = fs.openSync(this.file, 'a');
    try {
      fs.writeSync(fd, `\n${JSON.stringify(record)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }

  /** Every complete record in the order written, including those appended by other processes. */
  read(): readonly AnnotationRecord[] {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    if (stat.ino !== this.inode || stat.size < this.offset) {
      this.records = [];
      this.offset = 0;
      this.inode = stat.ino;
    }
    if (stat.size === this.offset) return this.records;
    const fd = fs.openSync(this.file, 'r');
    let bytes: Buffer;
    try {
      bytes = Buffer.alloc(stat.size - this.offset);
      const n = fs.readSync(fd, bytes, 0, bytes.length, this.offset);
      bytes = bytes.subarray(0, n);
    } finally {
      fs.closeSync(fd);
    }
    const end = bytes.lastIndexOf(0x0a);
    if (end < 0) return this.records;
    for (const line of bytes.subarray(0, end).toString('utf8').split('\n')) {
      if (line === '') continue;
      const record = recordOf(line);
      if (record !== null) this.records.push(record);
    }
    this.offset += end + 1;
    return this.records;
  }
}
