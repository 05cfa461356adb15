/**
 * The Kafka ingester's metrics (`--metrics-port`): after consuming every test alert from a 3-partition topic, the
 * records counter gives the alerts staged (the produced candids) and the bytes read (the produced files), and
 * each partition's lag is 0; the metrics server answers /metrics and a 404 elsewhere. While no batch is durable,
 * each partition's lag is every message it holds (the broker's high minus low watermark), and 0 once durable.
 */
import fs from 'node:fs';
import { Kafka, logLevel } from 'kafkajs';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../../bin/metrics-server.js';
import { runKafkaIngest } from '../../ingest/index.js';
import { KafkaSource } from '../../ingest/sources/index.js';
import { startBroker, type TestBroker } from '../support/kafka-broker.js';
import { alertFiles, produceAll, producedCandids } from '../support/kafka-consumer.js';
import { tempStore, testLog } from '../support/store.js';

let broker: TestBroker;
beforeAll(async () => {
  broker = await startBroker(['metrics:3', 'lag:2']);
  await produceAll(broker.bootstrap, 'metrics');
  await produceAll(broker.bootstrap, 'lag');
}, 120_000);
afterAll(async () => {
  await broker?.stop();
});

describe('Kafka ingester metrics', () => {
  const layout = tempStore('skyalert-kafka-metrics-');
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('count the records staged and the bytes read, and give each partition lag 0 once caught up', async () => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const server = await startMetricsServer(registry, 0, '127.0.0.1');
    try {
      await runKafkaIngest(layout, {
        brokers: [broker.bootstrap],
        topics: ['metrics'],
        groupId: 'metrics',
        ingesterId: 'm',
        publishCron: null,
        publishOnExit: false,
        exitWhenIdleSeconds: 2,
        log: testLog,
        metrics: registry,
      });
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      const sample = (name: string, labels = ''): number[] =>
        [...text.matchAll(new RegExp(`^${name}\\{?${labels}[^}\\n]*\\}? (\\S+)$`, 'gm'))].map((m) =>
          Number(m[1]),
        );
      expect(sample('skyalert_ingest_records_total', 'outcome="staged"')).toEqual([producedCandids().size]);
      const bytes = alertFiles().reduce((n, f) => n + fs.statSync(f).size, 0);
      expect(sample('skyalert_ingest_bytes_total')).toEqual([bytes]);
      const lags = [
        ...text.matchAll(/^skyalert_kafka_partition_lag\{topic="metrics",partition="(\d)"\} (\S+)$/gm),
      ];
      expect(lags.map((m) => m[1]).sort()).toEqual(['0', '1', '2']);
      expect(lags.map((m) => Number(m[2]))).toEqual([0, 0, 0]);
      expect(sample('process_resident_memory_bytes')[0]).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('gives the messages not yet durable as lag, per partition', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let handed = 0;
    const source = new KafkaSource({
      brokers: [broker.bootstrap],
      topics: ['lag'],
      groupId: 'lag',
      log: testLog,
    });
    const running = source.start(async (messages) => {
      handed += messages.length;
      await gate;
    });
    const total = () => source.partitionLags().reduce((n, p) => n + p.lag, 0);
    for (let i = 0; i < 600 && source.partitionLags().length < 2; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(
      source
        .partitionLags()
        .map((p) => p.partition)
        .sort(),
    ).toEqual([0, 1]);
    // nothing is durable: each partition's lag is all it holds (the broker's high minus low watermark)
    const admin = new Kafka({ brokers: [broker.bootstrap], logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const offsets = await admin.fetchTopicOffsets('lag');
    await admin.disconnect();
    const held = new Map(offsets.map((o) => [o.partition, Number(o.high) - Number(o.low)]));
    expect(handed).toBeGreaterThan(0);
    for (const p of source.partitionLags())
      expect(p.lag, `partition ${p.partition}`).toBe(held.get(p.partition));
    expect(total()).toBeGreaterThan(0);
    release();
    for (let i = 0; i < 600 && total() > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(total()).toBe(0);
    await source.stop();
    await running;
  }, 120_000);
});
