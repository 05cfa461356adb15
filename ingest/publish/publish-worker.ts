/**
 * Worker thread that publishes groups of nights (one group at a time) so that publication runs on the second
 * core while the main thread keeps decoding and staging; its work database is kept from one group to the next.
 * Messages in: `{ id, nights }`, or `{ id, close: true }` (closes the work database); out: `{ id, results }` or
 * `{ id, error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { StoreLayout } from '../../data/index.js';
import { publishGroup } from './publish-night.js';
import { WorkDatabase } from './work.js';

const { root, level } = workerData as { root: string; level: string };
const layout = new StoreLayout(root);
const log = pino({ level }, pino.destination(2)).child({ component: 'ingest.publish' });
const work = new WorkDatabase(layout);

parentPort?.on(
  'message',
  async ({ id, nights, close }: { id: number; nights?: number[]; close?: boolean }) => {
    try {
      if (close) await work.close();
      const results = nights ? await publishGroup(layout, nights, log, { work }) : [];
      parentPort?.postMessage({ id, results });
    } catch (err) {
      parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
    }
  },
);
