/**
 * Kafka source: a kafkajs consumer group on one or more topics (or a pattern). Each fetched batch is handed to
 * the handler; its offsets are resolved (and so committed, at most once a second, and when stopping) only after
 * the handler resolved (the batch is durable in staging), so delivery is at-least-once and staging's candid
 * idempotence removes the repeats. Heartbeats continue during long batches.
 *
 * Offsets are committed by this class, not by kafkajs' auto-commit: that commits after every partition's batch,
 * and 64 batches released together by one group commit sent 64 offset commits at once.
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
  /** Next offset to read of each partition whose batches were handled (`topic\0partition` → offset). */
  private readonly resolved = new Map<string, { topic: string; partition: number; offset: string }>();
  /** Batches being handled, and whether a stop was asked (no new batch is then taken). */
  private readonly inFlight = new Set<Promise<void>>();
  private stopping = false;

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
      // after a rebalance, commit only what this member handles from now on
      this.resolved.clear();
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
      // offsets are resolved only after the batch is durable, and committed at most once a second (and on stop)
      autoCommit: false,
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
        if (this.stopping || !isRunning() || isStale() || batch.messages.length === 0) return;
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
        // the batch is handled and its offset recorded as one piece of work, which `stop` waits for
        const work = (async () => {
          try {
            await handler(messages);
          } finally {
            clearInterval(beat);
          }
          const last = batch.messages[batch.messages.length - 1].offset;
          resolveOffset(last);
          this.resolved.set(`${batch.topic}\0${batch.partition}`, {
            topic: batch.topic,
            partition: batch.partition,
            offset: (BigInt(last) + 1n).toString(),
          });
        })();
        this.inFlight.add(work);
        try {
          await work;
        } finally {
          this.inFlight.delete(work);
        }
        await commitOffsetsIfNecessary();
      },
    });
  }

  /**
   * Stops consuming: takes no new batch, waits for the batches in progress, commits the offsets of every batch
   * handled, and leaves the group. Batches fetched meanwhile are not handled: they are delivered again.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.inFlight]);
    if (this.resolved.size > 0) {
      await this.consumer
        .commitOffsets([...this.resolved.values()])
        .catch((err) =>
          this.options.log.warn(
            { error: err instanceof Error ? err.message : String(err) },
            'offsets not committed on stop; their batches will be delivered again (staged once)',
          ),
        );
    }
    await this.consumer.disconnect();
  }
}
