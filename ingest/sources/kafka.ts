/**
 * Kafka source: a kafkajs consumer group on one or more topics (or a pattern). Each fetched batch is handed to
 * the handler; its offsets are committed (at most once a second, and when stopping) only after the handler
 * resolved (the batch is durable in staging), so delivery is at-least-once and staging's candid idempotence
 * removes the repeats.
 *
 * Offsets are committed by this class, not by kafkajs' auto-commit: that commits after every partition's batch,
 * and 64 batches released together by one group commit sent 64 offset commits at once.
 *
 * Fetching runs ahead of staging: a batch handed over is resolved in kafkajs at once (kafkajs fetches a
 * partition from its resolved offset, and fetches a broker again only once the batches of its last fetch are
 * resolved), while up to MAX_PENDING_MESSAGES messages are being staged. What is committed is only what is
 * durable. A batch whose staging fails stops the source (`failure`): the messages after the last durable one
 * are delivered again after a restart, never skipped.
 */
import { type Consumer, type ConsumerConfig, Kafka, logLevel } from 'kafkajs';
import type { Logger } from 'pino';
import type { Survey } from '../../data/index.js';
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
  /** Bytes of one fetch (default: ZTF's, MAX_FETCH_BYTES). */
  readonly maxFetchBytes?: number;
  /** Partitions whose batches are handled concurrently (default PARTITIONS_CONCURRENTLY). */
  readonly partitionsConcurrently?: number;
  readonly log: Logger;
}

/** How far a partition's durable position is behind its end, as of the last batch fetched from it. */
export interface PartitionLag {
  readonly topic: string;
  readonly partition: number;
  /** Messages between the next offset to stage durably and the partition's high watermark. */
  readonly lag: number;
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
export const PARTITIONS_CONCURRENTLY = 64;
/**
 * Bytes of one fetch, per survey (kafkajs' default is 10 MiB, ~250 ZTF alerts with their schema). kafkajs joins
 * each response into one new buffer: for ZTF, responses of 16 MiB instead of 64 took the consumer thread's page
 * faults from ~315,000 to ~220,000 per 20,000 alerts, and consumption 3 % faster over ten pairs. LSST alerts are ~5×
 * larger (~105 KB with their stamps): 16 MiB is ~150 of them per fetch, and 64 MiB took consumption from ~730 to
 * ~1,450 alerts/s and the ingester's CPU from 12.5 to 7 s per 5,000 alerts (docs/benchmarks.md, "Rubin/LSST from
 * Kafka"); 128 and 256 MiB were no faster.
 */
export const MAX_FETCH_BYTES: Readonly<Record<Survey, number>> = { ztf: 16 << 20, lsst: 64 << 20 };

/**
 * Messages handed to the handler and not yet durable above which a new batch waits: about one group commit of a
 * fetch (64 partitions' batches of ~40 alerts), so that one is staged while the next is fetched. 6,000 was no
 * faster and doubled the consumer's peak RSS (docs/benchmarks.md).
 */
const MAX_PENDING_MESSAGES = 3000;
/**
 * Bytes of messages handed to the handler and not yet durable above which a new batch waits: LSST alerts are ~5×
 * ZTF's (~100 KB with their stamps), and 3,000 of them outgrew the memory the staging thread shares with this one
 * (staging-thread.ts): each group that did not fit was copied into fresh memory, whose page faults cost more than
 * the copy. 128 MiB is ~1,200 LSST alerts, ~5,000 ZTF alerts (the message count binds first for those).
 */
const MAX_PENDING_BYTES = 128 << 20;

/** Interval of the commits of durable offsets while consuming (a crash re-delivers at most about this much). */
const COMMIT_INTERVAL_MS = 1000;

/** Extra time allowed for the first group join before idleness counts. */
const JOIN_GRACE_MS = 30_000;

/** The kafkajs consumer settings of a source (also used by `bench:ingest` to measure the client alone). */
export function consumerConfig(
  options: Omit<KafkaSourceOptions, 'brokers' | 'topics' | 'log'>,
): ConsumerConfig {
  const sessionTimeout = options.sessionTimeoutMs ?? 10_000;
  return {
    groupId: options.groupId,
    sessionTimeout,
    heartbeatInterval: options.heartbeatIntervalMs ?? Math.min(1000, Math.floor(sessionTimeout / 10)),
    maxWaitTimeInMs: options.maxWaitTimeMs ?? 100,
    maxBytesPerPartition: 8 * 1024 * 1024,
    maxBytes: options.maxFetchBytes ?? MAX_FETCH_BYTES.ztf,
  };
}

export class KafkaSource {
  private readonly consumer: Consumer;
  private lastActivityAt = Date.now();
  private joined = false;
  /** Next offset to read of each partition whose batches were handled (`topic\0partition` → offset). */
  private readonly resolved = new Map<string, { topic: string; partition: number; offset: string }>();
  /** Of each partition assigned: its high watermark at the last fetch, and the next offset to make durable. */
  private readonly positions = new Map<
    string,
    { topic: string; partition: number; highWatermark: bigint; durableNext: bigint }
  >();
  /** Batches being handled (these promises never reject), and whether a stop was asked (no new batch is taken). */
  private readonly inFlight = new Set<Promise<void>>();
  private pendingMessages = 0;
  private pendingBytes = 0;
  private stopping = false;
  /** Changes of `resolved` so far, and the change last committed (the timer commits only when they differ). */
  private resolvedChanges = 0;
  private committedChanges = 0;
  private committing: Promise<void> | null = null;
  private commitTimer: NodeJS.Timeout | null = null;
  /** The first handler failure: no batch is taken or recorded after it. */
  failure: Error | null = null;
  /** Called once, on the first handler failure (e.g. to stop the ingester). */
  onFailure: (error: Error) => void = () => undefined;

