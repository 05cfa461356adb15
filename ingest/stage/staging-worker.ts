/**
 * Worker thread that decodes and stages Kafka messages, so that the consumer's thread only runs the Kafka client.
 * Requests in: `{ id, kind: 'ingest', bytes, ends, positions }` (the messages' bytes packed in one transferred
 * buffer, `ends` their end offsets), `{ id, kind: 'closeFiles' }`, `{ id, kind: 'close' }`. Replies:
 * `{ id, counts, nights }` once the request is done (an ingested batch is durable), or `{ id, error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import type { Position } from '../../data/alert.js';
import { StoreLayout } from '../../data/store-layout.js';
import { AlertDecoder } from '../decode/decode.js';
import { IngestPipeline, type RawMessage } from '../pipeline.js';
import type { StagingRequest } from './staging-thread.js';

const { root, ingesterId, schemaText, level } = workerData as {
  root: string;
  ingesterId: string;
  schemaText: string | undefined;
  level: string;
};
const log = pino({ level }, pino.destination(2)).child({ component: 'ingest.stage' });
const pipeline = new IngestPipeline(
  new StoreLayout(root),
  ingesterId,
  log,
  new AlertDecoder({ schemalessSchemaText: schemaText }),
);

async function handle(request: StagingRequest): Promise<void> {
  if (request.kind === 'ingest') {
    const bytes = new Uint8Array(request.bytes);
    const messages: RawMessage[] = request.positions.map((position: Position, i: number) => ({
      bytes: bytes.subarray(i === 0 ? 0 : request.ends[i - 1], request.ends[i]),
      position,
    }));
    await pipeline.ingestMessages(messages);
  } else if (request.kind === 'closeFiles') await pipeline.stager.closeAll();
  else await pipeline.close();
}

// one request at a time, in order: a batch's staging never overlaps a closing of the files
let chain: Promise<void> = Promise.resolve();
parentPort?.on('message', (request: StagingRequest) => {
  chain = chain.then(async () => {
    try {
      await handle(request);
      const nights = [...pipeline.nightsTouched];
      pipeline.nightsTouched.clear();
      parentPort?.postMessage({ id: request.id, counts: { ...pipeline.counts }, nights });
    } catch (err) {
      parentPort?.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
});
