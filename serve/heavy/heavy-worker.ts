/**
 * Worker thread of the heavy-request pool (heavy-pool.ts): opens its own reader on the store, of the store's
 * survey (StoreReader for ZTF, LsstStoreReader for LSST), and answers the requests it is given with that survey's
 * heavy endpoints' app. Messages in: {@link HeavyTask}; out: {@link READY} once the store is open, then a
 * {@link HeavyReply} per task (the body's bytes transferred).
 */
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { StoreLayout } from '../../data/index.js';
import { LsstStoreReader } from '../lsst-store-reader.js';
import { StoreReader, type StoreReaderOptions } from '../store-reader.js';
import { heavyEndpointsApp, type SurveyReader } from './heavy-endpoints.js';
import { type HeavyReply, type HeavyTask, type HeavyWorkerData, READY } from './heavy-pool.js';

const { root, survey, level } = workerData as HeavyWorkerData;
const log = pino({ level }, pino.destination(2)).child({ component: 'serve.heavy', store: root });
// a store the thread cannot open answers 503 (the main thread opened it, so this is a passing state)
// one DuckDB thread per heavy-request thread: with the pool at one thread per core but one, a core stays free
// for the event loop (two DuckDB threads on a 2-core machine held /health for hundreds of ms, issue #27)
const options: StoreReaderOptions = { threads: 1 };
const layout = new StoreLayout(root);
// an LSST sky map reads the parquet tables only: the object blocks and their indexes stay with the main thread
const opened: Promise<SurveyReader> =
  survey === 'lsst'
    ? LsstStoreReader.open(layout, log, { ...options, objectBlocks: false }).then((reader) => ({
        survey,
        reader,
      }))
    : StoreReader.open(layout, log, options).then((reader) => ({ survey, reader }));
const app = opened.then(
  (store) => heavyEndpointsApp(store, log),
  (err: unknown) => {
    log.error({ err }, 'store not opened by the heavy-request thread');
    return null;
  },
);
void app.then(() => parentPort?.postMessage(READY));

/** The answer of the heavy endpoints to a task. */
async function answer(task: HeavyTask): Promise<Response> {
  const endpoints = await app;
  if (endpoints === null)
    return Response.json(
      { status: 'error', text: 'The store could not be opened: retry later.' },
      { status: 503 },
    );
  return endpoints.request(task.url, { method: task.method, headers: task.headers, body: task.body });
}

parentPort?.on('message', async (task: HeavyTask) => {
  const answered = await answer(task);
  const body = await answered.arrayBuffer();
  const reply: HeavyReply = { id: task.id, status: answered.status, headers: [...answered.headers], body };
  parentPort?.postMessage(reply, [body]);
});
