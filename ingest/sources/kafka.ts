/**
 * Kafka source: a kafkajs consumer group on one or more topics (or a pattern). Each fetched batch is handed to
 * the handler; its offsets are resolved (and so committed, at most once a second) only after the handler
 * resolved (the batch is durable in staging), so delivery is at-least-once and staging's candid idempotence
 * removes the repeats. Heartbeats continue during long batches.
 */
import { type Consumer, Kafka, logLevel } from 'kafkajs';
import type { Logger } from 'pino';
import type { RawMessage } from '../pipeline.js';

export interface KafkaSourceOptions {
  readonly brokers: readonly string[];
  /** Topic names, or one regular expression. */
  readonly topics: readonly string[] | RegExp;
  readonly groupId: string;
  readonly clientId?: string;
  readonly fromBeginning?: boolean;
  readonly sessionTimeoutMs?: number;
  readonly heartbeatIntervalMs?: number;
  readonly maxWaitTimeMs?: number;
  /** Partitions whose batches are handled concurrently (default 1). */
  readonly partitionsConcurrently?: number;
  readonly log: Logger;
}

/** Handler of one batch of messages; resolves when the batch is durable. */
export type BatchHandler = (messages: RawMessage[]) => Promise<void>;

function kafkaLogCreator(log: Logger) {
  return () =>
    ({ level, log: entry }: { level: number; log: { message: string } & Record<string, unknown> }) => {
      const { message, ...rest } = entry;
      if (level <= logLevel.ERROR) log.error(rest, message);
      else if (level === logLevel.WARN) log.warn(rest, message);
      else log.debug(rest, message);
    };
}

/**
 * Partitions' batches handled at once (default). A fetch returns a few messages per partition; handled one
 * partition at a time, each batch was a staging transaction of its own (~5 ms of DuckDB work whatever its size:
 * 300 alerts/s from 256 partitions). Handled together, they are staged in one transaction (group commit).
 */
const PARTITIONS_CONCURRENTLY = 64;
/** Bytes of one fetch (kafkajs' default is 10 MiB, ~250 ZTF alerts with their schema). */
const MAX_FETCH_BYTES = 64 * 1024 * 1024;

/** Extra time allowed for the first group join before idleness counts. */
const JOIN_GRACE_MS = 30_000;

export class KafkaSource {
  private readonly consumer: Consumer;
  private lastMessageAt = Date.now();
  private joined = false;

  constructor(private readonly options: KafkaSourceOptions) {
    const kafka = new Kafka({
      clientId: options.clientId ?? 'skyalert',
      brokers: [...options.brokers],
      logCreator: kafkaLogCreator(options.log),
      retry: { retries: 8, initialRetryTime: 200 },
    });
    this.consumer = kafka.consumer({
      groupId: options.groupId,
      sessionTimeout: options.sessionTimeoutMs ?? 10_000,
      heartbeatInterval:
        options.heartbeatIntervalMs ?? Math.min(1000, Math.floor((options.sessionTimeoutMs ?? 10_000) / 10)),
      maxWaitTimeInMs: options.maxWaitTimeMs ?? 100,
      maxBytesPerPartition: 8 * 1024 * 1024,
      maxBytes: MAX_FETCH_BYTES,
    });
  }

  /**
   * Milliseconds since the last message arrived, or since the group was joined. Before the first join it counts
   * from the start minus JOIN_GRACE_MS, so that a consumer that never manages to join still ends.
   */
  idleMs(): number {
    const since = Date.now() - this.lastMessageAt;
    return this.joined ? since : Math.max(0, since - JOIN_GRACE_MS);
  }

  /** Subscribes and consumes until `stop` is called; `handler` runs one batch at a time per partition. */
  async start(handler: BatchHandler): Promise<void> {
    this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
      // idleness counts from the first join; later rebalances do not restart it
      if (!this.joined) this.lastMessageAt = Date.now();
      this.joined = true;
    });
    await this.consumer.connect();
    const topics = this.options.topics;
    if (topics instanceof RegExp)
      await this.consumer.subscribe({ topics: [topics], fromBeginning: this.options.fromBeginning ?? true });
    else
      await this.consumer.subscribe({
        topics: [...topics],
        fromBeginning: this.options.fromBeginning ?? true,
      });
    this.lastMessageAt = Date.now();
    await this.consumer.run({
      // offsets are resolved only after the batch is durable; kafkajs commits the resolved offsets at most
      // once a second (and on a clean stop), so that 64 partitions do not cost 64 commits per fetch
      autoCommit: true,
      autoCommitInterval: 1000,
      eachBatchAutoResolve: false,
      // several partitions' batches in flight at once; the handler stages them together (group commit)
      partitionsConsumedConcurrently: this.options.partitionsConcurrently ?? PARTITIONS_CONCURRENTLY,
      eachBatch: async ({
        batch,
        heartbeat,
        isRunning,
        isStale,
        resolveOffset,
        commitOffsetsIfNecessary,
      }) => {
        if (!isRunning() || isStale() || batch.messages.length === 0) return;
        this.lastMessageAt = Date.now();
        const messages: RawMessage[] = [];
        for (const m of batch.messages) {
          if (!m.value) continue;
          messages.push({
            bytes: m.value,
            position: { kind: 'kafka', topic: batch.topic, partition: batch.partition, offset: m.offset },
          });
        }
        const beat = setInterval(() => {
          heartbeat().catch(() => undefined);
        }, 1000);
        try {
          await handler(messages);
        } finally {
          clearInterval(beat);
        }
        resolveOffset(batch.messages[batch.messages.length - 1].offset);
        await commitOffsetsIfNecessary();
      },
    });
  }

  /** Stops consuming after the batch in progress (its offsets committed) and leaves the group. */
  async stop(): Promise<void> {
    await this.consumer.disconnect();
  }
}
