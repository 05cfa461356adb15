/**
 * Prometheus metrics of a Kafka ingester (`skyalert ingest --kafka … --metrics-port P`), registered on the
 * registry the entry point serves: records read, staged, duplicated and quarantined by this process (their rate
 * is the ingestion rate), bytes read, and the lag of each partition it consumes. What the store holds (nights
 * not published, quarantine, catalog) is exported by the server's `/metrics`, which every deployment runs.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { IngestCounts } from './pipeline.js';
import type { PartitionLag } from './sources/index.js';

/** Where the metrics read their values at each scrape. */
export interface IngestMetricsSource {
  readonly counts: () => Readonly<IngestCounts>;
  readonly lags: () => readonly PartitionLag[];
}

/** Registers the ingester's metrics on `registry`; their values are read from `source` at each scrape. */
export function registerIngestMetrics(registry: Registry, source: IngestMetricsSource): void {
  const registers = [registry];
  new Counter({
    name: 'skyalert_ingest_records_total',
    help: 'Records read by this ingester since it started, by outcome (staged, duplicate, quarantined).',
    labelNames: ['outcome'],
    registers,
    collect() {
      const counts = source.counts();
      this.reset();
      this.inc({ outcome: 'staged' }, counts.staged);
      this.inc({ outcome: 'duplicate' }, counts.duplicates);
      this.inc({ outcome: 'quarantined' }, counts.quarantined);
    },
  });
  new Counter({
    name: 'skyalert_ingest_bytes_total',
    help: 'Bytes of messages read by this ingester since it started.',
    registers,
    collect() {
      this.reset();
      this.inc(source.counts().bytes);
    },
  });
  new Gauge({
    name: 'skyalert_kafka_partition_lag',
    help: 'Messages of a partition not yet durable in staging (its high watermark at the last fetch minus the next offset to stage).',
    labelNames: ['topic', 'partition'],
    registers,
    collect() {
      this.reset();
      for (const { topic, partition, lag } of source.lags())
        this.set({ topic, partition: String(partition) }, lag);
    },
  });
}
