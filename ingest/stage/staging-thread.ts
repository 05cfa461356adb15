/**
 * Decoding and staging of Kafka messages on a worker thread (staging-worker.ts), beside the thread that runs the
 * Kafka client: on 2 cores the two overlap. Falls back to the calling thread when the compiled worker is not
 * there (the test runner runs TypeScript). Either way `ingestMessages` resolves once the batch is durable.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { Position, StoreLayout, Survey } from '../../data/index.js';
import { AlertDecoder, type SchemaSource } from '../decode/index.js';
import { type HandedOver, type IngestCounts, IngestPipeline, type RawMessage } from '../pipeline.js';
import { ReadArena } from '../sources/index.js';
import { LsstKafkaStaging } from './lsst-kafka-staging.js';
import { answerSchemaRequest, isSchemaRequest } from './schema-relay.js';

/**
 * Bytes of the ring of memory shared with the worker: the messages being staged are at most
 * MAX_PENDING_MESSAGES of the Kafka source (~130 MB of ZTF alerts with their schema, ~300 MB of LSST alerts with
 * their stamps) plus the group that waits; a group that does not fit goes through a buffer of its own.
 */
const SHARED_RING_BYTES = 192 << 20;

/** A request to the staging worker. */
export type StagingRequest =
  | {
      readonly id: number;
      readonly kind: 'ingest';
      /**
       * The messages' bytes, one after the other from `start`, in memory shared with the worker: that part is
       * the worker's until the batch is answered (nothing keeps a view of it after that), then reused.
       */
      readonly bytes: SharedArrayBuffer;
      readonly start: number;
      /** End offset of each message, from `start`. */
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

/** ZTF's staging pipeline as the Kafka ingester drives it (on the worker thread, or the calling one). */
export class ZtfStaging implements StagingPipeline {
  constructor(private readonly pipeline: IngestPipeline) {}
  get counts(): IngestCounts {
    return this.pipeline.counts;
  }
  ingestMessages(messages: readonly RawMessage[]): Promise<void> {
    return this.pipeline.ingestMessages(messages);
  }
  handOverMessages(messages: readonly RawMessage[]): Promise<HandedOver> {
    return this.pipeline.handOverMessages(messages);
  }
  takeNightsTouched(): number[] {
    const nights = [...this.pipeline.nightsTouched];
    this.pipeline.nightsTouched.clear();
    return nights;
  }
  async closeFiles(): Promise<void> {
    await this.pipeline.flush();
    await this.pipeline.stager.closeAll();
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

  constructor(
    private readonly worker: Worker,
    schemas: SchemaSource | undefined,
  ) {
    worker.on('message', (reply: Reply) => {
      if (isSchemaRequest(reply)) {
        if (schemas) void answerSchemaRequest(schemas, reply).then((answer) => worker.postMessage(answer));
        return;
      }
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
   * Memory shared with the worker, reused batch after batch. Fresh memory costs these virtual machines several
   * times a copy (every new page is a fault, zeroed by the kernel: docs/benchmarks.md); a fresh buffer per group of
   * messages made ~45 % of the consumer thread's page faults.
   */
  private readonly ring = new ReadArena(SHARED_RING_BYTES, (bytes) =>
    Buffer.from(new SharedArrayBuffer(bytes)),
  );

  ingestMessages(messages: readonly RawMessage[]): Promise<void> {
    // one copy into the shared ring; batches are answered in order, so each answer frees the ring up to its batch
    const total = messages.reduce((s, m) => s + m.bytes.length, 0);
    const { bytes, seq } = this.ring.take(total);
    const ends: number[] = [];
    let at = 0;
    for (const m of messages) {
      bytes.set(m.bytes, at);
      at += m.bytes.length;
      ends.push(at);
    }
    const positions = messages.map((m) => m.position);
    const release = () => this.ring.releaseBefore(seq + 1);
    const answered = this.call({
      id: this.nextId++,
      kind: 'ingest',
      bytes: bytes.buffer as SharedArrayBuffer,
      start: bytes.byteOffset,
      ends,
      positions,
    });
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
      this.ring.free(); // 192 MiB, no longer shared with anyone
    }
  }
}

/** What the Kafka ingester stages: ZTF alerts (schemaless ones with `schemaText`), or an LSST stream's frames. */
export type StagingStream =
  | { readonly survey: 'ztf'; readonly schemaText?: string }
  | { readonly survey: 'lsst'; readonly schemas: SchemaSource };

/**
 * A staging pipeline for Kafka messages: on a worker thread when the compiled worker exists (an LSST stream's
 * schemas are still asked of `stream.schemas`, on this thread), else on the calling thread.
 */
export function openStagingPipeline(
  layout: StoreLayout,
  ingesterId: string,
  log: Logger,
  stream: StagingStream,
): StagingPipeline {
  const script = fileURLToPath(new URL('./staging-worker.js', import.meta.url));
  const survey: Survey = stream.survey;
  const schemas = stream.survey === 'lsst' ? stream.schemas : undefined;
  if (fs.existsSync(script)) {
    const workerData = {
      root: layout.root,
      ingesterId,
      schemaText: stream.survey === 'ztf' ? stream.schemaText : undefined,
      level: log.level,
      survey,
      schemaSourceDescription: schemas?.description ?? '',
    };
    return new WorkerStaging(new Worker(script, { workerData }), schemas);
  }
  if (stream.survey === 'lsst') return new LsstKafkaStaging(layout, ingesterId, log, stream.schemas);
  return new ZtfStaging(
    new IngestPipeline(
      layout,
      ingesterId,
      log,
      new AlertDecoder({ schemalessSchemaText: stream.schemaText }),
    ),
  );
}
