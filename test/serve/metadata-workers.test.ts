/**
 * `/api/v1/metadata` under `skyalert serve --workers 2`: a write through one worker is read by every worker (each
 * had read the annotation log before, so each must notice what another appended), and it survives a restart of
 * the server. Runs the compiled CLI (npm run build).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/project-root.js';
import { tempStore } from '../support/store.js';

const CLI = path.join(PROJECT_ROOT, 'dist', 'bin', 'skyalert.js');
const TOKEN = 'workers-test-secret-0123456789';

/** One request on a fresh connection (the cluster's primary hands connections to the workers in turn). */
function request(
  url: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Starts the server; resolves with its URL and the worker pids once every worker listens. */
async function serve(
  root: string,
  workers: number,
): Promise<{ child: ChildProcess; url: string; pids: number[] }> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--store', root, '--port', '0', '--host', '127.0.0.1', '--workers', String(workers)],
    {
      env: { ...process.env, SKYALERT_LOG_LEVEL: 'warn', SKYALERT_WRITE_TOKENS: `tester:${TOKEN}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr?.on('data', () => undefined);
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (/at http:\/\/localhost:\d+\/api\/v1\/.*\n/.test(out)) resolve(out);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  const url = `http://127.0.0.1:${/localhost:(\d+)\//.exec(line)?.[1]}`;
  const pids = (/worker processes: ([\d, ]+)\)/.exec(line)?.[1] ?? '')
    .split(', ')
    .filter(Boolean)
    .map(Number);
  return { child, url, pids };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

describe('annotations across server workers and restarts', () => {
  const layout = tempStore('skyalert-metadata-workers-');
  let running: ChildProcess | null = null;
  afterAll(async () => {
    if (running) await stop(running);
    fs.rmSync(layout.root, { recursive: true, force: true });
  });

  it('a write through one worker is seen by every worker, and after a restart', async () => {
    if (!fs.existsSync(CLI)) throw new Error(`build first (npm run build): ${CLI} is missing`);
    const first = await serve(layout.root, 2);
    running = first.child;
    expect(first.pids).toHaveLength(2);
    const all = async (url: string) =>
      JSON.parse((await request(`${url}/api/v1/metadata?objectId=all`)).body) as unknown[];
    // both workers read the (empty) log first
    const pidsSeen = new Set<number>();
    // (three requests a round, so that with two workers in turn each answers both kinds)
    for (let i = 0; i < 6; i++) {
      expect(await all(first.url)).toEqual([]);
      expect(await all(first.url)).toEqual([]);
      pidsSeen.add((JSON.parse((await request(`${first.url}/health`)).body) as { pid: number }).pid);
    }
    expect(pidsSeen).toEqual(new Set(first.pids));

    const written = await request(`${first.url}/api/v1/metadata`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({
        objectId: 'ZTF26aamcbly',
        internal_name: 'Fink J1',
        username: 'tester',
        comments: 'seen',
      }),
    });
    expect(written.status, written.body).toBe(200);
    for (let i = 0; i < 6; i++) {
      const rows = (await all(first.url)) as Record<string, unknown>[];
      expect(rows.map((r) => [r['i:objectId'], r['d:comments']])).toEqual([['ZTF26aamcbly', 'seen']]);
    }
    await stop(first.child);

    const second = await serve(layout.root, 1);
    running = second.child;
    const rows = (await all(second.url)) as Record<string, unknown>[];
    expect(rows.map((r) => [r['i:objectId'], r['d:username'], r['d:comments']])).toEqual([
      ['ZTF26aamcbly', 'tester', 'seen'],
    ]);
    await stop(second.child);
    running = null;
  }, 120_000);
});
