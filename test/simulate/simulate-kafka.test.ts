/**
 * `runSimulate` with Kafka, against the Kafka-protocol test broker: every alert is one message holding a
 * one-record Avro container (schema embedded, as ZTF), keyed by objectId; MPCORB.DAT is still written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Consumer, Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertDecoder, readHeader } from '../../ingest/decode/index.js';
import { runSimulate } from '../../ingest/simulate/index.js';
import { startBroker, type TestBroker } from '../support/kafka-broker.js';
import { testLog } from '../support/store.js';

const TOPIC = 'sim-alerts';
const STICKY_TOPIC = 'sim-sticky';
const ALERTS = 120;

let broker: TestBroker;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-sim-kafka-'));

beforeAll(async () => {
  broker = await startBroker([`${TOPIC}:4`, `${STICKY_TOPIC}:4`]);
});

afterAll(async () => {
  await broker?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A consumer of a new group (`prefix` + time) on the test broker, quick to join and to fetch. */
function testConsumer(prefix: string): Consumer {
  const kafka = new Kafka({ clientId: 'sim-test', brokers: [broker.bootstrap], logLevel: logLevel.NOTHING });
  return kafka.consumer({
    groupId: `${prefix}-${Date.now()}`,
    sessionTimeout: 3000,
    heartbeatInterval: 300,
    maxWaitTimeInMs: 100,
  });
}

describe('runSimulate to Kafka', () => {
  it('produces one container per alert, keyed by objectId, that the decoder reads', async () => {
    const result = await runSimulate({
      outDir: tmp,
      nights: 1,
      alertsPerNight: ALERTS,
      seed: 9,
      startNight: '2024-05-01',
      kafka: { brokers: [broker.bootstrap], topic: TOPIC },
      log: testLog,
    });
    expect(result.alerts).toBe(ALERTS);
    expect(result.files).toEqual([path.join(tmp, 'MPCORB.DAT')]);
    expect(fs.readFileSync(result.files[0], 'utf8').split('\n').filter(Boolean).length).toBe(
      result.asteroids,
    );
    expect(fs.readdirSync(tmp)).toEqual(['MPCORB.DAT']);

    const consumer = testConsumer('sim-test');
    const decoder = new AlertDecoder();
    const seen: { key: string; candid: bigint; objectId: string; records: number; schemaOk: boolean }[] = [];
    await consumer.connect();
    await consumer.subscribe({ topic: TOPIC, fromBeginning: true });
    const done = new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => {
          const value = message.value as Buffer;
          const outcomes = decoder.decodeMessage(value);
          const first = outcomes[0];
          if (!first?.ok) throw new Error(first ? first.reason : 'empty message');
          seen.push({
            key: message.key?.toString() ?? '',
            candid: first.alert.candid,
            objectId: first.alert.objectId,
            records: outcomes.length,
            schemaOk: JSON.parse(readHeader(value)?.schemaText ?? '{}').name === 'alert',
          });
          if (seen.length >= ALERTS) resolve();
        },
      });
    });
    await Promise.race([
      done,
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 30_000)),
    ]);
    await consumer.disconnect();
    expect(seen).toHaveLength(ALERTS);
    expect(new Set(seen.map((s) => s.candid)).size).toBe(ALERTS);
    for (const s of seen) {
      expect(s.key).toBe(s.objectId);
      expect(s.records).toBe(1);
      expect(s.schemaOk).toBe(true);
    }
  });

  it('sends each batch to one partition in turn with batchPerPartition, every alert once', async () => {
    const batchSize = 30;
    await runSimulate({
      outDir: fs.mkdtempSync(path.join(tmp, 'sticky-')),
      nights: 1,
      alertsPerNight: ALERTS,
      seed: 9,
      startNight: '2024-05-01',
      kafka: { brokers: [broker.bootstrap], topic: STICKY_TOPIC, batchSize, batchPerPartition: true },
      log: testLog,
    });
    const consumer = testConsumer('sim-sticky');
    const byPartition = new Map<number, string[]>();
    let count = 0;
    await consumer.connect();
    await consumer.subscribe({ topic: STICKY_TOPIC, fromBeginning: true });
    const done = new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ partition, message }) => {
          const keys = byPartition.get(partition) ?? [];
          keys.push(message.key?.toString() ?? '');
          byPartition.set(partition, keys);
          if (++count >= ALERTS) resolve();
        },
      });
    });
    await Promise.race([
      done,
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 30_000)),
    ]);
    await consumer.disconnect();
    // 120 alerts in batches of 30 over 4 partitions: one whole batch each, keys (objectIds) still set
    expect([...byPartition.keys()].sort()).toEqual([0, 1, 2, 3]);
    for (const keys of byPartition.values()) {
      expect(keys).toHaveLength(batchSize);
      expect(keys.every((k) => /^ZTF/.test(k))).toBe(true);
    }
  });
});
