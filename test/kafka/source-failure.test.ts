/**
 * KafkaSource when a batch cannot be staged: fetching runs ahead of staging, so the source must stop at the
 * first failure and commit nothing from the failed batch on; a restarted consumer gets those messages again.
 */
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawMessage } from '../../ingest/pipeline.js';
import { KafkaSource } from '../../ingest/sources/index.js';
import { startBroker, type TestBroker } from '../support/kafka-broker.js';
import { testLog } from '../support/store.js';

const TOPIC = 'failing';
const PARTITIONS = 2;
const MESSAGES = 400;

let broker: TestBroker;

beforeAll(async () => {
  broker = await startBroker([`${TOPIC}:${PARTITIONS}`]);
  const kafka = new Kafka({ brokers: [broker.bootstrap], logLevel: logLevel.NOTHING });
  const producer = kafka.producer();
  await producer.connect();
  // batches of 20 per partition, so that the consumer's fetches hold several batches over time
  for (let i = 0; i < MESSAGES; i += 20) {
    await producer.send({
      topic: TOPIC,
      messages: Array.from({ length: 20 }, (_, k) => ({
        value: Buffer.from(`m${i + k}`),
        partition: ((i / 20) % PARTITIONS) as number,
      })),
    });
  }
  await producer.disconnect();
});

afterAll(() => broker?.stop());

const offsetOf = (m: RawMessage): string =>
  m.position.kind === 'kafka' ? `${m.position.partition}@${m.position.offset}` : '';

function source(groupId = 'failing-group'): KafkaSource {
  return new KafkaSource({
    brokers: [broker.bootstrap],
    topics: [TOPIC],
    groupId,
    sessionTimeoutMs: 3000,
    log: testLog,
  });
}

async function until(condition: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('KafkaSource with a batch that cannot be staged', () => {
  it('stops at the failure; a restart delivers every message not staged, the failed batch included', async () => {
    const staged = new Set<string>();
    const failed: string[] = [];
    const first = source();
    let batches = 0;
    let stopped: Error | null = null;
    first.onFailure = (err) => {
      stopped = err;
    };
    await first.start(async (messages) => {
      const n = ++batches;
      await new Promise((r) => setTimeout(r, 20)); // staging takes time: later batches are fetched meanwhile
      if (n === 3) {
        failed.push(...messages.map(offsetOf));
        throw new Error('disk full');
      }
      for (const m of messages) staged.add(offsetOf(m));
    });
    await until(() => stopped !== null, 'the failure');
    await first.stop();
    expect(first.failure?.message).toBe('disk full');
    expect(failed.length).toBeGreaterThan(0);

    // the same group again: it resumes from what was committed, i.e. only durable batches
    const again = new Set<string>();
    const second = source();
    await second.start(async (messages) => {
      for (const m of messages) again.add(offsetOf(m));
    });
    // staged messages whose offsets were not committed yet come again: wait for the union, not the sum
    const delivered = (): number => new Set([...staged, ...again]).size;
    await until(() => delivered() >= MESSAGES && failed.every((o) => again.has(o)), 'redelivery');
    await second.stop();
    for (const o of failed) expect(again.has(o)).toBe(true);
    const all = new Set([...staged, ...again]);
    expect(all.size).toBe(MESSAGES);
    expect(second.failure).toBeNull();
  });
});

describe('KafkaSource while consuming', () => {
  it('commits the offsets of the staged batches about once a second, before any stop', async () => {
    const group = 'committing-group';
    const consumer = source(group);
    let staged = 0;
    await consumer.start(async (messages) => {
      staged += messages.length;
    });
    const admin = new Kafka({ brokers: [broker.bootstrap], logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      let committed = 0;
      await until(() => staged === MESSAGES, 'every message staged');
      const end = Date.now() + 10_000;
      while (committed < MESSAGES && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 250));
        const [topic] = await admin.fetchOffsets({ groupId: group, topics: [TOPIC] });
        committed = topic.partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
      }
      expect(committed).toBe(MESSAGES);
    } finally {
      await admin.disconnect();
      await consumer.stop();
    }
  });
});
