/**
 * Ingests files: `.avro` containers (any size, streamed), directories of them (recursively, sorted),
 * `.tar.gz`/`.tgz` nightly archives (streamed, never unpacked to disk), Spark/Fink `.parquet` alert files, and
 * tables exported from the reference service's API (`.parquet` or `.json` records with `i:`/`d:` columns).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { claimStoreSurvey, readStoreSurvey, type StoreLayout, type Survey } from '../data/index.js';
import { errorText } from './error-text.js';
import { type IngestCounts, IngestPipeline } from './pipeline.js';
import { RateReporter } from './progress.js';
import {
  BackgroundPublisher,
  BESIDE_WORKER_MEMORY,
  type CompactResult,
  compactStore,
  hasStagedAlerts,
  isSmallNight,
  LOCK_STALE_MS,
  planPublicationGroups,
  unpublishedNights,
} from './publish/index.js';
import {
  detectSurvey,
  lsstInputKind,
  ReadArena,
  readAvroFile,
  readLsstInputs,
  readTableFile,
  readTarball,
  UnreadableTableError,
} from './sources/index.js';
import { LsstIngestPipeline } from './stage/index.js';

/** Kinds of input files, by name. */
export type InputKind = 'avro' | 'tarball' | 'parquet' | 'json';

/** The kind of an input file from its name; null when it is not an alert file. */
export function inputKind(file: string): InputKind | null {
  if (file.endsWith('.avro')) return 'avro';
  if (file.endsWith('.tar.gz') || file.endsWith('.tgz')) return 'tarball';
  if (file.endsWith('.parquet')) return 'parquet';
  if (file.endsWith('.json')) return 'json';
  return null;
}

/**
 * Expands files and directories into the sorted list of input files. Throws for a path that does not exist.
 * `.json` tables are read only when named: a directory walk takes the alert formats (.avro, .tar.gz, .parquet),
 * since alert directories often hold JSON schemas beside the alerts.
 */
export function expandInputs(paths: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (p: string): void => {
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) walk(path.join(p, name));
    } else if (inputKind(p) && inputKind(p) !== 'json') out.push(p);
  };
  for (const p of paths) {
    if (!fs.existsSync(p)) throw new Error(`input not found: ${p}`);
    const st = fs.statSync(p);
    if (st.isFile() && !inputKind(p))
      throw new Error(`not an alert file (.avro, .tar.gz, .tgz, .parquet, .json): ${p}`);
    if (st.isFile() && inputKind(p) === 'json') out.push(p);
    else walk(p);
  }
  return out;
}

/** Summary of a file ingestion. */
export interface FileIngestSummary extends IngestCounts {
  files: number;
  nights: number[];
  /** Nights published during the ingestion (with `publish`). */
  published: number[];
  /** What the compaction did (with `publish` and `compact`). */
  compaction: CompactResult | null;
  /** Inputs (tarballs, tables, large .avro files) in which no alert nor bad record was found. */
  emptyInputs: string[];
  seconds: number;
  ratePerSecond: number;
}

/**
 * Alerts per staging transaction from files. Each batch is one commit and one fsync of the stamps: 2,000 stages
 * 100,000 alerts 18 % faster than 500 (docs/benchmarks.md, ingestion) and holds ~45 MB of alerts at a time.
 */
const FILE_BATCH_SIZE = 2000;
/**
 * Bytes of the ring the blocks of .avro files are read into: two batches being staged and the next one being read
 * (~45 MB each for simulated alerts with stamps); blocks that do not fit are read into fresh buffers.
 */
const READ_ARENA_BYTES = 192 << 20;
/** Most bytes of an unreadable table file kept in the quarantine (its first bytes), as for an Avro file's tail. */
const MAX_QUARANTINED_FILE_BYTES = 16 * 1024 * 1024;
/** Alerts read after a night's last one before it is considered done (closed and published). */
const QUIET_ALERTS = 2000;

/** Batches of `batchSize` alerts without one of a night after which it is done: QUIET_ALERTS, at least one. */
export function quietBatches(batchSize: number): number {
  return Math.max(1, Math.ceil(QUIET_ALERTS / batchSize));
}

