/**
 * Routes staged alerts of any survey to the staging file of their night for one ingester
 * (`staging/<night>/<ingester>.duckdb`), keeping a few nights open, and closes nights on request so that the
 * publisher can read them. What a night's file holds is the survey's own (NightFile); the routing, the batches
 * and their durability are the same for every survey. The store's survey is claimed before the first file opens.
 */
import type { Logger } from 'pino';
import type { StoreLayout, Survey } from '../../data/index.js';
import { claimStoreSurvey } from '../../data/index.js';
import { StagingDatabase } from './staging-database.js';

/** Counts of one staged batch. */
export interface StageCounts {
  staged: number;
  duplicates: number;
}

/** One night's staging file open for writing, as a survey stages into it. */
export interface NightFile<Item> {
  readonly file: string;
  /** Adds an item to the batch being built (its rows built at once); a failure surfaces at endBatch. */
  add(item: Item): void;
  /** Hands the batch over; resolves once it (and every batch before it) is durable. */
  endBatch(): Promise<StageCounts>;
  /** Drops the batch being built. */
  abandonBatch(): void;
  /** Waits for the batches in flight, then detaches the file (its lock released for the publisher). */
  close(): Promise<void>;
}

/** What a survey gives the router: its name, the night of an item and how to open a night's file. */
export interface NightFileKind<Item> {
  readonly survey: Survey;
  readonly nightOf: (item: Item) => number;
  readonly open: (file: string, database: StagingDatabase) => Promise<NightFile<Item>>;
}

/** Most staging files one ingester keeps open at once (alerts of old nights trickle in rarely). */
const MAX_OPEN_NIGHTS = 4;
/**
 * Most staging files closing at once in the background (their last commit, checkpoint and fsyncs), beside the
 * ones being opened: a backfill of small nights closes one file per night, and its fsyncs, waited one after the
 * other, made most of the staging time (docs/benchmarks.md).
 */
const MAX_CLOSING_NIGHTS = 4;

export class NightRouter<Item> {
  private readonly open = new Map<number, NightFile<Item>>();
  /** The database the open nights' files are attached to. */
  private readonly database = new StagingDatabase();
  /** Awaited before a night's file is (re)opened, e.g. to let a background publication of it finish. */
  beforeOpen: ((night: number) => Promise<void>) | null = null;
  /** Whether the store's survey was claimed (once, before the first file opens). */
  private claimed = false;

  constructor(
    private readonly layout: StoreLayout,
    readonly ingesterId: string,
    private readonly log: Logger,
    private readonly kind: NightFileKind<Item>,
  ) {}

  /** Files of the nights with alerts in the batch being built. */
  private readonly building = new Map<number, NightFile<Item>>();
  /** Parts of the batch being built already handed over (a file closed while the batch was built). */
  private endedParts: { night: number; counts: Promise<StageCounts> }[] = [];

  /**
   * Adds an item to the batch being built: its rows are built at once (NightFile.add). Returns a promise only
   * when its night's file must be opened first; batches are built one at a time, in order.
   */
  add(item: Item): Promise<void> | undefined {
    const night = this.kind.nightOf(item);
    const staging = this.building.get(night);
    if (staging !== undefined) {
      staging.add(item);
      return undefined;
    }
    return this.nightFile(night).then((opened) => {
      this.building.set(night, opened);
      opened.add(item);
    });
  }

  /**
   * Hands the batch being built (any mix of nights) over to its files; resolves when every part of it is durable.
   * A batch may be handed over before the previous one is durable: each night's file stages its batches in the
   * order they were handed over.
   */
  endBatch(): Promise<StageCounts & { nights: number[] }> {
    const parts = this.endedParts;
    this.endedParts = [];
    for (const [night, staging] of this.building) parts.push({ night, counts: staging.endBatch() });
    this.building.clear();
    for (const p of parts) p.counts.catch(() => undefined); // awaited below, with the others
    const nights = [...new Set(parts.map((p) => p.night))].sort();
    return Promise.all(parts.map((p) => p.counts)).then((all) => {
      if (this.closeError !== null) throw this.closeError;
      const total = { staged: 0, duplicates: 0, nights };
      for (const counts of all) {
        total.staged += counts.staged;
        total.duplicates += counts.duplicates;
      }
      return total;
    });
  }

  /** Drops the batch being built (e.g. when building it failed half-way). */
  abandonBatch(): void {
    for (const staging of this.building.values()) staging.abandonBatch();
    this.building.clear();
    for (const p of this.endedParts) p.counts.catch(() => undefined);
    this.endedParts = [];
  }

  /** Nights whose staging file is open, or still closing (not yet readable by a publisher). */
  openNights(): number[] {
    return [...new Set([...this.open.keys(), ...this.closing.keys()])].sort();
  }

  /** Files being closed in the background, by night (a night reopened waits for its close). */
  private readonly closing = new Map<number, Promise<void>>();
  /** The first failure of a close in the background, thrown by the next batch's promise. */
  private closeError: unknown = null;

  /** Closes one night's file (no-op when not open); resolves once it is closed. */
  async closeNight(night: number): Promise<void> {
    await (this.startClosing(night) ?? this.closing.get(night));
  }

  /**
   * Starts closing one night's file (null when it is not open): its part of the batch being built is handed over
   * at once (the batch's promise includes it); the close runs in the background, tracked in `closing`.
   */
  private startClosing(night: number): Promise<void> | null {
    const staging = this.open.get(night);
    if (!staging) return null;
    this.open.delete(night);
    const part = this.building.get(night);
    if (part !== undefined) {
      this.building.delete(night);
      this.endedParts.push({ night, counts: part.endBatch() });
    }
    const closed = staging.close().then(() => {
      this.log.debug({ night }, 'staging file closed');
    });
    const tracked = closed.finally(() => {
      if (this.closing.get(night) === tracked) this.closing.delete(night);
    });
    // reported to whoever awaits the close, else by the next batch
    tracked.catch((err: unknown) => {
      this.closeError ??= err;
    });
    this.closing.set(night, tracked);
    return tracked;
  }

  /**
   * Closes every open staging file (the staging database too; it opens again with the next file). Every file is
   * closed even when one fails (e.g. no space left for its checkpoint); the first failure is thrown after.
   */
  async closeAll(): Promise<void> {
    for (const night of this.openNights()) this.startClosing(night);
    await Promise.allSettled([...this.closing.values()]);
    await this.database.close();
    const error = this.closeError;
    this.closeError = null;
    if (error !== null) throw error;
  }

  private async nightFile(night: number): Promise<NightFile<Item>> {
    const hit = this.open.get(night);
    if (hit) {
      // keep most recently used last
      this.open.delete(night);
      this.open.set(night, hit);
      return hit;
    }
    if (!this.claimed) {
      // SurveyMismatchError: alerts of another survey than the store's never reach a staging file
      claimStoreSurvey(this.layout, this.kind.survey);
      this.claimed = true;
    }
    if (this.open.size >= MAX_OPEN_NIGHTS) {
      const oldest = this.open.keys().next().value;
      if (oldest !== undefined) this.startClosing(oldest);
    }
    // a failed close is reported by the next batch or closeAll; here it only frees its place
    while (this.closing.size > MAX_CLOSING_NIGHTS)
      await Promise.race(this.closing.values()).catch(() => undefined);
    await this.closing.get(night)?.catch(() => undefined);
    if (this.beforeOpen) await this.beforeOpen(night);
    const staging = await this.kind.open(this.layout.stagingFile(night, this.ingesterId), this.database);
    this.open.set(night, staging);
    this.log.debug({ night, file: staging.file }, 'staging file opened');
    return staging;
  }
}
