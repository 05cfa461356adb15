/** `skyalert serve`: the read-only HTTP API on a store. */
import os from 'node:os';
import type { Logger } from 'pino';
import { StoreLayout } from '../../data/index.js';
import { quarantineCounts, unpublishedNights } from '../../ingest/index.js';
import { isClusterWorker, type StoreProbe, startCluster, startServer } from '../../serve/index.js';
import { resolveStoreDir } from '../store-option.js';
import { readServeSettings } from './serve-settings.js';
import { UsageError } from './usage-error.js';

export interface ServeArgs {
  store?: string;
  port?: string;
  host?: string;
  workers?: string;
}

/** The `--workers` value: a count from 1 to 64, or 'auto' for the number of CPU cores. */
export function parseWorkers(text: string | undefined): number {
  if (text === undefined) return 1;
  if (text === 'auto') return Math.max(1, os.availableParallelism());
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new UsageError(`--workers must be 1-64 or auto: ${text}`);
  return n;
}

export function parsePort(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be 0-65535: ${text}`);
  return port;
}

/** Starts the server and keeps running until SIGINT/SIGTERM. */
export async function runServe(args: ServeArgs, log: Logger): Promise<number> {
  const layout = new StoreLayout(resolveStoreDir(args.store));
  const port = parsePort(args.port ?? process.env.PORT, 8080);
  const workers = parseWorkers(args.workers);
  const settings = readServeSettings(process.env);
  if (workers > 1 && !isClusterWorker()) {
    const started = await startCluster(workers, log);
    console.log(
      `Sky-alert API serving ${layout.root} at http://localhost:${started.port}/api/v1/ ` +
        `(${workers} worker processes: ${started.pids.join(', ')})`,
    );
    await new Promise<void>((resolve) => {
      const stop = (): void => {
        started.close().then(resolve, resolve);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return 0;
  }
  // the server reads only published files; what is staged and quarantined is read here, for /metrics
  const probe: StoreProbe = () => ({
    unpublishedNights: unpublishedNights(layout).length,
    quarantined: quarantineCounts(layout).reasons,
  });
  const server = await startServer(layout, { port, host: args.host, log, settings, probe });
  if (!isClusterWorker()) console.log(`Sky-alert API serving ${layout.root} at ${server.url}/api/v1/`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      server.close().then(resolve, resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  // a cluster worker's IPC channel to the primary would keep it running
  if (isClusterWorker()) process.disconnect?.();
  return 0;
}
