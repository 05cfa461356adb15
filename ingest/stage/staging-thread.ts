/**
 * Decoding and staging of Kafka messages on a worker thread (staging-worker.ts), beside the thread that runs the
 * Kafka client: on 2 cores the two overlap. Falls back to the calling thread when the compiled worker is not
 * there (the test runner runs TypeScript). Either way `ingestMessages` resolves once the batch is durable.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { Position } from '../../data/alert.js';
import type { StoreLayout } from '../../data/store-layout.js';
import { AlertDecoder } from '../decode/decode.js';
import { type IngestCounts, IngestPipeline, type RawMessage } from '../pipeline.js';

/** Smallest buffer shared with the worker (a Kafka fetch's batch is a few MB to a few tens of MB). */
const SHARED_BUFFER_BYTES = 16 << 20;
/** Free shared buffers kept for reuse (two batches are in flight at once; each buffer holds one, up to ~60 MB). */
const MAX_FREE_BUFFERS = 2;

/** A request to the staging worker. */
export type StagingRequest =
  | {
      readonly id: number;
      readonly kind: 'ingest';
      /**
       * The messages' bytes, one after the other, at the start of a buffer shared with the worker: it is the
       * worker's until the batch is answered (nothing keeps a view of it after that), then reused.
       */
      readonly bytes: SharedArrayBuffer;
      /** End offset of each message in `bytes`. */
      readonly ends: readonly number[];
      readonly positions: readonly Position[];
    }
  | { readonly id: number; readonly kind: 'closeFiles' | 'close' };

type Reply = { id: number; counts?: IngestCounts; nights?: number[]; error?: string };

/** What the Kafka ingester needs of a pipeline. */
export interface StagingPipeline {
  /** Running totals (as of the last finished batch). */
  readonly counts: IngestCounts;
  /**
   * Decodes and stages the messages; resolves when they are durable (staged or quarantined). It may be called
   * again before that: batches become durable in call order, and a failed batch fails the later ones.
   */
  ingestMessages(messages: readonly RawMessage[]): Promise<void>;
  /** Nights that received alerts since the last call. */
  takeNightsTouched(): number[];
  /** Closes the staging files (the next batch reopens them), e.g. before a publication. */
  closeFiles(): Promise<void>;
  /** Waits for the batch in flight and closes everything. */
  close(): Promise<void>;
}

/** The pipeline on the calling thread. */
class LocalStaging implements StagingPipeline {
  constructor(private readonly pipeline: IngestPipeline) {}
  get counts(): IngestCounts {
    return this.pipeline.counts;
  }
  ingestMessages(messages: readonly RawMessage[]): Promise<void> {
    return this.pipeline.ingestMessages(messages);
  }
  takeNightsTouched(): number[] {
    const nights = [...this.pipeline.nightsTouched];
    this.pipeline.nightsTouched.clear();
    return nights;
  }
  closeFiles(): Promise<void> {
    return this.pipeline.stager.closeAll();
  }
  close(): Promise<void> {
    return this.pipeline.close();
  }
}

/** The pipeline on a worker thread. */
class WorkerStaging implements StagingPipeline {
  readonly counts: IngestCounts = { read: 0, staged: 0, duplicates: 0, quarantined: 0, bytes: 0 };
  private readonly nights = new Set<number>();
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();

  constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const w = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.counts) Object.assign(this.counts, reply.counts);
      for (const n of reply.nights ?? []) this.nights.add(n);
      if (reply.error === undefined) w?.resolve();
      else w?.reject(new Error(reply.error));
    });
    worker.on('error', (err) => {
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    });
  }

  private call(request: StagingRequest): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.set(request.id, { resolve, reject });
      this.worker.postMessage(request);
    });
  }

  /**
   * Buffers shared with the worker, free for the next batches. Fresh memory costs these virtual machines ~5x a
   * copy (every new page is a fault in the host: docs/benchmarks.md), and a batch of Kafka messages is ~10 MB:
   * reusing the buffers takes the copy of a batch from ~6 to ~1 ms per 9 MB.
   */
  private readonly freeBuffers: SharedArrayBuffer[] = [];

  private sharedBuffer(bytes: number): SharedArrayBuffer {
    const i = this.freeBuffers.findIndex((b) => b.byteLength >= bytes);
    if (i >= 0) return this.freeBuffers.splice(i, 1)[0];
    return new SharedArrayBuffer(Math.max(bytes, SHARED_BUFFER_BYTES));
  }

  ingestMessages(messages: readonly RawMessage[]): Promise<void> {
    // one copy into a buffer shared with the worker, given back to the pool once the batch is answered
    const total = messages.reduce((s, m) => s + m.bytes.length, 0);
    const shared = this.sharedBuffer(total);
    const bytes = new Uint8Array(shared, 0, total);
    const ends: number[] = [];
    let at = 0;
    for (const m of messages) {
      bytes.set(m.bytes, at);
      at += m.bytes.length;
      ends.push(at);
    }
    const positions = messages.map((m) => m.position);
    const release = () => {
      if (this.freeBuffers.length < MAX_FREE_BUFFERS) this.freeBuffers.push(shared);
    };
    const answered = this.call({ id: this.nextId++, kind: 'ingest', bytes: shared, ends, positions });
    answered.then(release, release);
    return answered;
  }

  takeNightsTouched(): number[] {
    const nights = [...this.nights];
    this.nights.clear();
    return nights;
  }

  closeFiles(): Promise<void> {
    return this.call({ id: this.nextId++, kind: 'closeFiles' });
  }

  async close(): Promise<void> {
    try {
      await this.call({ id: this.nextId++, kind: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}

/** A staging pipeline for Kafka messages: on a worker thread when the compiled worker exists. */
export function openStagingPipeline(
  layout: StoreLayout,
  ingesterId: string,
  log: Logger,
  schemaText: string | undefined,
): StagingPipeline {
  const script = fileURLToPath(new URL('./staging-worker.js', import.meta.url));
  if (fs.existsSync(script)) {
    return new WorkerStaging(
      new Worker(script, { workerData: { root: layout.root, ingesterId, schemaText, level: log.level } }),
    );
  }
  return new LocalStaging(
    new IngestPipeline(layout, ingesterId, log, new AlertDecoder({ schemalessSchemaText: schemaText })),
  );
}
