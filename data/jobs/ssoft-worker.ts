/**
 * Worker thread of the SSOFT job: computes the rows of the batches it is sent (ephemerides and fits are CPU
 * work; the job spreads batches over one worker per core). Messages in: `{ id, items, flavors, version }`;
 * out: `{ id, rows }` or `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads';
import type { SsoftModel } from '../../compute/sso/index.js';
import { type SsoftBatchItem, ssoftBatchRows } from './ssoft-batch.js';

interface Request {
  readonly id: number;
  readonly items: SsoftBatchItem[];
  readonly flavors: SsoftModel[];
  readonly version: string;
}

parentPort?.on('message', ({ id, items, flavors, version }: Request) => {
  try {
    parentPort?.postMessage({ id, rows: ssoftBatchRows(items, flavors, version) });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
