/**
 * Publishes nights in the background, one night or one group of small nights at a time (publication-plan.ts), in
 * a worker thread when the compiled worker is available (the installed command), else on the calling thread
 * (e.g. under the test runner, which runs TypeScript). Once the caller's own thread is free (the input read),
 * `helpHere` publishes queued groups on it too, beside the worker: parts are built outside the publication lock
 * (publish-night.ts).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/index.js';
import { planPublicationGroups, unpublishedNights } from './publication-plan.js';
import { type PublishResult, publishGroup } from './publish-night.js';
import { BESIDE_WORKER_MEMORY, WorkDatabase } from './work.js';

type Reply = { id: number; results?: PublishResult[]; error?: string };

/** A queued group of nights (published together), and the callers waiting for its publication. */
interface Queued {
  readonly nights: readonly number[];
  /** Set when it failed on the helping thread: it then goes to the worker, with its full memory. */
  readonly workerOnly: boolean;
  readonly done: Promise<void>;
  readonly settle: () => void;
}

function queued(nights: readonly number[], workerOnly: boolean): Queued {
  let settle: () => void = () => undefined;
  const done = new Promise<void>((r) => {
    settle = r;
  });
  return { nights, workerOnly, done, settle };
}

export class BackgroundPublisher {
  private readonly worker: Worker | null;
  private readonly waiting = new Map<
    number,
    { resolve: (r: PublishResult[]) => void; reject: (e: Error) => void }
  >();
  private nextMessageId = 0;
  readonly results: PublishResult[] = [];
  readonly errors: { night: number; error: string }[] = [];
  /** Groups waiting, in order. */
  private readonly queue: Queued[] = [];
  /** Groups being published, by night (a night is never published twice at once). */
  private readonly running = new Map<number, Queued>();
  private workerBusy = false;
  private closed = false;

