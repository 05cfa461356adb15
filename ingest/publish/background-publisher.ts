/**
 * Publishes nights in the background, one at a time, in a worker thread when the compiled worker is available
 * (the installed command), else on the calling thread (e.g. under the test runner, which runs TypeScript).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/store-layout.js';
import { type PublishResult, publishNight } from './publish-night.js';

type Reply = { night: number; result?: PublishResult; error?: string };

export class BackgroundPublisher {
  private readonly worker: Worker | null;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly waiting = new Map<
    number,
    { resolve: (r: PublishResult) => void; reject: (e: Error) => void }
  >();
  readonly results: PublishResult[] = [];
  /** The queued or running publication of each night. */
  private readonly byNight = new Map<number, Promise<void>>();
  readonly errors: { night: number; error: string }[] = [];
  /** Nights queued and not yet published (or failed). */
  private readonly pending = new Set<number>();

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
    const run = async (): Promise<void> => {
      try {
        const result = this.worker
          ? await new Promise<PublishResult>((resolve, reject) => {
              this.waiting.set(night, { resolve, reject });
              this.worker?.postMessage({ night });
            })
          : await publishNight(this.layout, night, this.log);
        this.results.push(result);
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        this.errors.push({ night, error });
        this.log.error({ night, error }, 'publication failed');
      }
    };
    this.pending.add(night);
    const next = this.chain.then(run).finally(() => {
      // a night queued again is pending until its last queued publication is over
      if (this.byNight.get(night) === next) this.pending.delete(night);
    });
    this.chain = next;
    this.byNight.set(night, next);
    return next;
  }

  /** Nights queued or being published. */
  pendingNights(): number[] {
    return [...this.pending].sort((a, b) => a - b);
  }

  /** Resolves when the night's queued publication (if any) is over. */
  async idleFor(night: number): Promise<void> {
    await this.byNight.get(night);
  }

  /** Resolves when every publication queued so far is over. */
  async idle(): Promise<void> {
    await this.chain;
  }

  /** Waits for every queued publication, then stops the worker. */
  async close(): Promise<void> {
    await this.chain;
    await this.worker?.terminate();
  }
}
