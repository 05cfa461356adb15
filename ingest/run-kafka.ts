/**
 * Long-running Kafka ingestion: consume → stage (durable) → commit offsets; publish the staged nights on a cron
 * schedule (node-cron) and optionally on exit; stop cleanly on SIGINT/SIGTERM (finish the batch, commit, close
 * staging, exit 0) or after a period without messages.
 *
 * What a publication publishes is read from the store, not remembered: every night whose staged content is not
 * published (publication-plan.ts), whichever process staged it. So nights staged before a crash or a restart are
 * published too: at once when this ingester starts (if it publishes at all), else by the next publication.
 */
import cron from 'node-cron';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { claimStoreSurvey, type StoreLayout, type Survey } from '../data/index.js';
import type { SchemaSource } from './decode/index.js';
import { errorText } from './error-text.js';
import { GroupCommitter } from './group-commit.js';
import { registerIngestMetrics } from './ingest-metrics.js';
import type { RawMessage } from './pipeline.js';
import { RateReporter } from './progress.js';
import {
  BackgroundPublisher,
  compactStore,
  publishBesideWorker,
  unpublishedNights,
} from './publish/index.js';
import { SerialQueue } from './serial.js';
import { KafkaSource, MAX_FETCH_BYTES } from './sources/index.js';
import { openStagingPipeline } from './stage/index.js';

/** Longest wait for the consumer to leave its group when stopping. */
const STOP_TIMEOUT_MS = 15_000;
/** Interval of the idleness check (`exitWhenIdleSeconds`): the ingester stops at most this late. */
const IDLE_CHECK_MS = 50;

export interface KafkaIngestOptions {
  readonly brokers: readonly string[];
  readonly topics: readonly string[] | RegExp;
  readonly groupId: string;
  readonly ingesterId: string;
  /** Writer schema (JSON text) of schemaless messages; ZTF messages embed theirs. */
  readonly schemaText?: string;
  /** The survey of the stream (default ztf). */
  readonly survey?: Survey;
  /** LSST: where the writer schemas of the Confluent-framed messages come from (registry or directory). */
  readonly schemas?: SchemaSource;
  /** Cron expression of scheduled publication (UTC), or null for none. */
  readonly publishCron: string | null;
  readonly publishOnExit: boolean;
  /** Stop after this many seconds without messages (null: run until a signal). */
  readonly exitWhenIdleSeconds: number | null;
  readonly sessionTimeoutMs?: number;
  readonly log: Logger;
  /** Registry to register the ingester's metrics on (ingest-metrics.ts); none: no metrics. */
  readonly metrics?: Registry;
}

