/**
 * Worker thread that publishes nights (one at a time) so that publication runs on the second core while the
 * main thread keeps decoding and staging. Messages in: `{ night }`; out: `{ night, result }` or `{ night, error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { StoreLayout } from '../../data/index.js';
import { publishNight } from './publish-night.js';

const { root, level } = workerData as { root: string; level: string };
const layout = new StoreLayout(root);
const log = pino({ level }, pino.destination(2)).child({ component: 'ingest.publish' });

parentPort?.on('message', async ({ night }: { night: number }) => {
  try {
    const result = await publishNight(layout, night, log);
    parentPort?.postMessage({ night, result });
  } catch (err) {
    parentPort?.postMessage({ night, error: err instanceof Error ? err.message : String(err) });
  }
});
