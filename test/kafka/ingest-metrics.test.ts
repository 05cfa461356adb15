/**
 * The Kafka ingester's metrics (`--metrics-port`): after consuming every test alert from a 3-partition topic, the
 * records counter gives the alerts staged (the produced candids) and the bytes read (the produced files), and
 * each partition's lag is 0; the metrics server answers /metrics and a 404 elsewhere.
 */
import fs from 'node:fs';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../../bin/metrics-server.js';
import { runKafkaIngest } from '../../ingest/index.js';
import { startBroker, type TestBroker } from '../support/kafka-broker.js';
import { alertFiles, produceAll, producedCandids } from '../support/kafka-consumer.js';
import { tempStore, testLog } from '../support/store.js';

let broker: TestBroker;
beforeAll(async () => {
  broker = await startBroker(['metrics:3']);
  await produceAll(broker.bootstrap, 'metrics');
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
});