/** Consumes until stopped; resolves with the final counts. */
export async function runKafkaIngest(layout: StoreLayout, options: KafkaIngestOptions) {
  const { log } = options;
  const survey = options.survey ?? 'ztf';
  // alerts of another survey than the store's are refused before anything is consumed
  claimStoreSurvey(layout, survey);
  if (survey === 'lsst' && options.schemas === undefined)
    throw new Error('LSST streams need their writer schemas: give --schema-registry URL or --schema-dir DIR');
  const pipeline = openStagingPipeline(
    layout,
    options.ingesterId,
    log,
    survey === 'lsst' && options.schemas !== undefined
      ? { survey, schemas: options.schemas }
      : { survey: 'ztf', schemaText: options.schemaText },
  );
  const queue = new SerialQueue();
  /** Nights this run staged alerts of (for the summary). */
  const touched = new Set<number>();
  const source = new KafkaSource({
    brokers: options.brokers,
    topics: options.topics,
    groupId: options.groupId,
    sessionTimeoutMs: options.sessionTimeoutMs,
    maxFetchBytes: MAX_FETCH_BYTES[survey],
    log: log.child({ component: 'ingest.kafka' }),
  });
  if (options.metrics)
    registerIngestMetrics(options.metrics, {
      counts: () => pipeline.counts,
      lags: () => source.partitionLags(),
    });
  const reporter = new RateReporter(log, 'ingest', () => ({ ...pipeline.counts }), 'read').start();

  /**
   * Publishes every night staged and not published (by any process), with `early` when given (a publisher made
   * beforehand; closed either way).
   */
  const publishStaged = async (early?: BackgroundPublisher, stagingClosed = false): Promise<void> => {
    let unused = early;
    try {
      if (!stagingClosed) await pipeline.closeFiles();
      const nights = unpublishedNights(layout);
      if (nights.length > 0) {
        unused = undefined; // publishBesideWorker closes it
        const { errors } = await publishBesideWorker(layout, nights, log, early);
        for (const { night, error } of errors)
          log.warn({ night, error }, 'publication failed; retried at the next scheduled run');
      }
    } finally {
      await unused?.close();
    }
    await compactStore(layout, log).catch((err) =>
      log.warn({ err }, 'compaction failed; retried at the next run'),
    );
  };

  const task = options.publishCron
    ? cron.schedule(
        options.publishCron,
        () => {
          queue.run(() => publishStaged()).catch((err) => log.error({ err }, 'scheduled publication failed'));
        },
        { timezone: 'UTC' },
      )
    : null;

  // nights staged before this start (e.g. by a process killed before its publication) are published at once
  const leftOver = options.publishCron || options.publishOnExit ? unpublishedNights(layout) : [];
  if (leftOver.length > 0) {
    log.info({ nights: leftOver }, 'publishing the nights staged and not yet published');
    queue.run(() => publishStaged()).catch((err) => log.error({ err }, 'publication at start failed'));
  }

  let stopping: Promise<void> | null = null;
  /** The first error met while stopping (thrown once stopped, after a staging failure if any). */
  let stopFailure: unknown = null;
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((r) => {
    resolveDone = r;
  });
  let stagingClosing: Promise<void> | null = null;
  /** Closes the staging pipeline once (its files, and its thread with its DuckDB instance and shared memory). */
  const closeStaging = (): Promise<void> => {
    stagingClosing ??= pipeline.close();
    return stagingClosing;
  };
  const stop = (why: string): Promise<void> => {
    if (stopping) return stopping;
    log.info({ why }, 'stopping: finishing the batch in progress');
    stopping = (async () => {
      try {
        task?.stop();
        // the publication worker loads while the consumer leaves its group and the staging files close
        const publisher = options.publishOnExit ? new BackgroundPublisher(layout, log) : undefined;
        // a clean leave normally takes well under a second; a broker that does not answer must not keep the
        // ingester alive: staged batches are durable, and uncommitted offsets only mean re-delivered duplicates
        const left = await Promise.race([
          source.stop().then(() => true),
          new Promise<false>((r) => setTimeout(() => r(false), STOP_TIMEOUT_MS).unref()),
        ]);
        if (!left)
          log.warn(
            { timeoutMs: STOP_TIMEOUT_MS },
            'consumer did not leave the group in time; stopping anyway',
          );
        await queue.idle();
        if (publisher) {
          // the staging thread ends first: the publication gets the memory of its DuckDB instance and buffers
          // (real Rubin alerts: peak RSS 1.75 GB with both alive)
          await closeStaging().catch(async (err: unknown) => {
            await publisher.close();
            throw err;
          });
          await queue.run(() => publishStaged(publisher, true));
        }
      } catch (err) {
        stopFailure ??= err;
        log.error({ error: errorText(err) }, 'stopping: publication or leaving the group failed');
      } finally {
        // every step runs and the run ends whatever failed (e.g. a full disk): a failure is thrown, never a hang
        await closeStaging().catch((err: unknown) => {
          if (stopFailure === err) return; // reported above
          stopFailure ??= err;
          log.error({ error: errorText(err) }, 'closing the staging files failed');
        });
        resolveDone();
      }
    })();
    return stopping;
  };
  const onSignal = (sig: NodeJS.Signals): void => {
    void stop(sig);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const idleTimer =
    options.exitWhenIdleSeconds !== null
      ? setInterval(() => {
          if (source.idleMs() > (options.exitWhenIdleSeconds ?? 0) * 1000) void stop('idle');
        }, IDLE_CHECK_MS)
      : null;

  // partitions' batches arriving together are staged in one transaction (group commit); two groups at a time:
  // the staging thread decodes one while the other commits, and answers them in order. The queue orders the
  // hand-overs with the publications (which close the staging files once the batches handed over are durable).
  const committer = new GroupCommitter<RawMessage>(async (messages) => {
    const { durable } = await queue.run(async () => ({ durable: pipeline.ingestMessages(messages) }));
    await durable;
    for (const n of pipeline.takeNightsTouched()) touched.add(n);
  }, 2);
  // a batch that cannot be staged stops the ingester with its error: the messages from it on are delivered again
  // after a restart (the commit never passes a batch that is not durable)
  source.onFailure = (error) => {
    log.error({ error: errorText(error) }, 'staging failed: stopping');
    void stop('staging failed');
  };
  await source.start((messages) => committer.submit(messages));
  await done;
  if (idleTimer) clearInterval(idleTimer);
  process.removeListener('SIGINT', onSignal);
  process.removeListener('SIGTERM', onSignal);
  const { seconds, ratePerSecond } = reporter.stop();
  if (source.failure)
    throw new Error(`staging a Kafka batch failed: ${errorText(source.failure)} (restart to resume)`, {
      cause: source.failure,
    });
  if (stopFailure) throw new Error(`stopping failed: ${errorText(stopFailure)}`, { cause: stopFailure });
  return {
    ...pipeline.counts,
    seconds,
    ratePerSecond,
    nights: [...touched].sort((a, b) => a - b),
    unpublishedNights: unpublishedNights(layout),
  };
}
