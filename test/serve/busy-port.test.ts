/**
 * `skyalert serve` on a port already in use ends with exit code 1 and one line saying so — not an unhandled
 * 'error' event and its stack trace — with one server process and with several (`--workers`).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { CLI } from '../support/kafka-consumer.js';
import { realStoreLayout } from '../support/serve-stores.js';

/** Runs the command to its end (killed after `limitMs`): its exit code and standard error. */
function run(args: string[], limitMs = 30_000): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('serve on a busy port', () => {
  let layout: StoreLayout;
  const taken = net.createServer();
  let port = 0;
  beforeAll(async () => {
    if (!fs.existsSync(CLI)) throw new Error(`build first (npm run build): ${CLI} is missing`);
    layout = await realStoreLayout('skyalert-busy-port-');
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    port = (taken.address() as net.AddressInfo).port;
  });
  afterAll(() => {
    taken.close();
    if (layout) fs.rmSync(layout.root, { recursive: true, force: true });
  });

  for (const workers of ['1', '2']) {
    it(`exits 1 with a one-line message (--workers ${workers})`, async () => {
      const { code, stderr } = await run([
        'serve',
        '--store',
        layout.root,
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
        '--workers',
        workers,
      ]);
      expect(code).toBe(1);
      expect(stderr).toContain(
        `skyalert serve: cannot listen on 127.0.0.1:${port}: the address is already in use`,
      );
      expect(stderr).not.toMatch(/^\s+at |Unhandled 'error' event/m);
    }, 60_000);
  }
});
