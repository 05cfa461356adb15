/**
 * The buffered logger of `serve` (bin/logger.ts): a line reaches stderr while the process runs, within the flush
 * interval, and the lines still gathered at exit are written before the process ends.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../support/kafka-consumer.js';

const LOGGER = path.join(path.dirname(CLI), 'logger.js');

/** Runs `script` (an ES module body) in a child, its stderr lines with the time each arrived (ms after start). */
function run(script: string): Promise<{ code: number | null; lines: { at: number; msg: string }[] }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const started = performance.now();
  const lines: { at: number; msg: string }[] = [];
  let partial = '';
  child.stderr.on('data', (chunk: Buffer) => {
    const at = performance.now() - started;
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) lines.push({ at, msg: (JSON.parse(line) as { msg: string }).msg });
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, lines })));
}

describe('the buffered request log of serve', () => {
  it('writes a line while the process runs, and the last lines at exit', async () => {
    if (!fs.existsSync(LOGGER)) throw new Error(`build first (npm run build): ${LOGGER} is missing`);
    const { code, lines } = await run(`
      const { createLogger } = await import(${JSON.stringify(LOGGER)});
      const log = createLogger('info', true);
      log.info('first');
      setTimeout(() => {
        log.info('second');
        log.info('third');
        process.exit(3);
      }, 1500);
    `);
    expect(code).toBe(3);
    expect(lines.map((l) => l.msg)).toEqual(['first', 'second', 'third']);
    // 'first' came out while the process waited (flushed within 250 ms), well before the exit at 1.5 s
    expect(lines[1].at - lines[0].at).toBeGreaterThan(800);
  });
});
