/**
 * File ingestion on a fatal error: the disk fills while a later night is staged. The command must exit 1 within
 * seconds with the reason on one line, after publishing the night staged before the error — not log progress
 * forever. The full disk is simulated for the files of that night only (test/support/full-disk-preload.mjs).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog } from '../../data/index.js';
import { CLI } from '../support/kafka-consumer.js';
import { PROJECT_ROOT } from '../support/project-root.js';
import { tempStore } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const PRELOAD = path.join(PROJECT_ROOT, 'test', 'support', 'full-disk-preload.mjs');
/** The exit is due within this (a command's start, one small publication, under a loaded machine). */
const EXIT_LIMIT_MS = 45_000;

/** A .tar.gz of the alerts of one directory. */
async function tarballOf(dir: string, file: string): Promise<void> {
  const pack = tar.pack();
  for (const name of fs.readdirSync(dir).sort()) pack.entry({ name }, fs.readFileSync(path.join(dir, name)));
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  fs.writeFileSync(file, zlib.gzipSync(Buffer.concat(chunks)));
}

describe('file ingestion when the disk fills', () => {
  const layout = tempStore();
  const input = fs.mkdtempSync(path.join(layout.root, '..', 'skyalert-input-'));
  beforeAll(async () => {
    if (!fs.existsSync(CLI)) throw new Error(`build first (npm run build): ${CLI} is missing`);
    await tarballOf(
      testDataPath('ztf_raw_avro', 'fink-broker_basic_alerts_2020-01-01'),
      path.join(input, 'ztf_public_20200101.tar.gz'),
    );
  });
  afterAll(() => {
    fs.rmSync(layout.root, { recursive: true, force: true });
    fs.rmSync(input, { recursive: true, force: true });
  });

  it('exits 1 with the reason, after publishing the night staged before the error', async () => {
    // the night of 2018-11-29 (small files, one batch) is staged before the tarball of 2020-01-01
    const child = spawn(
      process.execPath,
      [
        '--import',
        PRELOAD,
        CLI,
        'ingest',
        '--store',
        layout.root,
        testDataPath('ztf_raw_avro', 'fink-broker_datasim_2018-11-29'),
        path.join(input, 'ztf_public_20200101.tar.gz'),
      ],
      {
        env: { ...process.env, SKYALERT_TEST_FULL_DISK_AT: `staging${path.sep}20200101` },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.stdout.on('data', () => undefined);
    const started = Date.now();
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_LIMIT_MS);
      child.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(Date.now() - started).toBeLessThan(EXIT_LIMIT_MS);
    expect(code).toBe(1);
    const message = stderr.split('\n').find((l) => l.startsWith('skyalert ingest:'));
    expect(message).toMatch(/no space left on device/);
    expect(stderr).not.toMatch(/terminate called|Napi::Error|^\s+at /m);
    expect(Object.keys(readCatalog(layout).statistics)).toEqual(['20181129']);
  }, 120_000);
});
