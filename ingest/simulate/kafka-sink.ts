/**
 * Produces encoded alerts to a Kafka topic with kafkajs, one alert per message as ZTF does: the value is an Avro
 * object container of one record (schema embedded), the key the objectId — or any prepared value (the LSST
 * simulator's Confluent-framed datums). Messages go out in batches of
 * `batchSize` with acks = 1, spread over the partitions by key, or each batch to one partition in turn.
 */
import { Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import type { Logger } from 'pino';
import type { ContainerEncoder } from './container-writer.js';

/** Settings of a Kafka sink. */
export interface KafkaSinkOptions {
  readonly brokers: readonly string[];
  readonly topic: string;
  /** Wraps each record of `write` into a container; not needed when only `writeValue` is used. */
  readonly encoder?: ContainerEncoder;
  readonly log: Logger;
  /** Messages per produce request (default 500). */
  readonly batchSize?: number;
  /**
   * Sends each batch to one partition, in turn, instead of spreading it by key (Kafka's sticky partitioning).
   * The test broker returns at most one produced batch per partition and fetch, where a Kafka broker returns
   * all it holds up to the fetch size: batches of many alerts per partition give the consumer the fetches it
   * would get from Kafka (docs/benchmarks.md, ingestion). The topic must exist.
   */
  readonly batchPerPartition?: boolean;
}

/** Buffers alerts and sends them in batches. */
export class KafkaAlertSink {
  private readonly producer: Producer;
  private readonly batchSize: number;
  private batch: { key: string; value: Buffer; partition?: number }[] = [];
  /** Partitions of the topic and the next one to fill (batchPerPartition only). */
  private partitions = 0;
  private nextPartition = 0;
  private readonly kafka: Kafka;
  /** Messages acknowledged by the broker so far. */
  sent = 0;

  constructor(private readonly options: KafkaSinkOptions) {
    this.kafka = new Kafka({
      clientId: 'skyalert-simulate',
      brokers: [...options.brokers],
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => options.log.warn({ kafka: entry.log.message }, 'kafka client'),
      retry: { retries: 5, initialRetryTime: 200 },
    });
    // the default partitioner of kafkajs 2 (murmur2 of the key, as the Java client), named to silence its warning
    this.producer = this.kafka.producer({
      allowAutoTopicCreation: true,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.batchSize = options.batchSize ?? 500;
  }

  /** Connects the producer. Throws kafkajs' error when no broker answers. */
  async connect(): Promise<void> {
    await this.producer.connect();
    if (this.options.batchPerPartition) {
      const admin = this.kafka.admin();
      await admin.connect();
      try {
        const { topics } = await admin.fetchTopicMetadata({ topics: [this.options.topic] });
        this.partitions = topics[0]?.partitions.length ?? 0;
      } finally {
        await admin.disconnect();
      }
      if (this.partitions === 0) throw new Error(`topic ${this.options.topic} has no partition`);
    }
  }

  private async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    const messages = this.batch;
    this.batch = [];
    if (this.partitions > 0) {
      const partition = this.nextPartition;
      this.nextPartition = (partition + 1) % this.partitions;
      for (const m of messages) m.partition = partition;
    }
    await this.producer.send({ topic: this.options.topic, acks: 1, messages });
    this.sent += messages.length;
  }

  /** Queues one encoded alert as a one-record container; sends when the batch is full. Throws without an encoder. */
  async write(objectId: string, record: Uint8Array): Promise<void> {
    if (!this.options.encoder) throw new Error('KafkaAlertSink.write needs an encoder');
    await this.writeValue(objectId, this.options.encoder.container([record]));
  }

  /** Queues one message value as it is (e.g. a Confluent-framed datum); sends when the batch is full. */
  async writeValue(key: string, value: Buffer): Promise<void> {
    this.batch.push({ key, value });
    if (this.batch.length >= this.batchSize) await this.flush();
  }

  /** Sends what is queued and disconnects. */
  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      await this.producer.disconnect();
    }
  }
}
