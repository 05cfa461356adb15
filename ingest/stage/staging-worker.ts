/**
 * Worker thread that decodes and stages Kafka messages, so that the consumer's thread only runs the Kafka client.
 * Requests in: `{ id, kind: 'ingest', bytes, start, ends, positions }` (the messages' bytes packed from `start`
 * in memory shared with the consumer's thread, `ends` their end offsets from there), `{ id, kind: 'closeFiles' }`,
 * `{ id, kind: 'close' }`, and the answers to the worker's schema requests (`{ kind: 'schema', … }`,
 * schema-relay.ts: an LSST stream's writer schemas come from the consumer's thread). Replies:
 * `{ id, counts, nights }` once the request is done (an ingested batch is durable), or `{ id, error }`; batches are
 * answered in the order they came.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import type { Position, Survey } from '../../data/index.js';
import { StoreLayout } from '../../data/index.js';
import { AlertDecoder } from '../decode/index.js';
import { errorText } from '../error-text.js';
import { IngestPipeline, type RawMessage } from '../pipeline.js';
import { LsstKafkaStaging } from './lsst-kafka-staging.js';
import { RelayedSchemaSource, type SchemaReply } from './schema-relay.js';
import { type StagingRequest, ZtfStaging } from './staging-thread.js';

const { root, ingesterId, schemaText, level, survey, schemaSourceDescription } = workerData as {
  root: string;
  ingesterId: string;
  schemaText: string | undefined;
  level: string;
  survey: Survey;
  schemaSourceDescription: string;
};
const log = pino({ level }, pino.destination(2)).child({ component: 'ingest.stage' });
const layout = new StoreLayout(root);
const port = parentPort;
if (port === null) throw new Error('staging-worker.ts runs as a worker thread');
const schemas = new RelayedSchemaSource(port, schemaSourceDescription);
const pipeline =
  survey === 'lsst'
    ? new LsstKafkaStaging(layout, ingesterId, log, schemas)
    : new ZtfStaging(
        new IngestPipeline(layout, ingesterId, log, new AlertDecoder({ schemalessSchemaText: schemaText })),
      );

const reply = (id: number, nights: number[]) =>
  port.postMessage({ id, counts: { ...pipeline.counts }, nights });
const replyError = (id: number, err: unknown) => port.postMessage({ id, error: errorText(err) });

/**
 * Handles one request. A batch is answered once it is durable, but the next request is taken as soon as it is
 * handed over to staging: its decoding and its stamps' writes overlap the previous batch's commit (the pipeline
 * keeps at most two batches in flight, and answers them in order).
 */
async function handle(request: StagingRequest): Promise<void> {
  if (request.kind === 'ingest') {
    const bytes = new Uint8Array(request.bytes, request.start, request.ends.at(-1) ?? 0);
    const messages: RawMessage[] = request.positions.map((position: Position, i: number) => ({
      bytes: bytes.subarray(i === 0 ? 0 : request.ends[i - 1], request.ends[i]),
      position,
    }));
    const { durable } = await pipeline.handOverMessages(messages);
    const nights = pipeline.takeNightsTouched();
    durable.then(
      () => reply(request.id, nights),
      (err) => replyError(request.id, err),
    );
    return;
  }
  // the batches in flight end before the files close
  if (request.kind === 'closeFiles') await pipeline.closeFiles();
  else await pipeline.close();
  reply(request.id, []);
}

// one request at a time, in order: a closing of the files waits for every batch handed over before it; schema
// answers go straight to the decoder waiting for them (a batch being handed over may wait for one)
let chain: Promise<void> = Promise.resolve();
port.on('message', (request: StagingRequest | SchemaReply) => {
  if (request.kind === 'schema') {
    schemas.answer(request);
    return;
  }
  chain = chain.then(() => handle(request).catch((err) => replyError(request.id, err)));
});
