/**
 * The order of a staging file's batches, for every survey: each batch's stamps are appended to its stamps file
 * and synced in hand-over order (on libuv's threads, while the next batch is built), and its rows commit after the
 * previous batch's commit and after its own stamps are durable (a row never points at bytes not on disk). A batch
 * that fails fails every batch handed over after it: nothing after it is reported durable.
 */
import type { DirectAppendFile } from '../direct-append-file.js';
import type { StageCounts } from './night-router.js';

/** One stamps file's writes and syncs, queued in batch order (DirectAppendFile takes one writer at a time). */
export class StampsQueue {
  /** Where the next batch's stamps go: the stamps file's end once every queued write is done. */
  plannedEnd: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly stamps: DirectAppendFile) {
    this.plannedEnd = stamps.end;
  }

  /** Queues a batch's stamps (`chunks`, which end the file at `end`); resolves once they and the earlier are durable. */
  write(chunks: readonly Uint8Array[], end: number): Promise<void> {
    this.plannedEnd = end;
    if (chunks.length > 0) {
      this.queue = this.queue.then(async () => {
        await this.stamps.append(chunks);
        await this.stamps.sync();
      });
    }
    return this.queue;
  }

  /** Waits for every queued write to settle (failures were reported to their batches). */
  async settle(): Promise<void> {
    await this.queue.catch(() => undefined);
  }

  /** Closes the stamps file (after {@link settle}). */
  close(): void {
    this.stamps.close();
  }
}

/** The chain of a staging file's batch commits, in hand-over order. */
export class CommitChain {
  /** The last batch's commit: the next one starts after it, and fails if it failed. */
  private lastCommit: Promise<void> = Promise.resolve();

  /** Queues `commit`, run once the batches before it have committed and `stampsDurable` resolved. */
  after(stampsDurable: Promise<unknown>, commit: () => Promise<void>): Promise<void> {
    const previous = this.lastCommit;
    const committed = (async () => {
      await previous;
      await stampsDurable;
      await commit();
    })();
    this.lastCommit = committed;
    // a failure reaches the caller through the promise returned; the chain only orders the batches
    committed.catch(() => undefined);
    return committed;
  }

  /** Queues a batch that failed to build: it rejects with `error` once the batches before it are settled. */
  fail(error: Error): Promise<never> {
    const fail = (): never => {
      throw error;
    };
    const failed = this.lastCommit.then(fail, fail);
    this.lastCommit = failed;
    failed.catch(() => undefined);
    return failed;
  }

  /** Waits for every queued batch to settle. */
  async settle(): Promise<void> {
    await this.lastCommit.catch(() => undefined);
  }
}

/** The batch order of a staging file with one stamps file. */
export class BatchOrder extends CommitChain {
  private readonly stamps: StampsQueue;

  constructor(stamps: DirectAppendFile) {
    super();
    this.stamps = new StampsQueue(stamps);
  }

  /** Where the next batch's stamps go. */
  get plannedEnd(): number {
    return this.stamps.plannedEnd;
  }

  /**
   * Queues a batch: its stamps (`chunks`, which end the stamps file at `end`), then `commit` once the batches
   * before it have committed and these stamps are durable. Resolves once `commit` has.
   */
  run(chunks: readonly Uint8Array[], end: number, commit: () => Promise<void>): Promise<void> {
    return this.after(this.stamps.write(chunks, end), commit);
  }

  /** Waits for every queued batch and stamps write to settle (failures were reported to their batches). */
  override async settle(): Promise<void> {
    await super.settle();
    await this.stamps.settle();
  }

  /** Closes the stamps file (after {@link settle}). */
  close(): void {
    this.stamps.close();
  }
}

/**
 * The parts of a caller's batch that a staging file hands over before the batch ends (each its own transaction,
 * e.g. lsst-night-staging.ts's parts of bounded rows), with a bound on those not yet committed: beyond it the
 * caller is asked to wait.
 */
export class BatchParts {
  private parts: Promise<StageCounts>[] = [];
  private inFlight = 0;
  private waiting: (() => void)[] = [];

  constructor(private readonly maxInFlight: number) {}

  /** Tracks a part handed over; returns a promise to await before going on when too many are uncommitted. */
  track(part: Promise<StageCounts>): Promise<void> | undefined {
    this.parts.push(this.counted(part));
    if (this.inFlight <= this.maxInFlight) return undefined;
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The batch's counts, its parts' summed, once its last part and every earlier one are durable. */
  end(last: Promise<StageCounts>): Promise<StageCounts> {
    const parts = [...this.parts, this.counted(last)];
    this.parts = [];
    if (parts.length === 1) return parts[0];
    return Promise.all(parts).then((all) => ({
      staged: all.reduce((n, c) => n + c.staged, 0),
      duplicates: all.reduce((n, c) => n + c.duplicates, 0),
    }));
  }

  /** Forgets the parts of a batch dropped before its end (they still commit; their failures are not reported). */
  abandon(): void {
    for (const part of this.parts) part.catch(() => undefined);
    this.parts = [];
  }

  /** The part, counted as in flight until it settles. */
  private counted(part: Promise<StageCounts>): Promise<StageCounts> {
    this.inFlight++;
    const settled = (): void => {
      this.inFlight--;
      if (this.inFlight <= this.maxInFlight) for (const wake of this.waiting.splice(0)) wake();
    };
    part.then(settled, settled);
    return part;
  }
}