  constructor(
    private readonly layout: StoreLayout,
    private readonly log: Logger,
  ) {
    const script = fileURLToPath(new URL('./publish-worker.js', import.meta.url));
    this.worker = fs.existsSync(script)
      ? new Worker(script, { workerData: { root: layout.root, level: log.level } })
      : null;
    this.worker?.on('message', (reply: Reply) => {
      const w = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.results) w?.resolve(reply.results);
      else w?.reject(new Error(reply.error ?? 'publication failed'));
    });
  }

  /** Queues a night; resolves when it is published. Failures are recorded, not thrown. */
  enqueue(night: number): Promise<void> {
    return this.enqueueGroup([night]);
  }

  /**
   * Queues a group of nights, published together (one part, one catalog switch); resolves when it is published.
   * Failures are recorded, not thrown.
   */
  enqueueGroup(nights: readonly number[]): Promise<void> {
    // a night already waiting (not started) is published once, with what is staged by then
    const fresh = nights.filter((n) => !this.queue.some((q) => q.nights.includes(n)));
    const waiting = this.queue.filter((q) => q.nights.some((n) => nights.includes(n)));
    const all = waiting.map((q) => q.done);
    if (fresh.length > 0) {
      const q = queued(fresh, false);
      this.queue.push(q);
      all.push(q.done);
      this.pump();
    }
    return Promise.all(all).then(() => undefined);
  }

  /** The next queued group none of whose nights is being published, removed from the queue. */
  private take(forWorker: boolean): Queued | null {
    const i = this.queue.findIndex(
      (q) => !q.nights.some((n) => this.running.has(n)) && (forWorker || !q.workerOnly),
    );
    return i < 0 ? null : this.queue.splice(i, 1)[0];
  }

  private markRunning(q: Queued, running: boolean): void {
    for (const n of q.nights) {
      if (running) this.running.set(n, q);
      else this.running.delete(n);
    }
  }

  private pump(): void {
    if (this.workerBusy) return;
    const q = this.take(true);
    if (!q) return;
    this.workerBusy = true;
    this.markRunning(q, true);
    void this.publishOnWorker(q.nights)
      .then(
        (results) => this.results.push(...results),
        (err) => this.fail(q.nights, err),
      )
      .finally(() => {
        this.markRunning(q, false);
        this.workerBusy = false;
        q.settle();
        this.pump();
      });
  }

  private publishOnWorker(nights: readonly number[]): Promise<PublishResult[]> {
    if (!this.worker) return publishGroup(this.layout, nights, this.log);
    return this.ask({ nights });
  }

  /** Sends a message to the worker; resolves with its reply's results. */
  private ask(message: { nights?: readonly number[]; close?: boolean }): Promise<PublishResult[]> {
    return new Promise<PublishResult[]>((resolve, reject) => {
      const id = this.nextMessageId++;
      this.waiting.set(id, { resolve, reject });
      this.worker?.postMessage({ id, ...message });
    });
  }

  private fail(nights: readonly number[], err: unknown): void {
    const error = err instanceof Error ? err.message : String(err);
    for (const night of nights) this.errors.push({ night, error });
    this.log.error({ nights, error }, 'publication failed');
  }

  /**
   * Publishes queued groups on the calling thread, beside the worker, until none is left to take; its work
   * database gets `memoryLimit`. A group that fails here goes back to the queue for the worker.
   */
  async helpHere(memoryLimit: string): Promise<void> {
    // one work database for the groups published here (kept from one to the next, work.ts)
    const work = new WorkDatabase(this.layout, memoryLimit);
    try {
      for (let q = this.take(false); q; q = this.take(false)) {
        this.markRunning(q, true);
        try {
          this.results.push(...(await publishGroup(this.layout, q.nights, this.log, { work })));
          q.settle();
        } catch (err) {
          this.log.warn(
            { nights: q.nights, error: err instanceof Error ? err.message : String(err) },
            'publication handed back to the worker',
          );
          const retry = queued(q.nights, true);
          void retry.done.then(q.settle);
          this.queue.unshift(retry);
        } finally {
          this.markRunning(q, false);
          this.pump();
        }
      }
    } finally {
      await work.close();
    }
  }

  /** Nights queued or being published. */
  pendingNights(): number[] {
    return [...new Set([...this.queue.flatMap((q) => q.nights), ...this.running.keys()])].sort(
      (a, b) => a - b,
    );
  }

  /** Resolves when the queued and running publications (if any) of the night, or of nights `holds`, are over. */
  async idleFor(night: number | ((night: number) => boolean)): Promise<void> {
    const holds = typeof night === 'number' ? (n: number) => n === night : night;
    const all = [...this.queue, ...this.running.values()].filter((q) => q.nights.some(holds));
    await Promise.all(all.map((q) => q.done));
  }

  /** Resolves when every publication queued so far is over. */
  async idle(): Promise<void> {
    for (;;) {
      const all = [...new Set([...this.queue, ...this.running.values()])];
      if (all.length === 0) return;
      await Promise.all(all.map((q) => q.done));
    }
  }

  /** Waits for every queued publication, then stops the worker. */
  async close(): Promise<void> {
    await this.idle();
    if (!this.worker || this.closed) return;
    this.closed = true;
    await this.ask({ close: true }).catch((err: unknown) =>
      this.log.warn({ error: err instanceof Error ? err.message : String(err) }, 'closing the worker failed'),
    );
    await this.worker.terminate();
  }
}

/** What {@link publishBesideWorker} did. */
export interface PublishedNights {
  readonly results: PublishResult[];
  readonly errors: { night: number; error: string }[];
  /** Nights left alone: their staged content is already published. */
  readonly unchanged: number[];
}

/**
 * Publishes those of `nights` whose staged content changed since their last publication (all of them with
 * `force`), small nights in groups (publication-plan.ts), two groups at a time: on a publication worker and on
 * the calling thread (parts are built outside the publication lock). Failures are returned with their night, not
 * thrown. A publisher made beforehand (its worker started early, e.g. while a consumer stops) is used, then
 * closed.
 */
export async function publishBesideWorker(
  layout: StoreLayout,
  nights: readonly number[],
  log: Logger,
  publisher: BackgroundPublisher = new BackgroundPublisher(layout, log),
  options: { force?: boolean } = {},
): Promise<PublishedNights> {
  const sorted = [...new Set(nights)].sort((a, b) => a - b);
  const changed = options.force ? sorted : unpublishedNights(layout, sorted);
  try {
    for (const group of planPublicationGroups(layout, changed)) void publisher.enqueueGroup(group);
    await publisher.helpHere(BESIDE_WORKER_MEMORY);
  } finally {
    await publisher.close();
  }
  return {
    results: [...publisher.results].sort((a, b) => a.night - b.night),
    errors: publisher.errors,
    unchanged: sorted.filter((n) => !changed.includes(n)),
  };
}
