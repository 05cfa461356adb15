/**
 * Writer schemas for the staging worker thread (staging-worker.ts), asked of the consumer's thread: the schema
 * source (a registry client, a schema directory) stays where the ingester opened it, and the worker's decoder asks
 * it by id through messages. An answer is the source's own: a schema, the reason it has none (the message is then
 * quarantined), or the source's failure with whether retrying may help.
 */
import type { MessagePort } from 'node:worker_threads';
import { type SchemaLookup, type SchemaSource, SchemaSourceError } from '../decode/index.js';

/** A schema request of the worker, by sequence number. */
export interface SchemaRequest {
  readonly schemaRequest: { readonly seq: number; readonly id: number };
}

/** The answer to a schema request. */
export interface SchemaReply {
  readonly kind: 'schema';
  readonly seq: number;
  readonly lookup?: SchemaLookup;
  readonly failure?: { readonly message: string; readonly retriable: boolean };
}

/** True when a message of the worker is a schema request. */
export function isSchemaRequest(message: unknown): message is SchemaRequest {
  return typeof message === 'object' && message !== null && 'schemaRequest' in message;
}

/** The consumer thread's answer to a schema request, from its source. */
export async function answerSchemaRequest(
  source: SchemaSource,
  { schemaRequest }: SchemaRequest,
): Promise<SchemaReply> {
  try {
    return { kind: 'schema', seq: schemaRequest.seq, lookup: await source.schema(schemaRequest.id) };
  } catch (err) {
    return {
      kind: 'schema',
      seq: schemaRequest.seq,
      failure: {
        message: err instanceof Error ? err.message : String(err),
        retriable: err instanceof SchemaSourceError ? err.retriable : false,
      },
    };
  }
}

/** The worker's schema source: each id asked of the consumer's thread (the decoder caches what it gets). */
export class RelayedSchemaSource implements SchemaSource {
  private nextSeq = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (l: SchemaLookup) => void; reject: (e: Error) => void }
  >();

  constructor(
    private readonly port: MessagePort,
    readonly description: string,
  ) {}

  schema(id: number): Promise<SchemaLookup> {
    const seq = this.nextSeq++;
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      this.port.postMessage({ schemaRequest: { seq, id } } satisfies SchemaRequest);
    });
  }

  /** Settles the request a reply answers. */
  answer(reply: SchemaReply): void {
    const w = this.waiting.get(reply.seq);
    this.waiting.delete(reply.seq);
    if (w === undefined) return;
    if (reply.lookup) w.resolve(reply.lookup);
    else
      w.reject(
        new SchemaSourceError(reply.failure?.message ?? 'no answer from the schema source', {
          retriable: reply.failure?.retriable ?? false,
        }),
      );
  }
}
