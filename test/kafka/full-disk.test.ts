/**
 * The Kafka consumer on a full disk: when staging a night's alerts fails with ENOSPC, it stops and exits 1 within
 * seconds with the reason on one line — no abort (`terminate called after throwing an instance of
 * 'Napi::Error'`, exit 134), no stack trace, no hang. The full disk is simulated for that night's files
 * (test/support/full-disk-preload.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBroker, type TestBroker } from '../support/kafka-broker.js';
import { CLI, exited, produceAll, startConsumer } from '../support/kafka-consumer.js';
import { PROJECT_ROOT } from '../support/project-root.js';
import { tempStore } from '../support/store.js';

const PRELOAD = path.join(PROJECT_ROOT, 'test', 'support', 'full-disk-preload.mjs');

let broker: TestBroker;
beforeAll(async () => {
  if (!fs.existsSync(CLI)) throw new Error(`build first (npm run build): ${CLI} is missing`);
  broker = await startBroker(['full:2']);
  await produceAll(broker.bootstrap, 'full');
});
afterAll(() => broker?.stop());

describe('the Kafka consumer when the disk fills', () => {
  it('exits 1 with the reason on one line', async () => {
    const layout = tempStore();
    // the night of 2018-11-29 is one of the produced ones (test/data/README.md)
    const child = startConsumer(
      layout,
      broker.bootstrap,
      'full',
      'g-full',
      'cf',
      ['--publish-cron', 'off'],
      30,
      {
        args: ['--import', PRELOAD],
        env: { SKYALERT_TEST_FULL_DISK_AT: `staging${path.sep}20181129` },
      },
    );
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    // idle exit after 30 s: an exit well before it is the failure's
    expect(await exited(child, 25_000)).toBe(1);
    const message = stderr.split('\n').find((l) => l.startsWith('skyalert ingest:'));
    expect(message).toMatch(/staging a Kafka batch failed: .*no space left on device/);
    expect(stderr).not.toMatch(/terminate called|Napi::Error|^\s+at /m);
    fs.rmSync(layout.root, { recursive: true, force: true });
  }, 120_000);
});
