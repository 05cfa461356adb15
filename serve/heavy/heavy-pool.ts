/**
 * Worker threads that answer the heavy endpoints (heavy-endpoints.ts) off the event loop, so that a long
 * cross-match or sky map never delays the other requests. A pool serves one store: each of its threads opens its
 * own reader on that store, of the store's survey (ZTF or LSST), and answers that survey's heavy endpoints; a
 * request is forwarded whole (method, URL, headers, body bytes) and its answer comes back whole (the body's bytes
 * transferred, not copied). A request that runs longer than the time budget gets a 503 and its thread is
 * terminated (and replaced); requests beyond the queue bound get a 503 at once.
 *
 * The threads run the compiled worker script; when it is absent (TypeScript sources, as under the test runner)
 * the server mounts the endpoints in-process instead (serve/app.ts), as the SSOFT pool and the background
 * publisher do.
 */
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { Survey } from '../../data/index.js';
import { ApiError } from '../errors.js';

/** Default time budget of one heavy request once a thread runs it (ms). */
export const DEFAULT_HEAVY_BUDGET_MS = 30_000;
/** Most heavy requests waiting for a thread; more get a 503. */
export const MAX_HEAVY_QUEUE = 16;

/** Most heavy-request threads of one server process, whatever the number of stores it serves. */
export const MAX_HEAVY_THREADS = 4;

/**
 * Threads of each store's pool when `stores` stores have heavy endpoints: one per core but one (the event
 * loop's), 1 to {@link MAX_HEAVY_THREADS} in all, shared evenly between the stores, and at least one each (so
 * `stores` threads on a machine of fewer cores).
 *
 * @param cores the cores this process may use (os.availableParallelism()).
 */
export function heavyThreadsPerStore(stores: number, cores = os.availableParallelism()): number {
  const total = Math.min(MAX_HEAVY_THREADS, Math.max(1, cores - 1));
  return Math.max(1, Math.floor(total / Math.max(1, stores)));
}

/** What a worker thread is started with (workerData). */
export interface HeavyWorkerData {
  /** Store directory the thread reads. */
  readonly root: string;
  /** The store's survey: which reader the thread opens and which endpoints it answers. */
  readonly survey: Survey;
  /** pino level of the thread's log. */
  readonly level: string;
}

/** The message of a thread that has opened the store and takes requests. */
export const READY = 'ready';

/** A request as sent to a worker thread. */
export interface HeavyTask {
  readonly id: number;
  readonly method: string;
  readonly url: string;
  readonly headers: [string, string][];
  readonly body: ArrayBuffer | null;
}

/** An answer as a worker thread sends it back. */
export interface HeavyReply {
  readonly id: number;
  readonly status: number;
  readonly headers: [string, string][];
  readonly body: ArrayBuffer;
}

export interface HeavyPoolOptions {
  /** Store directory the threads read. */
  readonly root: string;
  /** The store's survey (default ztf, as a store without a record). */
  readonly survey?: Survey;
  readonly log: Logger;
  /** Time budget of a request on its thread (ms). */
  readonly budgetMs?: number;
  /** Threads (default: {@link heavyThreadsPerStore} of one store). */
  readonly threads?: number;
}

/** An answer as the pool gives it: status, headers and body bytes. */
export interface HeavyAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array<ArrayBuffer>;
}

interface Job {
  readonly task: HeavyTask;
  /** What to narrow, for the budget's message. */
  readonly narrow: string;
  resolve(answer: HeavyAnswer): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  /** Set once the thread has opened the store (it then takes jobs: the budget counts only the job's work). */
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** Path of the compiled worker script, or null when running from TypeScript sources. */
function workerScript(): string | null {
  const script = fileURLToPath(new URL('./heavy-worker.js', import.meta.url));
  return fs.existsSync(script) ? script : null;
}

/** A pool of threads answering heavy requests. */
export class HeavyPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 0;
  private closed = false;
  private answeredCount = 0;
  readonly budgetMs: number;

