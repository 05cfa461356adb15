/**
 * A lock between processes for building shared test data once: a directory created atomically, holding the
 * holder's pid. Waiters poll; a lock whose holder has died (a killed worker) is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Milliseconds between two looks at a lock another process holds. */
const POLL_MS = 250;

function holderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    return true; // the holder has created the lock and not yet written its pid
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs `fn` while holding the lock directory `lock`, waiting for any other holder first. */
export async function withBuildLock<T>(lock: string, fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (!holderAlive(lock)) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
  try {
    fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
