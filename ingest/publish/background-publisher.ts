/**
 * Publishes nights in the background, one at a time, in a worker thread when the compiled worker is available
 * (the installed command), else on the calling thread (e.g. under the test runner, which runs TypeScript). Once
 * the caller's own thread is free (the input read), `helpHere` publishes queued nights on it too, beside the
 * worker: parts are built outside the publication lock (publish-night.ts).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/index.js';
import { type PublishResult, publishNight } from './publish-night.js';
import { BESIDE_WORKER_MEMORY } from './work.js';

type Reply = { night: number; result?: PublishResult; error?: string };

/** A queued night, and the callers waiting for its publication. */
interface Queued {
  readonly night: number;
  /** Set when it failed on the helping thread: it then goes to the worker, with its full memory. */
  readonly workerOnly: boolean;
  readonly done: Promise<void>;
  readonly settle: () => void;
}

function queued(night: number, workerOnly: boolean): Queued {
  let settle: () => void = () => undefined;
  const done = new Promise<void>((r) => {
    settle = r;
  });
  return { night, workerOnly, done, settle };
}

export class BackgroundPublisher {
  private readonly worker: Worker | null;
  private readonly waiting = new Map<
    number,
    { resolve: (r: PublishResult) => void; reject: (e: Error) => void }
  >();
  readonly results: PublishResult[] = [];
  readonly errors: { night: number; error: string }[] = [];
  /** Nights waiting, in order. */
  private readonly queue: Queued[] = [];
  /** Nights being published (a night is never published twice at once). */
  private readonly running = new Map<number, Queued>();
  private workerBusy = false;

  constructor(
    private readonly layout: StoreLayout,
    private readonly log: Logger,
  ) {
    const script = fileURLToPath(new URL('./publish-worker.js', import.meta.url));
    this.worker = fs.existsSync(script)
      ? new Worker(script, { workerData: { root: layout.root, level: log.level } })
      : null;
    this.worker?.on('message', (reply: Reply) => {
      const w = this.waiting.get(reply.night);
      this.waiting.delete(reply.night);
      if (reply.result) w?.resolve(reply.result);
      else w?.reject(new Error(reply.error ?? 'publication failed'));
    });
  }

  /** Queues a night; resolves when it is published. Failures are recorded, not thrown. */
  enqueue(night: number): Promise<void> {
    // a night already waiting (not started) is published once, with what is staged by then
    const waiting = this.queue.find((q) => q.night === night);
    if (waiting) return waiting.done;
    const q = queued(night, false);
    this.queue.push(q);
    this.pump();
    return q.done;
  }

  /** The next queued night that is not being published, removed from the queue. */
  private take(forWorker: boolean): Queued | null {
    const i = this.queue.findIndex((q) => !this.running.has(q.night) && (forWorker || !q.workerOnly));
    return i < 0 ? null : this.queue.splice(i, 1)[0];
  }

  private pump(): void {
    if (this.workerBusy) return;
    const q = this.take(true);
    if (!q) return;
    this.workerBusy = true;
    this.running.set(q.night, q);
    void this.publishOnWorker(q.night)
      .then(
        (result) => this.results.push(result),
        (err) => this.fail(q.night, err),
      )
      .finally(() => {
        this.running.delete(q.night);
        this.workerBusy = false;
        q.settle();
        this.pump();
      });
  }

  private publishOnWorker(night: number): Promise<PublishResult> {
    if (!this.worker) return publishNight(this.layout, night, this.log);
    return new Promise<PublishResult>((resolve, reject) => {
      this.waiting.set(night, { resolve, reject });
      this.worker?.postMessage({ night });
    });
  }

  private fail(night: number, err: unknown): void {
    const error = err instanceof Error ? err.message : String(err);
    this.errors.push({ night, error });
    this.log.error({ night, error }, 'publication failed');
  }

  /**
   * Publishes queued nights on the calling thread, beside the worker, until none is left to take; its work
   * database gets `memoryLimit`. A night that fails here goes back to the queue for the worker.
   */
  async helpHere(memoryLimit: string): Promise<void> {
    for (let q = this.take(false); q; q = this.take(false)) {
      this.running.set(q.night, q);
      try {
        this.results.push(await publishNight(this.layout, q.night, this.log, { memoryLimit }));
        q.settle();
      } catch (err) {
        this.log.warn(
          { night: q.night, error: err instanceof Error ? err.message : String(err) },
          'publication handed back to the worker',
        );
        const retry = queued(q.night, true);
        void retry.done.then(q.settle);
        this.queue.unshift(retry);
      } finally {
        this.running.delete(q.night);
        this.pump();
      }
    }
  }

  /** Nights queued or being published. */
  pendingNights(): number[] {
    return [...new Set([...this.queue.map((q) => q.night), ...this.running.keys()])].sort((a, b) => a - b);
  }

  /** Resolves when the night's queued and running publications (if any) are over. */
  async idleFor(night: number): Promise<void> {
    const all = [...this.queue, ...this.running.values()].filter((q) => q.night === night);
    await Promise.all(all.map((q) => q.done));
  }

  /** Resolves when every publication queued so far is over. */
  async idle(): Promise<void> {
    for (;;) {
      const all = [...this.queue, ...this.running.values()];
      if (all.length === 0) return;
      await Promise.all(all.map((q) => q.done));
    }
  }

  /** Waits for every queued publication, then stops the worker. */
  async close(): Promise<void> {
    await this.idle();
    await this.worker?.terminate();
  }
}

/**
 * Publishes `nights` two at a time: on a publication worker and on the calling thread (parts are built outside
 * the publication lock). Failures are returned with their night, not thrown. A publisher made beforehand (its
 * worker started early, e.g. while a consumer stops) is used, then closed.
 */
export async function publishBesideWorker(
  layout: StoreLayout,
  nights: readonly number[],
  log: Logger,
  publisher: BackgroundPublisher = new BackgroundPublisher(layout, log),
): Promise<{ results: PublishResult[]; errors: { night: number; error: string }[] }> {
  try {
    for (const night of [...nights].sort((a, b) => a - b)) void publisher.enqueue(night);
    await publisher.helpHere(BESIDE_WORKER_MEMORY);
  } finally {
    await publisher.close();
  }
  return {
    results: [...publisher.results].sort((a, b) => a.night - b.night),
    errors: publisher.errors,
  };
}
