/**
 * Routes staged alerts to the staging file of their night for one ingester, keeping a few nights open, and
 * closes nights on request so that the publisher can read them.
 */
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/index.js';
import { NightStaging, type StageCounts, type StagedAlert, type StagingRows } from './night-staging.js';
import { StagingDatabase } from './staging-database.js';

/** Most staging files one ingester keeps open at once (alerts of old nights trickle in rarely). */
const MAX_OPEN_NIGHTS = 4;

export class Stager {
  private readonly open = new Map<number, NightStaging>();
  /** The database the open nights' files are attached to. */
  private readonly database = new StagingDatabase();
  /** Row chunks of closed files, for the next files to open. */
  private readonly freeRows: StagingRows[] = [];
  /** Awaited before a night's file is (re)opened, e.g. to let a background publication of it finish. */
  beforeOpen: ((night: number) => Promise<void>) | null = null;

  constructor(
    private readonly layout: StoreLayout,
    readonly ingesterId: string,
    private readonly log: Logger,
  ) {}

  /** Files of the nights with alerts in the batch being built. */
  private readonly building = new Map<number, NightStaging>();
  /** Parts of the batch being built already handed over (a file closed while the batch was built). */
  private endedParts: { night: number; counts: Promise<StageCounts> }[] = [];

  /**
   * Adds an alert to the batch being built: its rows are built at once (NightStaging.add). Returns a promise only
   * when its night's file must be opened first; batches are built one at a time, in order.
   */
  add(s: StagedAlert): Promise<void> | undefined {
    const night = s.alert.night;
    const staging = this.building.get(night);
    if (staging !== undefined) {
      staging.add(s);
      return undefined;
    }
    return this.nightFile(night).then((opened) => {
      this.building.set(night, opened);
      opened.add(s);
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

  /** Nights with an open staging file. */
  openNights(): number[] {
    return [...this.open.keys()].sort();
  }

  /** Closes one night's file (no-op when not open). */
  async closeNight(night: number): Promise<void> {
    const staging = this.open.get(night);
    if (!staging) return;
    this.open.delete(night);
    // the night's part of the batch being built is handed over first (the batch's promise includes it)
    const part = this.building.get(night);
    if (part !== undefined) {
      this.building.delete(night);
      this.endedParts.push({ night, counts: part.endBatch() });
    }
    await staging.close();
    this.freeRows.push(staging.rows);
    this.log.debug({ night }, 'staging file closed');
  }

  /**
   * Closes every open staging file (the staging database too; it opens again with the next file). Every file is
   * closed even when one fails (e.g. no space left for its checkpoint); the first failure is thrown after.
   */
  async closeAll(): Promise<void> {
    let failure: unknown = null;
    for (const night of this.openNights())
      await this.closeNight(night).catch((err: unknown) => {
        failure ??= err;
      });
    await this.database.close();
    if (failure !== null) throw failure;
  }

  private async nightFile(night: number): Promise<NightStaging> {
    const hit = this.open.get(night);
    if (hit) {
      // keep most recently used last
      this.open.delete(night);
      this.open.set(night, hit);
      return hit;
    }
    if (this.open.size >= MAX_OPEN_NIGHTS) {
      const oldest = this.open.keys().next().value;
      if (oldest !== undefined) await this.closeNight(oldest);
    }
    if (this.beforeOpen) await this.beforeOpen(night);
    const staging = await NightStaging.open(
      this.layout.stagingFile(night, this.ingesterId),
      this.database,
      this.freeRows.pop(),
    );
    this.open.set(night, staging);
    this.log.debug({ night, file: staging.file }, 'staging file opened');
    return staging;
  }
}
