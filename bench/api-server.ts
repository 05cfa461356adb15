/** `skyalert serve` on a store as a child process on a free port, for the API benchmark. */
import fs from 'node:fs';
import { type CliChild, peakRssOfPid, spawnCli } from './cli-child.js';

/** Sum of the peak RSS (MiB) of a process and its child processes (cluster workers); null when unreadable. */
function peakRssOfTree(pid: number): number | null {
  const own = peakRssOfPid(pid);
  if (own === null) return null;
  let children: number[] = [];
  try {
    children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    children = [];
  }
  return children.reduce((sum, child) => sum + (peakRssOfPid(child) ?? 0), own);
}

/** A running server. */
export interface BenchServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly url: string;
  readonly pid: number;
  /** Peak RSS so far (VmHWM), MiB; null when /proc is not readable. */
  peakRssMiB(): number | null;
  /**
   * The server's own memory figures now (/health `memoryMiB`: rss, heap, external), as one line; with several
   * worker processes, those of the one that answered. '?' when /health does not answer.
   */
  memoryLine(): Promise<string>;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

async function waitForUrl(child: CliChild, stdout: () => string): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const m = /at (http:\/\/\S+?):(\d+)\/api\/v1\//.exec(stdout());
    if (m) return `http://127.0.0.1:${m[2]}`;
    if (child.hasExited()) {
      const end = await child.exit;
      throw new Error(`skyalert serve exited (code ${end.code}) before listening:\n${end.stderrTail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`skyalert serve did not print its URL within ${START_TIMEOUT_MS / 1000} s`);
}

/**
 * Starts the server on `store` (port 0: the system picks a free port) and waits until /health answers with a
 * published catalog.
 *
 * @param logLevel the server's log level (info logs every request, as in production).
 * @param workers server processes (`--workers`); the peak RSS is then summed over the primary and its workers.
 * @param cli the CLI script that serves (default: this build's).
 * @throws Error when the server exits or does not become ready within a minute.
 */
export async function startBenchServer(
  store: string,
  logLevel = 'info',
  workers = 1,
  cli?: string,
): Promise<BenchServer> {
  let out = '';
  const child = spawnCli(
    ['serve', '--store', store, '--port', '0', '--host', '127.0.0.1', '--workers', String(workers)],
    { SKYALERT_LOG_LEVEL: logLevel },
    (t) => {
      out += t;
    },
    cli,
  );
  const kill = () => {
    if (!child.hasExited()) child.process.kill('SIGKILL');
  };
  process.once('exit', kill);
  try {
    const url = await waitForUrl(child, () => out);
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const health = await fetch(`${url}/health`)
        .then((r) => r.json() as Promise<{ catalogVersion?: number }>)
        .catch(() => null);
      if (health && (health.catalogVersion ?? 0) > 0) break;
      if (Date.now() > deadline) throw new Error(`the server at ${url} has no published catalog`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return {
      url,
      pid: child.pid,
      peakRssMiB: () => peakRssOfTree(child.pid),
      memoryLine: async () => {
        const health = await fetch(`${url}/health`)
          .then((r) => r.json() as Promise<{ memoryMiB?: Record<string, number> }>)
          .catch(() => null);
        const m = health?.memoryMiB;
        if (!m) return '?';
        return Object.entries(m)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ');
      },
      stop: async () => {
        child.process.kill('SIGTERM');
        const timer = setTimeout(kill, STOP_TIMEOUT_MS);
        await child.exit;
        clearTimeout(timer);
        process.removeListener('exit', kill);
      },
    };
  } catch (err) {
    kill();
    process.removeListener('exit', kill);
    throw err;
  }
}
