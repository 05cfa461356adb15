/**
 * The Kafka client alone: a kafkajs consumer with the ingester's settings (ingest/sources/kafka.ts) reads a topic
 * and drops every message. Its rate is the most any ingestion through this client can reach on the machine, the
 * bound that `bench:ingest` reports beside the ingester's own figures.
 */
import { Kafka, logLevel } from 'kafkajs';
import { consumerConfig, PARTITIONS_CONCURRENTLY } from '../ingest/sources/index.js';

/** What the client alone did: messages and bytes read, seconds from the first batch to the last, CPU seconds. */
export interface ClientAloneRun {
  readonly messages: number;
  readonly bytes: number;
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly ratePerSecond: number;
}

/** Reads `messages` messages of `topic` from its start with a new consumer group; resolves once all are read. */
export async function consumeWithClientAlone(options: {
  readonly bootstrap: string;
  readonly topic: string;
  readonly messages: number;
  readonly groupId: string;
  readonly maxFetchBytes: number;
  readonly sessionTimeoutMs: number;
}): Promise<ClientAloneRun> {
  const kafka = new Kafka({ brokers: options.bootstrap.split(','), logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer(
    consumerConfig({
      groupId: options.groupId,
      maxFetchBytes: options.maxFetchBytes,
      sessionTimeoutMs: options.sessionTimeoutMs,
    }),
  );
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [options.topic], fromBeginning: true });
    let messages = 0;
    let bytes = 0;
    let startedAt = 0;
    let cpuAtStart = process.cpuUsage();
    // a consumer that fails to start or crashes ends the measure with its error rather than a wait without end
    const done = new Promise<number>((resolve, reject) => {
      consumer.on(consumer.events.CRASH, ({ payload }) => reject(payload.error));
      consumer
        .run({
          autoCommit: false,
          partitionsConsumedConcurrently: PARTITIONS_CONCURRENTLY,
          eachBatch: async ({ batch }) => {
            if (startedAt === 0) {
              startedAt = performance.now();
              cpuAtStart = process.cpuUsage();
            }
            for (const m of batch.messages) {
              messages++;
              bytes += m.value?.length ?? 0;
            }
            if (messages >= options.messages) resolve(performance.now());
          },
        })
        .catch(reject);
    });
    const endedAt = await done;
    const cpu = process.cpuUsage(cpuAtStart);
    const seconds = (endedAt - startedAt) / 1000;
    return {
      messages,
      bytes,
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      ratePerSecond: messages / seconds,
    };
  } finally {
    await consumer.disconnect();
  }
}
