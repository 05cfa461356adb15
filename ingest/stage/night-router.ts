/**
 * Routes staged alerts of any survey to the staging file of their night for one ingester
 * (`staging/<night>/<ingester>.duckdb`), keeping a few nights open, and closes nights on request so that the
 * publisher can read them. What a night's file holds is the survey's own (NightFile); the routing, the batches
 * and their durability are the same for every survey. The store's survey is claimed before the first file opens.
 *
 * A survey whose files can be shared (NightFileKind.shared, ZTF's) puts a backfill's small nights
 * (`shareSmallNights`) in the file its month's small nights share (`staging/<YYYYMM>/<ingester>.duckdb`): a
 * staging transaction and a file attachment cost ~20-40 ms of CPU whatever their size, which a backfill of
 * hundreds of nights of a few tens of alerts paid per night (docs/benchmarks.md, "Backfill of many small
 * nights"). A night keeps the home it was given.
 */
import fs from 'node:fs';
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
  /**
   * Adds an item to the batch being built (its rows built at once); a failure surfaces at endBatch. Returns a
   * promise when the caller must wait before the next item (a file that staged part of a large batch already and
   * has too many parts uncommitted), else undefined.
   */
  add(item: Item): Promise<void> | undefined;
  /** Hands the batch over; resolves once it (and every batch before it) is durable. */
  endBatch(): Promise<StageCounts>;
  /** Drops the batch being built. */
  abandonBatch(): void;
  /** Waits for the batches in flight, then detaches the file (its lock released for the publisher). */
  close(): Promise<void>;
}

/**
 * What a survey gives the router: its name, the night of an item, how to open a night's file and, when its small
 * nights can share their month's file, how.
 */
export interface NightFileKind<Item> {
  readonly survey: Survey;
  readonly nightOf: (item: Item) => number;
  readonly open: (file: string, database: StagingDatabase) => Promise<NightFile<Item>>;
  readonly shared?: {
    /** Whether the night of own file path `file` has its rows in its month's shared file (its marker). */
    readonly holds: (file: string) => boolean;
    /** Opens a month's shared file; `fileOf(night)` is a night's own file path (its stamps, version, marker). */
    readonly open: (
      file: string,
      fileOf: (night: number) => string,
      database: StagingDatabase,
    ) => Promise<NightFile<Item>>;
  };
}

/**
 * A new night goes to its month's shared file when its alerts in the batch where it first appears are fewer than
 * this, and fewer than SHARED_NIGHT_BATCH_FRACTION of the batch: a night that fills its batches (a ZTF night,
 * a nightly archive) gets its own file, published as soon as it is done and its stamps hard-linked into its part.
 */
const SHARED_NIGHT_MAX_ALERTS = 500;
const SHARED_NIGHT_BATCH_FRACTION = 0.125;

/** The key of an open file: `n<night>` for a night's own file, `m<YYYYMM>` for a month's shared file. */
type FileKey = string;

/** Most staging files one ingester keeps open at once (alerts of old nights trickle in rarely). */
const MAX_OPEN_NIGHTS = 4;
/**
 * Most staging files closing at once in the background (their last commit, checkpoint and fsyncs), beside the
 * ones being opened: a backfill of small nights closes one file per night, and its fsyncs, waited one after the
 * other, made most of the staging time (docs/benchmarks.md).
 */
const MAX_CLOSING_NIGHTS = 4;

export class NightRouter<Item> {
  private readonly open = new Map<FileKey, NightFile<Item>>();
  /** The nights staged in each open file since it was opened (an own file's night from its opening on). */
  private readonly openFileNights = new Map<FileKey, Set<number>>();
  /** The database the open nights' files are attached to. */
  private readonly database = new StagingDatabase();
  /**
   * Awaited before a file is (re)opened, with the nights it may hold (a night, or every night of a shared file's
   * month), e.g. to let a background publication of them finish.
   */
  beforeOpen: ((holds: (night: number) => boolean) => Promise<void>) | null = null;
  /**
   * Whether new small nights share their month's file (file ingestion, a survey with NightFileKind.shared); the
   * nights of the batch being built and their alerts (`batchNights`) tell which nights are small.
   */
  shareSmallNights = false;
  /** Alerts per night of the batch being built, when known before it is built (with its total). */
  batchNights: { readonly counts: ReadonlyMap<number, number>; readonly total: number } | null = null;
  /** Whether the store's survey was claimed (once, before the first file opens). */
  private claimed = false;

