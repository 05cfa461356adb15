/**
 * `skyalert serve --workers 2`: two server processes share the port and both answer; a worker that dies is
 * replaced; SIGTERM stops them all.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/project-root.js';
import { type ServedStore, simulatedStore } from '../support/serve-stores.js';

const CLI = path.join(PROJECT_ROOT, 'dist', 'bin', 'skyalert.js');

/** GET /health on a fresh connection (so that the primary hands each request to a worker in turn). */
function health(url: string): Promise<{ pid: number; catalogVersion: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/health`, { agent: false, timeout: 3000 }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => resolve(JSON.parse(body)));
      })
      .on('timeout', function (this: http.ClientRequest) {
        // a connection handed to a worker that is starting or gone: this try fails, the next one goes elsewhere
        this.destroy(new Error('no answer within 3 s'));
      })
      .on('error', reject);
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('serve --workers', () => {
  let store: ServedStore;
  let child: ChildProcess;
  let url = '';
  let workerPids: number[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(CLI)) throw new Error(`build first (npm run build): ${CLI} is missing`);
    store = await simulatedStore();
    child = spawn(
      process.execPath,
      [CLI, 'serve', '--store', store.layout.root, '--port', '0', '--host', '127.0.0.1', '--workers', '2'],
      { env: { ...process.env, SKYALERT_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stderr?.on('data', () => undefined);
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (c: Buffer) => {
        out += c.toString();
        if (/worker processes: .*\n/.test(out)) resolve(out);
      });
      child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
    });
    url = `http://127.0.0.1:${/localhost:(\d+)\//.exec(line)![1]}`;
    workerPids = /worker processes: ([\d, ]+)\)/.exec(line)![1].split(', ').map(Number);
  }, 120_000);
  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    store?.close();
  });

  it('spreads requests over the two workers, which serve the same catalog', async () => {
    expect(workerPids).toHaveLength(2);
    const answers = await Promise.all(Array.from({ length: 12 }, () => health(url)));
    expect(new Set(answers.map((a) => a.pid))).toEqual(new Set(workerPids));
    expect(new Set(answers.map((a) => a.catalogVersion))).toEqual(new Set([store.reader.current().version]));
  });

  it('answers /metrics for all workers together, whichever worker is asked', async () => {
    const healthCount = async (): Promise<{ requests: number; version: number }> => {
      const text = await (await fetch(`${url}/metrics`)).text();
      const sample = (re: RegExp): number => Number(re.exec(text)?.[1] ?? Number.NaN);
      return {
        requests: sample(
          /^skyalert_http_requests_total\{method="GET",route="\/health",status="200"\} (\S+)$/m,
        ),
        version: sample(/^skyalert_catalog_version (\S+)$/m),
      };
    };
    const before = await healthCount();
    await Promise.all(Array.from({ length: 10 }, () => health(url)));
    // each scrape lands on one worker or the other: both give the sum over the two
    for (let i = 0; i < 4; i++) {
      const after = await healthCount();
      expect(after.requests - before.requests).toBe(10);
      expect(after.version).toBe(store.reader.current().version);
    }
  });

  it('replaces a worker that dies, and stops every process on SIGTERM', async () => {
    process.kill(workerPids[0], 'SIGKILL');
    let pids = new Set<number>();
    // a replacement opens the store before it listens: seconds on a loaded machine
    const deadline = Date.now() + 80_000;
    while (Date.now() < deadline && !(pids.size === 2 && !pids.has(workerPids[0]))) {
      await new Promise((r) => setTimeout(r, 200));
      const answers = await Promise.all(Array.from({ length: 6 }, () => health(url).catch(() => null)));
      pids = new Set(answers.filter((a) => a !== null).map((a) => a.pid));
    }
    expect(pids.has(workerPids[1])).toBe(true);
    expect(pids.size).toBe(2);
    const replacement = [...pids].find((p) => p !== workerPids[1])!;
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(alive(workerPids[1])).toBe(false);
    expect(alive(replacement)).toBe(false);
  }, 120_000);
});
