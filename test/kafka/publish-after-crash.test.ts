/**
 * Publication from what is staged, not from what one process remembers: a consumer stages and commits every
 * alert, is SIGKILLed before it publishes, and a restarted consumer (another ingester id: whichever process staged
 * a night) publishes every staged night although Kafka has nothing more to deliver — at its start when it
 * publishes on a schedule, and on exit with `--publish-on-exit`.
 */
import fs from 'node:fs';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { readCatalog } from '../../data/index.js';
import { stagedNights } from '../../ingest/publish/publish-night.js';
import { startBroker, type TestBroker } from '../support/kafka-broker.js';
import {
  CLI,
  exited,
  expectEveryStagedNightPublished,
  produceAll,
  startConsumer,
} from '../support/kafka-consumer.js';
import { tempStore } from '../support/store.js';

/** A schedule that does not fire while the test runs (00:00 UTC on 1 January). */
const DISTANT_CRON = ['--publish-cron', '0 0 1 1 *'];

let broker: TestBroker;
beforeAll(async () => {
  if (!fs.existsSync(CLI)) throw new Error(`build first (npm run build): ${CLI} is missing`);
  broker = await startBroker(['kill-cron:3', 'kill-exit:3']);
});
afterAll(() => broker?.stop());

/** Resolves once the group's committed offsets reach the end of every partition of `topic`. */
async function allCommitted(topic: string, group: string, limitMs = 60_000): Promise<void> {
  const admin = new Kafka({ brokers: [broker.bootstrap], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, p.high]));
    const end = Date.now() + limitMs;
    for (;;) {
      const [committed] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
      if (committed.partitions.every((p) => p.offset === ends.get(p.partition))) return;
      if (Date.now() > end) throw new Error(`offsets of ${group} not committed after ${limitMs} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await admin.disconnect();
  }
}

/** Stages and commits every alert of `topic` in a consumer that publishes on a schedule, then SIGKILLs it. */
async function stageThenKill(layout: StoreLayout, topic: string, group: string): Promise<void> {
  await produceAll(broker.bootstrap, topic);
  const child = startConsumer(layout, broker.bootstrap, topic, group, 'first', DISTANT_CRON, 600);
  await allCommitted(topic, group);
  child.kill('SIGKILL');
  await exited(child);
  expect(stagedNights(layout).length).toBeGreaterThan(0);
  expect(readCatalog(layout).statistics).toEqual({});
}

describe('nights staged by a consumer killed before its publication', () => {
  it('are published when a consumer that publishes on a schedule starts', async () => {
    const layout = tempStore();
    await stageThenKill(layout, 'kill-cron', 'g-kill-cron');
    const restarted = startConsumer(
      layout,
      broker.bootstrap,
      'kill-cron',
      'g-kill-cron',
      'second',
      DISTANT_CRON,
    );
    expect(await exited(restarted)).toBe(0);
    expectEveryStagedNightPublished(layout);
    fs.rmSync(layout.root, { recursive: true, force: true });
  }, 240_000);

  it('are published on exit by a restarted consumer with --publish-on-exit', async () => {
    const layout = tempStore();
    await stageThenKill(layout, 'kill-exit', 'g-kill-exit');
    const restarted = startConsumer(layout, broker.bootstrap, 'kill-exit', 'g-kill-exit', 'second', [
      '--publish-on-exit',
      '--publish-cron',
      'off',
    ]);
    expect(await exited(restarted)).toBe(0);
    expectEveryStagedNightPublished(layout);
    fs.rmSync(layout.root, { recursive: true, force: true });
  }, 240_000);
});