  constructor(
    private readonly layout: StoreLayout,
    readonly ingesterId: string,
    private readonly log: Logger,
    private readonly kind: NightFileKind<Item>,
  ) {}

  /** Files of the nights with alerts in the batch being built. */
  private readonly building = new Map<FileKey, NightFile<Item>>();
  /** Nights of the batch being built, by file. */
  private readonly buildingNights = new Map<FileKey, Set<number>>();
  /** Parts of the batch being built already handed over (a file closed while the batch was built). */
  private endedParts: { nights: number[]; counts: Promise<StageCounts> }[] = [];
  /** The file each night seen is staged in (its home does not change). */
  private readonly homes = new Map<number, FileKey>();

  /** The key of a night's file: its own, unless it is (or, new and small, goes) in its month's shared file. */
  private homeOf(night: number): FileKey {
    const known = this.homes.get(night);
    if (known !== undefined) return known;
    let home: FileKey = `n${night}`;
    const { shared } = this.kind;
    if (shared !== undefined) {
      const own = this.layout.stagingFile(night, this.ingesterId);
      if (shared.holds(own)) home = `m${Math.floor(night / 100)}`;
      else if (!fs.existsSync(own) && this.shareSmallNights && this.batchNights !== null) {
        const n = this.batchNights.counts.get(night) ?? 0;
        if (n < SHARED_NIGHT_MAX_ALERTS && n < this.batchNights.total * SHARED_NIGHT_BATCH_FRACTION)
          home = `m${Math.floor(night / 100)}`;
      }
    }
    this.homes.set(night, home);
    return home;
  }

  /** True when the night's rows are in its month's shared file (as far as this router knows). */
  isShared(night: number): boolean {
    return this.homes.get(night)?.startsWith('m') ?? false;
  }

