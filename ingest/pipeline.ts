/**
 * The ingest path shared by every source and survey: decoded records → validated alerts → derived values →
 * staging; rejections → quarantine. A batch is durable (staged or quarantined) when `ingest*` resolves, so the
 * caller may then commit the batch's source positions. StagingPipeline is the survey-neutral part (any alert type
 * with a night, staged through a NightRouter); IngestPipeline adds ZTF's decoder.
 */
import type { Logger } from 'pino';
import type { Alert, Position, Rejection, StoreLayout } from '../data/index.js';
import { AlertDecoder } from './decode/index.js';
// biome-ignore lint/style/noRestrictedImports: stage/staging-thread.ts imports this file; stage/index.js would close an import cycle
import { deriveAlertValues } from './stage/derive.js';
// biome-ignore lint/style/noRestrictedImports: stage/staging-thread.ts imports this file; stage/index.js would close an import cycle
import type { NightRouter } from './stage/night-router.js';
// biome-ignore lint/style/noRestrictedImports: stage/staging-thread.ts imports this file; stage/index.js would close an import cycle
import type { StagedAlert } from './stage/night-staging.js';
// biome-ignore lint/style/noRestrictedImports: stage/staging-thread.ts imports this file; stage/index.js would close an import cycle
import { Quarantine } from './stage/quarantine.js';
// biome-ignore lint/style/noRestrictedImports: stage/staging-thread.ts imports this file; stage/index.js would close an import cycle
import { Stager } from './stage/stager.js';

/** A raw message from a source: its bytes and where it came from. */
export interface RawMessage {
  readonly bytes: Uint8Array;
  readonly position: Position;
}

/** What decoding one record gives, for any survey's alerts: the alert or the reason it was rejected. */
export type Outcome<A> = { ok: true; alert: A } | { ok: false; reason: string };

/** A decoded record with its position; `raw` gives the bytes to quarantine when it is rejected. */
export interface DecodedItem<A = Alert> {
  readonly outcome: Outcome<A>;
  readonly position: Position;
  readonly raw: () => Uint8Array;
}

/** A batch handed over to staging: `durable` resolves once it and every earlier batch are durable. */
export interface HandedOver {
  readonly durable: Promise<void>;
}

/** Running totals of an ingestion. */
export interface IngestCounts {
  /** Records read (alerts or rejected messages). */
  read: number;
  staged: number;
  duplicates: number;
  quarantined: number;
  bytes: number;
}

/** Describes a position for the `source` column and logs. */
export function describePosition(p: Position): string {
  return p.kind === 'kafka' ? `kafka:${p.topic}/${p.partition}@${p.offset}` : `file:${p.file}#${p.index}`;
}

/**
 * Hands decoded alerts of one survey (type A, with their night) to its night router as staged items (type Item,
 * built by `toItem` from the alert and its source label), and rejections to the quarantine.
 */
export class StagingPipeline<A extends { readonly night: number }, Item, R extends NightRouter<Item>> {
  readonly counts: IngestCounts = { read: 0, staged: 0, duplicates: 0, quarantined: 0, bytes: 0 };
  private readonly quarantine: Quarantine;
  /** Nights that received alerts during this run. */
  readonly nightsTouched = new Set<number>();
  /** Nights of the most recent batch. */
  lastBatchNights = new Set<number>();
  /**
   * Durability of the batches handed over: of all of them (`inFlight`), and of all but the last
   * (`previousInFlight`, awaited before the next hand-over: up to two batches are staged at once, one committing
   * while the other's stamps are written).
   */
  private inFlight: Promise<void> = Promise.resolve();
  /** The first staging failure: every later hand-over throws it. */
  private failure: Error | null = null;
  private previousInFlight: Promise<void> = Promise.resolve();
  /** For each night, the durability of the batches up to the last one holding alerts of it. */
  private readonly nightInFlight = new Map<number, Promise<void>>();

  constructor(
    layout: StoreLayout,
    readonly stager: R,
    private readonly toItem: (alert: A, source: string) => Item,
    protected readonly log: Logger,
    /** Let the next batches decode while the previous ones are staged (file ingestion; not for Kafka). */
    private readonly overlap = false,
  ) {
    this.quarantine = new Quarantine(layout);
  }

  /**
   * Ingests decoded records: stages the alerts, quarantines the rejections. Durable on return, unless the
   * pipeline overlaps staging with decoding (`overlap`), when the batch is durable after the second next call or
   * after `flush`.
   */
  async ingestDecoded(items: Iterable<DecodedItem<A>>): Promise<void> {
    const { durable } = await this.handOverDecoded(items);
    if (!this.overlap) await durable;
  }

  /** The hand-over in progress: hand-overs run one at a time, in call order. */
  private handingOver: Promise<unknown> = Promise.resolve();

  /**
   * Hands decoded records to staging and quarantines the rejections. Resolves once the batch is handed over (at
   * most two batches are being staged: this waits for the one before the last), with the promise of its
   * durability: it resolves once this batch and every batch handed over before it are durable, and rejects when
   * any of them failed. The items are iterated once, in order, each alert's staging rows built before the next
   * item is taken: a source that decodes as it is iterated keeps one decoded alert alive at a time.
   */
  handOverDecoded(items: Iterable<DecodedItem<A>>): Promise<HandedOver> {
    const turn = this.handingOver.then(() => this.handOver(items));
    this.handingOver = turn.catch(() => undefined);
    return turn;
  }

