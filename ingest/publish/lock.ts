/**
 * The store's publication lock: one publisher (publish or compaction) at a time, across processes and machines
 * sharing the store directory. `mkdir` is atomic on POSIX file systems; the lock records its owner and is taken
 * over when that owner is a dead process on this host or the lock is older than `staleMs`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StoreLayout } from '../../data/index.js';

interface Owner {
  host: string;
  pid: number;
  since: number;
}

/** True when a process of this host with that pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Age after which a lock is taken over whatever its owner. */
export const LOCK_STALE_MS = 30 * 60_000;

/**
 * Takes a publication lock, waiting up to `waitMs`; returns the release function. `name` selects the lock:
 * `publish` (nights and compaction, the default) or another writer's own (`orbits`).
 */
export async function acquirePublishLock(
  layout: StoreLayout,
  { waitMs = 120_000, staleMs = LOCK_STALE_MS, name = 'publish' as 'publish' | 'orbits' } = {},
): Promise<() => void> {
  fs.mkdirSync(layout.locksDir, { recursive: true });
  const dir = path.join(layout.locksDir, name);
  const ownerFile = path.join(dir, 'owner.json');
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      const owner: Owner = { host: os.hostname(), pid: process.pid, since: Date.now() };
      fs.writeFileSync(ownerFile, JSON.stringify(owner));
      return () => fs.rmSync(dir, { recursive: true, force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner: Owner | null = null;
    try {
      owner = JSON.parse(fs.readFileSync(ownerFile, 'utf8')) as Owner;
    } catch {
      owner = null;
    }
    const stale =
      owner !== null &&
      ((owner.host === os.hostname() && !isAlive(owner.pid)) || Date.now() - owner.since > staleMs);
    if (stale) {
      fs.rmSync(dir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(`the store is being published by another process (lock ${dir}); try again later`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
