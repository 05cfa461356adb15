/**
 * Produces encoded alerts to a Kafka topic with kafkajs, one alert per message as ZTF does: the value is an Avro
 * object container of one record (schema embedded), the key the objectId. Messages go out in batches of
 * `batchSize` with acks = 1.
 */
import { Kafka, logLevel, type Producer } from 'kafkajs';
import type { Logger } from 'pino';
import type { ContainerEncoder } from './container-writer.js';

/** Settings of a Kafka sink. */
export interface KafkaSinkOptions {
  readonly brokers: readonly string[];
  readonly topic: string;
  readonly encoder: ContainerEncoder;
  readonly log: Logger;
  /** Messages per produce request (default 500). */
  readonly batchSize?: number;
}

/** Buffers alerts and sends them in batches. */
export class KafkaAlertSink {
  private readonly producer: Producer;
  private readonly batchSize: number;
  private batch: { key: string; value: Buffer }[] = [];
  /** Messages acknowledged by the broker so far. */
  sent = 0;

  constructor(private readonly options: KafkaSinkOptions) {
    const kafka = new Kafka({
      clientId: 'skyalert-simulate',
      brokers: [...options.brokers],
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => options.log.warn({ kafka: entry.log.message }, 'kafka client'),
      retry: { retries: 5, initialRetryTime: 200 },
    });
    this.producer = kafka.producer({ allowAutoTopicCreation: true });
    this.batchSize = options.batchSize ?? 500;
  }

  /** Connects the producer. Throws kafkajs' error when no broker answers. */
  async connect(): Promise<void> {
    await this.producer.connect();
  }

  private async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    const messages = this.batch;
    this.batch = [];
    await this.producer.send({ topic: this.options.topic, acks: 1, messages });
    this.sent += messages.length;
  }

  /** Queues one encoded alert; sends when the batch is full. */
  async write(objectId: string, record: Uint8Array): Promise<void> {
    this.batch.push({ key: objectId, value: this.options.encoder.container([record]) });
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
