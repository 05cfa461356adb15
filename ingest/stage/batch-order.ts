/**
 * The order of a staging file's batches, for every survey: each batch's stamps are appended to the stamps file
 * and synced in hand-over order (on libuv's threads, while the next batch is built), and its rows commit after the
 * previous batch's commit and after its own stamps are durable (a row never points at bytes not on disk). A batch
 * that fails fails every batch handed over after it: nothing after it is reported durable.
 */
import type { DirectAppendFile } from '../direct-append-file.js';

export class BatchOrder {
  /** Where the next batch's stamps go: the stamps file's end once every queued write is done. */
  plannedEnd: number;
  /** The stamps writes and syncs, queued in batch order (DirectAppendFile takes one writer at a time). */
  private stampsQueue: Promise<void> = Promise.resolve();
  /** The last batch's commit: the next one starts after it, and fails if it failed. */
  private lastCommit: Promise<void> = Promise.resolve();

  constructor(private readonly stamps: DirectAppendFile) {
    this.plannedEnd = stamps.end;
  }

  /**
   * Queues a batch: its stamps (`chunks`, which end the stamps file at `end`), then `commit` once the batches
   * before it have committed and these stamps are durable. Resolves once `commit` has.
   */
  run(chunks: readonly Uint8Array[], end: number, commit: () => Promise<void>): Promise<void> {
    this.plannedEnd = end;
    if (chunks.length > 0) {
      this.stampsQueue = this.stampsQueue.then(async () => {
        await this.stamps.append(chunks);
        await this.stamps.sync();
      });
    }
    const stampsDurable = this.stampsQueue;
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

  /** Waits for every queued batch and stamps write to settle (failures were reported to their batches). */
  async settle(): Promise<void> {
    await this.lastCommit.catch(() => undefined);
    await this.stampsQueue.catch(() => undefined);
  }

  /** Closes the stamps file (after {@link settle}). */
  close(): void {
    this.stamps.close();
  }
}