/** Ingests the given inputs into the store's staging; staging files are closed at the end. */
export async function ingestFiles(
  layout: StoreLayout,
  inputs: readonly string[],
  options: {
    ingesterId: string;
    log: Logger;
    batchSize?: number;
    publish?: boolean;
    compact?: boolean;
    /** The ring .avro blocks are read into (default: one of READ_ARENA_BYTES). */
    readArena?: ReadArena;
    /** The survey of the inputs (default: detected from them, inputsSurvey; else the store's; else ZTF). */
    survey?: Survey;
  },
): Promise<FileIngestSummary> {
  const { log } = options;
  const files = expandInputs(inputs);
  const survey = options.survey ?? (await inputsSurvey(files)) ?? readStoreSurvey(layout) ?? 'ztf';
  // alerts of another survey than the store's are refused before anything is read or staged
  claimStoreSurvey(layout, survey);
  const ztf = survey === 'ztf' ? new IngestPipeline(layout, options.ingesterId, log, undefined, true) : null;
  const lsst =
    ztf === null ? new LsstIngestPipeline(layout, options.ingesterId, log, { overlap: true }) : null;
  // what the loop below does with either survey's pipeline (staging is the same; reading differs)
  const pipeline: RunPipeline = (ztf ?? lsst) as RunPipeline;
  // Publication overlaps ingestion: a night that stopped receiving alerts is closed and published in the
  // background (a worker thread) while the next nights are staged; a night that receives alerts again is
  // published again at the end.
  const publisher = options.publish ? new BackgroundPublisher(layout, log) : null;
  if (publisher) pipeline.stager.beforeOpen = (holds) => publisher.idleFor(holds);
  // a backfill's small nights share a staging file per month (night-router.ts; ZTF's files only)
  pipeline.stager.shareSmallNights = true;
  const batchSize = options.batchSize ?? FILE_BATCH_SIZE;
  const quietAfter = quietBatches(batchSize);
  const lastSeen = new Map<number, number>();
  /** The last batch with alerts of each month (YYYYMM). */
  const lastSeenMonth = new Map<number, number>();
  const monthOf = (night: number): number => Math.floor(night / 100);
  const dirty = new Set<number>();
  let batchNo = 0;
  const afterBatch = async (): Promise<void> => {
    batchNo++;
    for (const n of pipeline.lastBatchNights) {
      lastSeen.set(n, batchNo);
      lastSeenMonth.set(monthOf(n), batchNo);
      dirty.add(n);
    }
    if (!publisher) return;
    const quiet = (since: number | undefined): boolean => batchNo - (since ?? batchNo) >= quietAfter;
    const { stager } = pipeline;
    for (const night of stager.openNights()) {
      if (!quiet(lastSeen.get(night))) continue;
      // a month's shared file closes once its month is quiet
      if (stager.isShared(night) && !quiet(lastSeenMonth.get(monthOf(night)))) continue;
      // the file's batches only: the later ones (none of its alerts) go on being staged meanwhile
      for (const n of stager.nightsSharingFile(night)) await pipeline.nightDurable(n);
      await stager.closeNight(night);
    }
    // closed quiet nights (closed above, or by the stager when it opened others: durable either way) are
    // published in the background: a large night of its own file at once, alone; small nights, and nights of a
    // shared file, a month at a time, once their month is quiet, in one part and one catalog switch
    // (publication-plan.ts)
    const open = stager.openNights();
    const ready = [...dirty].filter(
      (n) =>
        !open.includes(n) &&
        quiet(lastSeen.get(n)) &&
        ((!isSmallNight(layout, n) && !stager.isShared(n)) || quiet(lastSeenMonth.get(monthOf(n)))),
    );
    if (ready.length === 0) return;
    // a group of small nights may take the next months too: the last group waits for them (or for the end),
    // the nights of the others leave `dirty`
    const groups = planPublicationGroups(layout, unpublishedNights(layout, ready));
    const last = groups.at(-1);
    const growing = last !== undefined && (last.length > 1 || isSmallNight(layout, last[0])) ? last : [];
    for (const n of ready) if (!growing.includes(n)) dirty.delete(n);
    for (const group of groups) if (group !== growing) void publisher.enqueueGroup(group);
  };
  // the blocks of .avro files are read into one reused ring of memory, each given back once its alerts are durable
  const arena = options.readArena ?? new ReadArena(READ_ARENA_BYTES);
  const reporter = new RateReporter(log, 'ingest', () => ({ ...pipeline.counts }), 'read').start();
  let failure: unknown = null;
  /** Inputs that held no record at all (e.g. ZTF's archive of a night without observations). */
  const emptyInputs: string[] = [];
  try {
    if (ztf !== null) await stageZtfFiles(files, ztf, afterBatch, emptyInputs, { batchSize, arena, log });
    else if (lsst !== null) await stageLsstFiles(files, lsst, afterBatch, emptyInputs, { batchSize, log });
    await pipeline.flush();
  } catch (err) {
    // a fatal error (e.g. no space left on device): the nights staged before it are published, then it is thrown
    failure = err;
    log.error({ error: errorText(err) }, 'ingestion stopped');
  } finally {
    await pipeline.close().catch((err: unknown) => {
      failure ??= err;
      log.error({ error: errorText(err) }, 'closing the staging files failed');
    });
  }
  let compaction: CompactResult | null = null;
  try {
    // after a failure, a night whose batches all failed has nothing staged to publish
    const nights = failure === null ? [...dirty] : [...dirty].filter((n) => hasStagedAlerts(layout, n));
    if (publisher)
      compaction = await publishTheRest(layout, log, publisher, nights, {
        compact: Boolean(options.compact) && failure === null,
      });
  } catch (err) {
    if (failure === null) throw err;
    log.error({ error: errorText(err) }, 'publication after the error failed');
  } finally {
    reporter.stop();
  }
  if (failure !== null) {
    const published = new Set(publisher?.results.map((r) => r.night) ?? []).size;
    throw new Error(
      `${errorText(failure)} (${published} nights published; what was staged before the error stays staged)`,
      { cause: failure },
    );
  }
  const { seconds, ratePerSecond } = reporter.summary();
  return {
    ...pipeline.counts,
    files: files.length,
    nights: [...pipeline.nightsTouched].sort((a, b) => a - b),
    published: [...new Set(publisher?.results.map((r) => r.night) ?? [])].sort((a, b) => a - b),
    compaction,
    emptyInputs,
    seconds,
    ratePerSecond,
  };
}