  private async handOver(items: Iterable<DecodedItem<A>>): Promise<HandedOver> {
    // after a failed batch nothing more is staged (e.g. a full disk): no file is opened for the later batches
    if (this.failure) throw this.failure;
    const rejected: Rejection[] = [];
    this.lastBatchNights = new Set<number>();
    let offered = 0;
    // a batch decoded beforehand tells the stager which of its nights are small (night-router.ts, shared files)
    if (this.stager.shareSmallNights && Array.isArray(items)) this.stager.batchNights = nightCounts(items);
    try {
      for (const item of items) {
        this.counts.read++;
        const { outcome } = item;
        if (outcome.ok) {
          const alert = outcome.alert;
          offered++;
          this.nightsTouched.add(alert.night);
          this.lastBatchNights.add(alert.night);
          const opening = this.stager.add(this.toItem(alert, describePosition(item.position)));
          if (opening) await opening;
        } else {
          rejected.push({ reason: outcome.reason, position: item.position, bytes: item.raw() });
        }
      }
      if (rejected.length > 0) {
        this.quarantine.put(rejected);
        this.counts.quarantined += rejected.length;
        for (const r of rejected) {
          this.log.warn({ position: describePosition(r.position), reason: r.reason }, 'message quarantined');
        }
      }
      if (offered > 0) await this.previousInFlight;
    } catch (err) {
      // nothing of a batch that cannot be handed over whole stays half-built for the next one
      this.stager.abandonBatch();
      throw err;
    }
    if (offered > 0) {
      const earlier = this.inFlight;
      const own = this.stager.endBatch().then((c) => {
        this.counts.staged += c.staged;
        this.counts.duplicates += c.duplicates;
      });
      own.catch((err: unknown) => {
        // reported through `durable`; later hand-overs refuse at once
        this.failure ??= err instanceof Error ? err : new Error(String(err));
      });
      this.previousInFlight = earlier;
      this.inFlight = earlier.then(() => own);
      // a failure is thrown by the next hand-over, by flush, or to whoever awaits `durable`
      this.inFlight.catch(() => undefined);
      for (const night of this.lastBatchNights) this.nightInFlight.set(night, this.inFlight);
    }
    return { durable: this.inFlight };
  }

  /**
   * Resolves when every batch handed over up to the last one holding alerts of `night` is durable (rejects if a
   * staging failed): a night that the last batches did not touch can be closed without waiting for them.
   */
  async nightDurable(night: number): Promise<void> {
    await this.nightInFlight.get(night);
  }

  /** Resolves when every batch handed over so far is durable (rejects if a staging failed). */
  async flush(): Promise<void> {
    await this.inFlight; // follows every earlier batch
  }

  /** Quarantines a message that a source could not even read (e.g. a truncated file tail). */
  quarantineRaw(reason: string, position: Position, bytes: Uint8Array): void {
    this.counts.read++;
    this.counts.quarantined++;
    this.quarantine.put([{ reason, position, bytes }]);
    this.log.warn({ position: describePosition(position), reason }, 'message quarantined');
  }

  /** Waits for the batch in flight, then closes all staging files. */
  async close(): Promise<void> {
    await this.flush().catch(() => undefined);
    await this.stager.closeAll();
  }
}

/** The ZTF ingest path: ZTF's decoder, its derived values and its staging files. */
export class IngestPipeline extends StagingPipeline<Alert, StagedAlert, Stager> {
  readonly decoder: AlertDecoder;

  constructor(
    layout: StoreLayout,
    ingesterId: string,
    log: Logger,
    decoder?: AlertDecoder,
    /** Let the next batches decode while the previous ones are staged (file ingestion; not for Kafka). */
    overlap = false,
  ) {
    super(
      layout,
      new Stager(layout, ingesterId, log.child({ component: 'ingest.stage' })),
      (alert, source) => ({ alert, derived: deriveAlertValues(alert), source }),
      log,
      overlap,
    );
    this.decoder = decoder ?? new AlertDecoder();
  }

  /** Decodes raw messages (each may hold several records) and ingests them (as {@link ingestDecoded}). */
  async ingestMessages(messages: readonly RawMessage[]): Promise<void> {
    await this.ingestDecoded(this.decodeMessages(messages));
  }

  /** Decodes raw messages and hands them to staging (as {@link handOverDecoded}). */
  handOverMessages(messages: readonly RawMessage[]): Promise<HandedOver> {
    return this.handOverDecoded(this.decodeMessages(messages));
  }

  /**
   * The records of raw messages (each may hold several), a rejection for a message that holds none; each message
   * is decoded as the items are iterated.
   */
  private *decodeMessages(messages: readonly RawMessage[]): Generator<DecodedItem> {
    for (const m of messages) {
      this.counts.bytes += m.bytes.length;
      const outcomes = this.decoder.decodeMessage(m.bytes);
      if (outcomes.length === 0) {
        yield {
          outcome: { ok: false, reason: 'Avro container holds no record' },
          position: m.position,
          raw: () => m.bytes,
        };
      }
      for (let i = 0; i < outcomes.length; i++) {
        const position: Position =
          m.position.kind === 'file' ? { ...m.position, index: m.position.index + i } : m.position;
        yield { outcome: outcomes[i], position, raw: () => m.bytes };
      }
    }
  }
}

/** Alerts per night of a decoded batch, and their total. */
function nightCounts<A extends { readonly night: number }>(
  items: readonly DecodedItem<A>[],
): { counts: Map<number, number>; total: number } {
  const counts = new Map<number, number>();
  let total = 0;
  for (const { outcome } of items) {
    if (!outcome.ok) continue;
    counts.set(outcome.alert.night, (counts.get(outcome.alert.night) ?? 0) + 1);
    total++;
  }
  return { counts, total };
}