  /**
   * Adds an item to the batch being built: its rows are built at once (NightFile.add). Returns a promise only
   * when its night's file must be opened first, or asks the caller to wait (NightFile.add); batches are built one
   * at a time, in order.
   */
  add(item: Item): Promise<void> | undefined {
    const night = this.kind.nightOf(item);
    const key = this.homeOf(night);
    const staging = this.building.get(key);
    if (staging !== undefined) {
      this.buildingNights.get(key)?.add(night);
      return staging.add(item);
    }
    return this.fileOf(key).then((opened) => {
      this.building.set(key, opened);
      this.buildingNights.set(key, new Set([night]));
      this.openFileNights.get(key)?.add(night);
      return opened.add(item);
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
    for (const [key, staging] of this.building)
      parts.push({ nights: this.batchNightsOf(key), counts: staging.endBatch() });
    this.building.clear();
    this.buildingNights.clear();
    this.batchNights = null;
    for (const p of parts) p.counts.catch(() => undefined); // awaited below, with the others
    const nights = [...new Set(parts.flatMap((p) => p.nights))].sort();
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
    this.buildingNights.clear();
    this.batchNights = null;
    for (const p of this.endedParts) p.counts.catch(() => undefined);
    this.endedParts = [];
  }

  /** The nights of a file in the batch being built, recorded as staged in the open file. */
  private batchNightsOf(key: FileKey): number[] {
    const nights = [...(this.buildingNights.get(key) ?? [])];
    const staged = this.openFileNights.get(key);
    for (const n of nights) staged?.add(n);
    return nights;
  }

  /**
   * Nights whose staging file is open, or still closing (not yet readable by a publisher): an own file's night,
   * and the nights a shared file staged since it was opened.
   */
  openNights(): number[] {
    const nights = [...this.openFileNights.values()].flatMap((n) => [...n]);
    for (const closing of this.closing.values()) nights.push(...closing.nights);
    return [...new Set(nights)].sort();
  }

  /** The nights staged in the same file as `night` since it was opened (itself alone when not open). */
  nightsSharingFile(night: number): number[] {
    const key = this.homes.get(night);
    const nights = key === undefined ? undefined : this.openFileNights.get(key);
    return nights === undefined ? [night] : [...nights].sort();
  }

  /** Files being closed in the background, by key, with their nights (a file reopened waits for its close). */
  private readonly closing = new Map<FileKey, { readonly done: Promise<void>; readonly nights: number[] }>();
  /** The first failure of a close in the background, thrown by the next batch's promise. */
  private closeError: unknown = null;

  /**
   * Closes the file of one night (no-op when not open): a shared file with all its nights. Resolves once it is
   * closed.
   */
  async closeNight(night: number): Promise<void> {
    const key = this.homes.get(night) ?? `n${night}`;
    await (this.startClosing(key) ?? this.closing.get(key)?.done);
  }

  /**
   * Starts closing one file (null when it is not open): its part of the batch being built is handed over at once
   * (the batch's promise includes it); the close runs in the background, tracked in `closing`.
   */
  private startClosing(key: FileKey): Promise<void> | null {
    const staging = this.open.get(key);
    if (!staging) return null;
    this.open.delete(key);
    const part = this.building.get(key);
    if (part !== undefined) {
      this.endedParts.push({ nights: this.batchNightsOf(key), counts: part.endBatch() });
      this.building.delete(key);
      this.buildingNights.delete(key);
    }
    const nights = [...(this.openFileNights.get(key) ?? [])];
    this.openFileNights.delete(key);
    const closed = staging.close().then(() => {
      this.log.debug({ file: staging.file }, 'staging file closed');
    });
    const tracked = closed.finally(() => {
      if (this.closing.get(key)?.done === tracked) this.closing.delete(key);
    });
    // reported to whoever awaits the close, else by the next batch
    tracked.catch((err: unknown) => {
      this.closeError ??= err;
    });
    this.closing.set(key, { done: tracked, nights });
    return tracked;
  }

  /**
   * Closes every open staging file (the staging database too; it opens again with the next file). Every file is
   * closed even when one fails (e.g. no space left for its checkpoint); the first failure is thrown after.
   */
  async closeAll(): Promise<void> {
    for (const key of [...this.open.keys()]) this.startClosing(key);
    await Promise.allSettled([...this.closing.values()].map((c) => c.done));
    await this.database.close();
    const error = this.closeError;
    this.closeError = null;
    if (error !== null) throw error;
  }

  private async fileOf(key: FileKey): Promise<NightFile<Item>> {
    const hit = this.open.get(key);
    if (hit) {
      // keep most recently used last
      this.open.delete(key);
      this.open.set(key, hit);
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
      await Promise.race([...this.closing.values()].map((c) => c.done)).catch(() => undefined);
    await this.closing.get(key)?.done.catch(() => undefined);
    const number = Number(key.slice(1));
    const { shared } = this.kind;
    const month = key.startsWith('m') && shared !== undefined;
    if (this.beforeOpen)
      await this.beforeOpen(month ? (n) => Math.floor(n / 100) === number : (n) => n === number);
    const staging = month
      ? await shared.open(
          this.layout.stagingMonthFile(number, this.ingesterId),
          (night) => this.layout.stagingFile(night, this.ingesterId),
          this.database,
        )
      : await this.kind.open(this.layout.stagingFile(number, this.ingesterId), this.database);
    this.open.set(key, staging);
    this.openFileNights.set(key, new Set(month ? [] : [number]));
    this.log.debug({ file: staging.file }, 'staging file opened');
    return staging;
  }
}