/** What the file loop uses of a survey's staging pipeline (ingest/pipeline.ts StagingPipeline). */
type RunPipeline = Pick<
  IngestPipeline | LsstIngestPipeline,
  'counts' | 'nightsTouched' | 'lastBatchNights' | 'nightDurable' | 'flush' | 'close' | 'quarantineRaw'
> & {
  readonly stager: Pick<
    IngestPipeline['stager'],
    'beforeOpen' | 'shareSmallNights' | 'openNights' | 'closeNight' | 'isShared' | 'nightsSharingFile'
  >;
};

/** The survey of file inputs: that of the first input whose survey can be told (docs/surveys.md), else null. */
export async function inputsSurvey(files: readonly string[]): Promise<Survey | null> {
  for (const file of files) {
    const survey = await detectSurvey(file);
    if (survey !== null) return survey;
  }
  return null;
}

/** Stages ZTF files (Avro containers, tarballs, parquet and JSON tables), calling `afterBatch` after each batch. */
async function stageZtfFiles(
  files: readonly string[],
  pipeline: IngestPipeline,
  afterBatch: () => Promise<void>,
  emptyInputs: string[],
  options: { batchSize: number; arena: ReadArena; log: Logger },
): Promise<void> {
  const { log } = options;
  let pendingMessages: Parameters<IngestPipeline['ingestMessages']>[0][number][] = [];
  const flushMessages = async (): Promise<void> => {
    if (pendingMessages.length === 0) return;
    const batch = pendingMessages;
    pendingMessages = [];
    await pipeline.ingestMessages(batch);
    await afterBatch();
  };

  for (const file of files) {
    const kind = inputKind(file);
    const readBefore = pipeline.counts.read;
    if (kind === 'avro') {
      const size = fs.statSync(file).size;
      if (size < 4 * 1024 * 1024) {
        // small files (one alert each, as ZTF writes them) are batched together
        pendingMessages.push({ bytes: fs.readFileSync(file), position: { kind: 'file', file, index: 0 } });
        if (pendingMessages.length >= options.batchSize) await flushMessages();
        continue;
      }
      await flushMessages();
      for await (const ev of readAvroFile(file, pipeline.decoder, options.batchSize, options.arena)) {
        if (ev.kind === 'items') {
          const { durable } = await pipeline.handOverDecoded(ev.items);
          const releasable = ev.releasable ?? 0;
          // a failed batch keeps its buffers: the ingestion stops at the next hand-over
          durable.then(() => options.arena.releaseBefore(releasable)).catch(() => undefined);
          await afterBatch();
        } else pipeline.quarantineRaw(ev.reason, ev.position, ev.bytes);
      }
    } else if (kind === 'tarball') {
      await flushMessages();
      for await (const ev of readTarball(file, options.batchSize)) {
        if (ev.kind === 'messages') {
          await pipeline.ingestMessages(ev.messages);
          await afterBatch();
        } else pipeline.quarantineRaw(ev.reason, { kind: 'file', file, index: ev.index }, ev.bytes);
      }
    } else if (kind === 'parquet' || kind === 'json') {
      await flushMessages();
      try {
        for await (const items of readTableFile(file, kind, options.batchSize)) {
          await pipeline.ingestDecoded(items);
          await afterBatch();
        }
      } catch (err) {
        if (!(err instanceof UnreadableTableError)) throw err;
        // like a truncated Avro file's tail: the rows read are kept, the file is quarantined with the reason
        pipeline.quarantineRaw(err.message, { kind: 'file', file, index: err.rowsRead }, fileHead(file));
      }
    }
    // small .avro files are counted when their batch is staged; an empty one is quarantined there
    if (pipeline.counts.read === readBefore) {
      emptyInputs.push(file);
      log.warn({ file }, 'no alerts found in this input');
    }
  }
  await flushMessages();
}

