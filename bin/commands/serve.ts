/** `skyalert serve`: the read-only HTTP API on a store. */
import os from 'node:os';
import type { Logger } from 'pino';
import { StoreLayout } from '../../data/index.js';
import { quarantineCounts, unpublishedNights } from '../../ingest/index.js';
import {
  defaultStoreName,
  isClusterWorker,
  isStorePrefix,
  type ServedStore,
  type StoreProbe,
  startCluster,
  startServer,
} from '../../serve/index.js';
import { resolveStoreDir } from '../store-option.js';
import { readServeSettings } from './serve-settings.js';
import { UsageError } from './usage-error.js';

export interface ServeArgs {
  /** `DIR` or `NAME=DIR`, once per store. */
  store?: string[];
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

/** A `--store` value: `DIR`, or `NAME=DIR` (a name is a path prefix: lower-case letters, digits, dashes). */
export interface StoreOption {
  readonly name: string | null;
  readonly dir: string;
}

/** The `--store` values (none: the default store), checked: valid names, no name given twice. */
export function parseStoreOptions(values: readonly string[] | undefined): StoreOption[] {
  if (values === undefined || values.length === 0) return [{ name: null, dir: resolveStoreDir(undefined) }];
  const options = values.map((value): StoreOption => {
    const m = /^([a-z][a-z0-9-]*)=(.+)$/.exec(value);
    if (m === null) return { name: null, dir: resolveStoreDir(value) };
    const [, name, dir] = m as unknown as [string, string, string];
    if (!isStorePrefix(name))
      throw new UsageError(
        `--store ${value}: ${name} cannot be a path prefix (it is one of the server's own paths)`,
      );
    return { name, dir: resolveStoreDir(dir) };
  });
  return options;
}

/** The stores to serve, each named (by its option or its survey), names unique. */
function servedStores(options: readonly StoreOption[]): ServedStore[] {
  const stores = options.map((o) => {
    const layout = new StoreLayout(o.dir);
    // the server reads only published files; what is staged and quarantined is read here, for /metrics
    const probe: StoreProbe = () => ({
      unpublishedNights: unpublishedNights(layout).length,
      quarantined: quarantineCounts(layout).reasons,
    });
    return { name: o.name ?? defaultStoreName(layout), layout, probe };
  });
  const seen = new Set<string>();
  for (const s of stores) {
    if (seen.has(s.name))
      throw new UsageError(`two stores would answer under /${s.name}/: name them (--store NAME=DIR)`);
    seen.add(s.name);
  }
  return stores;
}

/** Starts the server and keeps running until SIGINT/SIGTERM. */
export async function runServe(args: ServeArgs, log: Logger): Promise<number> {
  const stores = servedStores(parseStoreOptions(args.store));
  const where = stores
    .map((s) => (stores.length > 1 ? `${s.layout.root} (/${s.name}/)` : s.layout.root))
    .join(', ');
  const port = parsePort(args.port ?? process.env.PORT, 8080);
  const workers = parseWorkers(args.workers);
  const settings = readServeSettings(process.env);
  if (workers > 1 && !isClusterWorker()) {
    const started = await startCluster(workers, log);
    console.log(
      `Sky-alert API serving ${where} at http://localhost:${started.port}/api/v1/ ` +
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
  const server = await startServer(stores, { port, host: args.host, log, settings });
  if (!isClusterWorker()) console.log(`Sky-alert API serving ${where} at ${server.url}/api/v1/`);
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
