/**
 * Routes staged alerts to the staging file of their night for one ingester, keeping a few nights open, and
 * closes nights on request so that the publisher can read them.
 */
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/store-layout.js';
import { NightStaging, type StageCounts, type StagedAlert } from './night-staging.js';

/** Most staging files one ingester keeps open at once (alerts of old nights trickle in rarely). */
const MAX_OPEN_NIGHTS = 4;

export class Stager {
  private readonly open = new Map<number, NightStaging>();
  /** Awaited before a night's file is (re)opened, e.g. to let a background publication of it finish. */
  beforeOpen: ((night: number) => Promise<void>) | null = null;

  constructor(
    private readonly layout: StoreLayout,
    readonly ingesterId: string,
    private readonly log: Logger,
  ) {}

  /** The routing of the last batch: the next batch is routed after it, so that files see batches in order. */
  private routing: Promise<unknown> = Promise.resolve();

  /**
   * Stages a batch (any mix of nights); resolves when every part of it is durable. A batch may be handed over
   * before the previous one is durable: each night's file stages its batches in the order they were handed over.
   */
  stage(batch: readonly StagedAlert[]): Promise<StageCounts & { nights: number[] }> {
    const byNight = new Map<number, StagedAlert[]>();
    for (const s of batch) {
      const list = byNight.get(s.alert.night);
      if (list) list.push(s);
      else byNight.set(s.alert.night, [s]);
    }
    const nights = [...byNight.keys()].sort();
    // opening a file is asynchronous: route one batch at a time, handing each part to its file in order
    const routed = this.routing.then(async () => {
      const parts: Promise<StageCounts>[] = [];
      for (const night of nights) {
        const staging = await this.nightFile(night);
        const part = staging.stage(byNight.get(night) ?? []);
        part.catch(() => undefined); // awaited below, with the others
        parts.push(part);
      }
      return parts;
    });
    this.routing = routed.catch(() => undefined);
    return routed.then(async (parts) => {
      const total = { staged: 0, duplicates: 0, nights };
      for (const counts of await Promise.all(parts)) {
        total.staged += counts.staged;
        total.duplicates += counts.duplicates;
      }
      return total;
    });
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
    await staging.close();
    this.log.debug({ night }, 'staging file closed');
  }

  /** Closes every open staging file. */
  async closeAll(): Promise<void> {
    for (const night of this.openNights()) await this.closeNight(night);
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
    const staging = await NightStaging.open(this.layout.stagingFile(night, this.ingesterId));
    this.open.set(night, staging);
    this.log.debug({ night, file: staging.file }, 'staging file opened');
    return staging;
  }
}