  constructor(private readonly options: KafkaSourceOptions) {
    const kafka = new Kafka({
      clientId: options.clientId ?? 'skyalert',
      brokers: [...options.brokers],
      logCreator: kafkaLogCreator(options.log),
      retry: { retries: 8, initialRetryTime: 200 },
    });
    this.consumer = kafka.consumer(consumerConfig(options));
  }

  /**
   * Milliseconds since the last message arrived or was staged, or since the group was joined; 0 while batches
   * are being staged. Before the first join it counts
   * from the start minus JOIN_GRACE_MS, so that a consumer that never manages to join still ends.
   */
  idleMs(): number {
    if (this.inFlight.size > 0) return 0;
    const since = Date.now() - this.lastActivityAt;
    return this.joined ? since : Math.max(0, since - JOIN_GRACE_MS);
  }

  /**
   * Lag of each partition this member consumes, as of its last fetched batch (a partition not fetched since the
   * last group join is absent): the messages not yet durable in staging.
   */
  partitionLags(): PartitionLag[] {
    return [...this.positions.values()].map((p) => ({
      topic: p.topic,
      partition: p.partition,
      lag: Number(p.highWatermark > p.durableNext ? p.highWatermark - p.durableNext : 0n),
    }));
  }

  /** Subscribes and consumes until `stop` is called; `handler` runs one batch at a time per partition. */
  async start(handler: BatchHandler): Promise<void> {
    this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
      // idleness counts from the first join; later rebalances do not restart it
      if (!this.joined) this.lastActivityAt = Date.now();
      this.joined = true;
      // after a rebalance, commit only what this member handles from now on
      this.resolved.clear();
      this.positions.clear();
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
    this.lastActivityAt = Date.now();
    this.commitTimer = setInterval(() => void this.commitDurable(), COMMIT_INTERVAL_MS);
    await this.consumer.run({
      // kafkajs commits nothing itself: this class commits the durable offsets, once a second and on stop
      autoCommit: false,
      autoCommitInterval: 1000,
      eachBatchAutoResolve: false,
      // several partitions' batches in flight at once; the handler stages them together (group commit)
      partitionsConsumedConcurrently: this.options.partitionsConcurrently ?? PARTITIONS_CONCURRENTLY,
      eachBatch: async ({ batch, heartbeat, isRunning, isStale, resolveOffset }) => {
        if (this.stopping || this.failure || !isRunning() || isStale() || batch.messages.length === 0) return;
        this.lastActivityAt = Date.now();
        const messages: RawMessage[] = [];
        let bytes = 0;
        for (const m of batch.messages) {
          if (!m.value) continue;
          bytes += m.value.length;
          messages.push({
            bytes: m.value,
            position: { kind: 'kafka', topic: batch.topic, partition: batch.partition, offset: m.offset },
          });
        }
        // enough is being staged: wait (heartbeating) until some of it is durable
        const tooMuch = (): boolean =>
          this.inFlight.size > 0 &&
          (this.pendingMessages + messages.length > MAX_PENDING_MESSAGES ||
            this.pendingBytes + bytes > MAX_PENDING_BYTES);
        if (tooMuch()) {
          const beat = setInterval(() => {
            heartbeat().catch(() => undefined);
          }, 1000);
          try {
            while (tooMuch()) await Promise.race(this.inFlight);
          } finally {
            clearInterval(beat);
          }
          if (this.stopping || this.failure || !isRunning() || isStale()) return;
        }
        const last = batch.messages[batch.messages.length - 1].offset;
        const key = `${batch.topic}\0${batch.partition}`;
        const position = this.positions.get(key);
        const highWatermark = BigInt(batch.highWatermark);
        if (position) position.highWatermark = highWatermark;
        else
          this.positions.set(key, {
            topic: batch.topic,
            partition: batch.partition,
            highWatermark,
            durableNext: BigInt(batch.messages[0].offset),
          });
        this.pendingMessages += messages.length;
        this.pendingBytes += bytes;
        // staged in the background; its offset is recorded for the commit once it is durable
        const work: Promise<void> = handler(messages)
          .then(
            () => {
              if (this.failure) return;
              const next = BigInt(last) + 1n;
              const known = this.resolved.get(key);
              if (known && BigInt(known.offset) >= next) return; // a later batch of the partition is durable
              this.resolved.set(key, {
                topic: batch.topic,
                partition: batch.partition,
                offset: next.toString(),
              });
              const at = this.positions.get(key);
              if (at && at.durableNext < next) at.durableNext = next;
              this.resolvedChanges++;
            },
            (err: unknown) => {
              if (this.failure) return;
              this.failure = err instanceof Error ? err : new Error(String(err));
              this.onFailure(this.failure);
            },
          )
          .finally(() => {
            // idleness counts from the last batch staged, not fetched
            this.lastActivityAt = Date.now();
            this.pendingMessages -= messages.length;
            this.pendingBytes -= bytes;
            this.inFlight.delete(work);
          });
        this.inFlight.add(work);
        // kafkajs may fetch this partition on (its fetch position); the commit follows the durable batches only
        resolveOffset(last);
      },
    });
  }

  /**
   * Stops consuming: takes no new batch, waits for the batches being staged, commits the offsets of every batch
   * made durable, and leaves the group. Batches fetched meanwhile are not handled: they are delivered again.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.commitTimer) clearInterval(this.commitTimer);
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    await this.committing;
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

  /** Commits the durable offsets when they changed since the last commit (one commit at a time). */
  private async commitDurable(): Promise<void> {
    if (this.committing || this.stopping || this.resolvedChanges === this.committedChanges) return;
    const changes = this.resolvedChanges;
    this.committing = this.consumer
      .commitOffsets([...this.resolved.values()])
      .then(() => {
        this.committedChanges = changes;
      })
      .catch((err) =>
        this.options.log.warn(
          { error: err instanceof Error ? err.message : String(err) },
          'offsets not committed; retried in a second',
        ),
      )
      .finally(() => {
        this.committing = null;
      });
    await this.committing;
  }
}
