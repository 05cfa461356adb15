/**
 * Spreads the SSOFT job's batches over worker threads, one per core (the compiled worker script; in-process when
 * it is absent, as when running from TypeScript sources). At most two batches wait per worker.
 */
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PhaseFlavor } from '../../compute/sso/phase/index.js';
import { type SsoftBatchItem, type SsoftBatchResult, ssoftBatchRows } from './ssoft-batch.js';

interface Reply {
  readonly id: number;
  readonly rows?: SsoftBatchResult;
  readonly error?: string;
}

interface Pending {
  resolve(rows: SsoftBatchResult): void;
  reject(err: Error): void;
}

/** A pool computing batch rows. */
export class SsoftPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly load: number[] = [];
  private nextId = 0;

  constructor(
    private readonly flavors: readonly PhaseFlavor[],
    private readonly version: string,
    threads = Math.max(1, Math.min(4, os.availableParallelism())),
  ) {
    const script = fileURLToPath(new URL('./ssoft-worker.js', import.meta.url));
    if (!fs.existsSync(script)) return;
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(script);
      worker.on('message', (reply: Reply) => {
        const p = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        this.load[i]--;
        if (reply.rows) p?.resolve(reply.rows);
        else p?.reject(new Error(`SSOFT worker failed: ${reply.error ?? 'unknown error'}`));
      });
      worker.on('error', (err) => {
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
      });
      this.workers.push(worker);
      this.load.push(0);
    }
  }

  /** Threads in use (0: in-process). */
  get threads(): number {
    return this.workers.length;
  }

  /** True when every worker already has two batches waiting. */
  get isBusy(): boolean {
    return this.workers.length > 0 && this.load.every((n) => n >= 2);
  }

  /** The rows of a batch: per flavour, per item, and the bulk rows. */
  run(items: SsoftBatchItem[]): Promise<SsoftBatchResult> {
    if (this.workers.length === 0) {
      return Promise.resolve(ssoftBatchRows(items, this.flavors, this.version));
    }
    const i = this.load.indexOf(Math.min(...this.load));
    const id = this.nextId++;
    this.load[i]++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.workers[i].postMessage({ id, items, flavors: this.flavors, version: this.version });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