  private constructor(
    private readonly script: string,
    private readonly options: HeavyPoolOptions,
  ) {
    this.budgetMs = options.budgetMs ?? DEFAULT_HEAVY_BUDGET_MS;
    const threads = options.threads ?? heavyThreadsPerStore(1);
    for (let i = 0; i < threads; i++) this.slots.push(this.startSlot());
  }

  /** A pool on the compiled worker script; null when it is absent (run the endpoints in-process). */
  static start(options: HeavyPoolOptions): HeavyPool | null {
    const script = workerScript();
    return script === null ? null : new HeavyPool(script, options);
  }

  private startSlot(): Slot {
    const workerData: HeavyWorkerData = {
      root: this.options.root,
      survey: this.options.survey ?? 'ztf',
      level: this.options.log.level,
    };
    const worker = new Worker(this.script, { workerData });
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    worker.on('message', (reply: HeavyReply | typeof READY) => {
      if (reply === READY) {
        slot.ready = true;
        this.pump();
        return;
      }
      const job = slot.job;
      if (job === null || job.task.id !== reply.id) return;
      this.finish(slot);
      this.answeredCount++;
      job.resolve({
        status: reply.status,
        headers: Object.fromEntries(reply.headers),
        body: new Uint8Array(reply.body),
      });
      this.pump();
    });
    worker.on('error', (err) => this.replace(slot, err));
    worker.on('exit', (code) => {
      if (!this.closed && this.slots.includes(slot) && slot.worker === worker)
        this.replace(slot, new Error(`heavy-request thread exited with code ${code}`));
    });
    return slot;
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  /** Ends a slot's thread (after an error, an exit or an overrun budget) and starts a new one in its place. */
  private replace(slot: Slot, err: Error, answer?: ApiError): void {
    const job = slot.job;
    this.finish(slot);
    const old = slot.worker;
    const i = this.slots.indexOf(slot);
    if (i >= 0 && !this.closed) this.slots[i] = this.startSlot();
    else if (i >= 0) this.slots.splice(i, 1);
    void old.terminate();
    if (job !== null) {
      if (answer === undefined)
        this.options.log.error({ err, url: job.task.url }, 'heavy-request thread failed');
      job.reject(
        answer ??
          new ApiError(
            503,
            `The request could not be completed (its thread failed: ${err.message}): ${job.narrow}.`,
          ),
      );
    }
    this.pump();
  }

  /** Gives queued jobs to idle threads. */
  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot.ready || slot.job !== null) continue;
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.timer = setTimeout(() => {
        this.options.log.warn({ url: job.task.url, budgetMs: this.budgetMs }, 'heavy request over budget');
        this.replace(
          slot,
          new Error('over budget'),
          new ApiError(
            503,
            `The request took longer than ${this.budgetMs / 1000} s, the most one request may take, and was ` +
              `stopped: ${job.narrow}.`,
          ),
        );
      }, this.budgetMs);
      slot.worker.postMessage(job.task, job.task.body ? [job.task.body] : []);
    }
  }

  /**
   * The answer of a thread to `request`.
   *
   * @param body the request's body, already read (null: none); transferred to the thread.
   * @param narrow what the client may narrow, for the 503 of a request over budget.
   * @throws ApiError 503 when the queue is full, the budget is overrun or the thread fails.
   */
  async answer(request: Request, body: ArrayBuffer | null, narrow: string): Promise<HeavyAnswer> {
    if (this.queue.length >= MAX_HEAVY_QUEUE)
      throw new ApiError(
        503,
        `The server is busy with ${MAX_HEAVY_QUEUE} long requests waiting: retry in a minute.`,
      );
    const task: HeavyTask = {
      id: this.nextId++,
      method: request.method,
      url: request.url,
      headers: [...request.headers],
      body,
    };
    return new Promise<HeavyAnswer>((resolve, reject) => {
      this.queue.push({ task, narrow, resolve, reject });
      this.pump();
    });
  }

  /** Threads in the pool. */
  get threads(): number {
    return this.slots.length;
  }

  /** Requests its threads have answered (any status) since the pool started. */
  get answered(): number {
    return this.answeredCount;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0))
      job.reject(new ApiError(503, 'The server is shutting down: retry later.'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
