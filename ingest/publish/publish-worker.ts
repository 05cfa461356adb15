/**
 * Worker thread that publishes groups of nights (one group at a time) so that publication runs on the second
 * core while the main thread keeps decoding and staging. Messages in: `{ id, nights }`; out: `{ id, results }`
 * or `{ id, error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { StoreLayout } from '../../data/index.js';
import { publishGroup } from './publish-night.js';

const { root, level } = workerData as { root: string; level: string };
const layout = new StoreLayout(root);
const log = pino({ level }, pino.destination(2)).child({ component: 'ingest.publish' });

parentPort?.on('message', async ({ id, nights }: { id: number; nights: number[] }) => {
  try {
    const results = await publishGroup(layout, nights, log);
    parentPort?.postMessage({ id, results });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