/**
 * Stages LSST files (Avro containers of any Rubin schema or Fink transfer, Spark-written parquet; docs/surveys.md),
 * calling `afterBatch` after each batch; a file's unreadable rest is quarantined with its reason.
 */
async function stageLsstFiles(
  files: readonly string[],
  pipeline: LsstIngestPipeline,
  afterBatch: () => Promise<void>,
  emptyInputs: string[],
  options: { batchSize: number; log: Logger },
): Promise<void> {
  for (const file of files) {
    const readBefore = pipeline.counts.read;
    if (lsstInputKind(file) === null) throw new Error(`not an LSST alert file (.avro, .parquet): ${file}`);
    for await (const ev of readLsstInputs([file], { batchSize: options.batchSize })) {
      if (ev.kind === 'items') {
        await pipeline.handOverDecoded(ev.items);
        await afterBatch();
      } else pipeline.quarantineRaw(ev.reason, ev.position, ev.bytes);
    }
    if (pipeline.counts.read === readBefore) {
      emptyInputs.push(file);
      options.log.warn({ file }, 'no alerts found in this input');
    }
  }
}

/**
 * Publishes the nights of `dirty` not published yet (small ones in groups: one part and one catalog switch each),
 * compacting beside the worker's publications with `compact`, and closes the publisher.
 * @throws Error naming the first night whose publication failed (it stays staged).
 */
async function publishTheRest(
  layout: StoreLayout,
  log: Logger,
  publisher: BackgroundPublisher,
  dirty: readonly number[],
  options: { compact: boolean },
): Promise<CompactResult | null> {
  let compaction: CompactResult | null = null;
  try {
    // a night that received only duplicates is already published as it stands
    for (const group of planPublicationGroups(layout, unpublishedNights(layout, dirty)))
      void publisher.enqueueGroup(group);
    // the input is read: this thread compacts beside the worker's publications, then publishes the nights the
    // worker has not started yet
    compaction = options.compact ? await compactBeside(layout, log, publisher) : null;
    await publisher.helpHere(BESIDE_WORKER_MEMORY);
  } finally {
    await publisher.close();
  }
  if (publisher.errors.length > 0) {
    const e = publisher.errors[0];
    throw new Error(
      `publication of night ${e.night} failed: ${e.error} (the night stays staged; run skyalert publish)`,
    );
  }
  return compaction;
}

/** The first bytes of a file (at most MAX_QUARANTINED_FILE_BYTES), to quarantine an unreadable one. */
function fileHead(file: string): Uint8Array {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(Math.min(fs.fstatSync(fd).size, MAX_QUARANTINED_FILE_BYTES));
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Compacts the store while the publisher works through its last nights (the input is exhausted, so the main
 * thread is free): the merges of past months overlap the last publications. A merge that fails there (e.g. out
 * of its smaller memory) is retried once the publications are over, alone.
 */
export async function compactBeside(
  layout: StoreLayout,
  log: Logger,
  publisher: Pick<BackgroundPublisher, 'pendingNights' | 'idle'>,
  options: { memoryLimit?: string; recentNightsKept?: number } = {},
): Promise<CompactResult> {
  const { memoryLimit = BESIDE_WORKER_MEMORY, recentNightsKept } = options;
  try {
    return await compactStore(layout, log, {
      comingNights: publisher.pendingNights(),
      memoryLimit,
      lockWaitMs: LOCK_STALE_MS,
      recentNightsKept,
    });
  } catch (err) {
    log.warn(
      { error: err instanceof Error ? err.message : String(err) },
      'compaction retried after publication',
    );
    await publisher.idle();
    return compactStore(layout, log, { recentNightsKept });
  }
}
