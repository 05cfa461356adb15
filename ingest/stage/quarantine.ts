/**
 * Quarantine of rejected messages: the raw bytes, the reason and the position, under
 * `quarantine/<YYYYMMDD>/` (UTC day of receipt). Content-addressed (SHA-256), so a re-delivered bad message is
 * stored once; each rejection appends one line to `index.jsonl`. Files are fsynced before `put` resolves, so a
 * source may commit its offsets afterwards and nothing is lost.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Rejection, StoreLayout } from '../../data/index.js';

/** One line of a quarantine index. */
export interface QuarantineEntry {
  readonly file: string;
  readonly sha256: string;
  readonly reason: string;
  readonly position: Rejection['position'];
  readonly bytes: number;
  readonly receivedAt: string;
}

function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10).replaceAll('-', '');
}

function writeDurable(file: string, data: Uint8Array | string, flag: 'w' | 'a'): void {
  const fd = fs.openSync(file, flag);
  try {
    if (typeof data === 'string') fs.writeSync(fd, data);
    else fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes rejections to the store's quarantine. */
export class Quarantine {
  constructor(
    private readonly layout: StoreLayout,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Stores the rejections durably; returns the entries written. */
  put(rejections: readonly Rejection[]): QuarantineEntry[] {
    if (rejections.length === 0) return [];
    const at = this.now();
    const dir = this.layout.quarantineDir(utcDay(at));
    fs.mkdirSync(dir, { recursive: true });
    const entries: QuarantineEntry[] = [];
    for (const r of rejections) {
      const sha256 = crypto.createHash('sha256').update(r.bytes).digest('hex');
      const file = `${sha256}.bin`;
      const full = path.join(dir, file);
      if (!fs.existsSync(full)) writeDurable(full, r.bytes, 'w');
      entries.push({
        file,
        sha256,
        reason: r.reason,
        position: r.position,
        bytes: r.bytes.length,
        receivedAt: at.toISOString(),
      });
    }
    writeDurable(path.join(dir, 'index.jsonl'), entries.map((e) => JSON.stringify(e)).join('\n') + '\n', 'a');
    return entries;
  }
}

/** Reads every quarantine entry of a store (all days), oldest day first. */
export function readQuarantine(layout: StoreLayout): QuarantineEntry[] {
  const root = path.join(layout.root, 'quarantine');
  if (!fs.existsSync(root)) return [];
  const out: QuarantineEntry[] = [];
  for (const day of fs.readdirSync(root).sort()) {
    const index = path.join(root, day, 'index.jsonl');
    if (!fs.existsSync(index)) continue;
    for (const line of fs.readFileSync(index, 'utf8').split('\n')) {
      if (line.trim()) out.push(JSON.parse(line) as QuarantineEntry);
    }
  }
  return out;
}
