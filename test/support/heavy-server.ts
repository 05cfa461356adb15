/**
 * The compiled server (`npm run build`) with its heavy-request threads, for the tests of serve/heavy/: starting
 * `skyalert serve` on one or several stores, requests on fresh connections (multipart uploads included), flat
 * sky maps, and the heavy-request metrics the server exports. Under the test runner's TypeScript sources there
 * is no compiled worker script, so the heavy endpoints run in-process: these tests need the build.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeFitsBinTable } from '../../compute/fits/index.js';
import { PROJECT_ROOT } from './project-root.js';

export const CLI = path.join(PROJECT_ROOT, 'dist', 'bin', 'skyalert.js');
export const WORKER = path.join(PROJECT_ROOT, 'dist', 'serve', 'heavy', 'heavy-worker.js');

/** Throws when the compiled worker script is missing (the heavy endpoints would run in-process). */
export function requireCompiledWorker(): void {
  if (!fs.existsSync(WORKER)) throw new Error(`${WORKER} is missing: run npm run build first`);
}

export interface Reply {
  readonly status: number;
  readonly bytes: number;
  /** The body's text when it is under 64 KiB (the large answers are only counted). */
  readonly text: string;
  readonly ms: number;
}

/** One request on a fresh connection; the body is counted, kept as text only when small. */
export function request(
  url: string,
  options: { method?: string; body?: Buffer; headers?: Record<string, string>; onSent?: () => void } = {},
): Promise<Reply> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (bytes <= 65_536) chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            text: bytes <= 65_536 ? Buffer.concat(chunks).toString() : '',
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body, options.onSent);
  });
}

/** A multipart/form-data body: text fields, and files as [name, bytes]. */
export function multipart(
  fields: [string, string][],
  files: [string, Uint8Array][] = [],
): {
  body: Buffer;
  headers: Record<string, string>;
} {
  const boundary = 'heavy-test-boundary-7c1f';
  const parts: Buffer[] = [];
  for (const [name, value] of fields)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const [name, bytes] of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.from(bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Starts the compiled `skyalert serve` with one `--store` per value (`DIR` or `NAME=DIR`); resolves with its URL
 * once it listens.
 */
export async function serveCompiled(
  stores: readonly string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', ...stores.flatMap((s) => ['--store', s]), '--port', '0', '--host', '127.0.0.1'],
    {
      env: { ...process.env, SKYALERT_LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr?.on('data', () => undefined);
  const out = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (c: Buffer) => {
      text += c.toString();
      if (/at http:\/\/localhost:\d+\/api\/v1\/.*\n/.test(text)) resolve(text);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${text}`)));
  });
  const port = /localhost:(\d+)/.exec(out)?.[1];
  return { child, url: `http://127.0.0.1:${port}` };
}

/** A gzipped flat NESTED HEALPix map (float32 PROB): probability spread evenly over its first 1 % of pixels. */
export function flatMap(nside: number): Uint8Array {
  const n = 12 * nside * nside;
  const prob = new Float64Array(n);
  const inside = Math.floor(n / 100);
  prob.fill(1 / inside, 0, inside);
  const fits = writeFitsBinTable({
    columns: [{ name: 'PROB', type: 'E', values: prob }],
    cards: [
      { keyword: 'PIXTYPE', value: 'HEALPIX' },
      { keyword: 'ORDERING', value: 'NESTED' },
      { keyword: 'NSIDE', value: nside },
      { keyword: 'INDXSCHM', value: 'IMPLICIT' },
    ],
  });
  return gzipSync(fits, { level: 1 });
}

/**
 * A sample of one metric without labels in the exposition text of `metricsUrl` (`/metrics`, or
 * `/<store>/metrics`); null when the server does not export it.
 */
export async function metricValue(metricsUrl: string, name: string): Promise<number | null> {
  const reply = await request(metricsUrl);
  if (reply.status !== 200) throw new Error(`${metricsUrl} answered ${reply.status}`);
  const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(reply.text);
  return m === null ? null : Number(m[1]);
}
