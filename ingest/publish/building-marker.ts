/**
 * A part directory being written outside the publication lock (a compaction's merge) holds a `.building` marker
 * naming its writer, so that the garbage collection of another publisher leaves it alone while that writer lives.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAlive } from './lock.js';

const MARKER = '.building';
/** A marker of another host is trusted this long (its process cannot be checked from here). */
const FOREIGN_MARKER_MS = 6 * 3600_000;

interface Writer {
  host: string;
  pid: number;
}

/** Marks `dir` (created if needed) as being written by this process. */
export function markBuilding(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const writer: Writer = { host: os.hostname(), pid: process.pid };
  fs.writeFileSync(path.join(dir, MARKER), JSON.stringify(writer));
}

/** Removes the marker: the part is complete. */
export function clearBuilding(dir: string): void {
  fs.rmSync(path.join(dir, MARKER), { force: true });
}

/**
 * True while `dir` is being written: its marker names a live process of this host, or another host's process
 * that wrote it less than FOREIGN_MARKER_MS ago. A crashed writer's marker is ignored.
 */
export function isBuilding(dir: string, now: number): boolean {
  const file = path.join(dir, MARKER);
  let writer: Writer;
  try {
    writer = JSON.parse(fs.readFileSync(file, 'utf8')) as Writer;
  } catch {
    return false;
  }
  if (writer.host === os.hostname()) return isAlive(writer.pid);
  return now - fs.statSync(file).mtimeMs < FOREIGN_MARKER_MS;
}
