/**
 * Starts the HTTP server on one store directory or several side by side (each under its name as a path prefix, the
 * first also without one: serve/store-prefixes.ts); resolves once it listens, rejects when it cannot (e.g. the port
 * is in use).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { readStoreSurvey, StoreLayout, type Survey } from '../data/index.js';
import type { ServedSurveyStore } from './api/index.js';
import { createApp, createLsstApp } from './app.js';
import { isClusterWorker } from './cluster.js';
import { HEAVY_ENDPOINTS, HeavyPool, heavyThreadsPerStore } from './heavy/index.js';
import { LsstStoreReader } from './lsst-store-reader.js';
import { ServerMetrics, type StoreProbe } from './metrics.js';
import { DEFAULT_SETTINGS, type ServeSettings } from './settings.js';
import { dispatchByPrefix } from './store-prefixes.js';
import { StoreReader } from './store-reader.js';

export interface RunningServer {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The application of a store of `survey` and what closes its reader and its heavy-request threads (threads that
 * open this store: none when the worker script is not compiled, the heavy endpoints then run in-process).
 */
async function openApp(
  layout: StoreLayout,
  survey: Survey,
  options: {
    log: Logger;
    settings?: ServeSettings;
    probe?: StoreProbe;
    /** Every store of the server (`/api/v1/stores`). */
    stores: readonly ServedSurveyStore[];
    /** Heavy-request threads of this store. */
    heavyThreads: number;
  },
): Promise<{ app: Hono; closeReaders: () => Promise<void> }> {
  const storeLog = options.log.child({ component: 'serve.store' });
  const httpLog = options.log.child({ component: 'serve.http' });
  const settings = options.settings ?? DEFAULT_SETTINGS;
  const reader =
    survey === 'lsst'
      ? await LsstStoreReader.open(layout, storeLog)
      : await StoreReader.open(layout, storeLog);
  const heavy = HeavyPool.start({
    root: layout.root,
    survey,
    log: options.log.child({ component: 'serve.heavy' }),
    budgetMs: settings.heavyBudgetMs,
    threads: options.heavyThreads,
  });
  const metrics = new ServerMetrics(reader, options.probe ?? null, isClusterWorker(), heavy);
  const app =
    reader instanceof LsstStoreReader
      ? createLsstApp(reader, httpLog, metrics, settings, options.stores, heavy)
      : createApp(reader, httpLog, settings, metrics, heavy, options.stores);
  const closeReaders = async () => {
    reader.close();
    await heavy?.close();
  };
  return { app, closeReaders };
}

/** A store served beside others: its path prefix, its directory, and what reads its staging for `/metrics`. */
export interface ServedStore {
  /** Path prefix (`ztf`, `lsst`; serve/store-prefixes.ts `isStorePrefix`). */
  readonly name: string;
  readonly layout: StoreLayout;
  readonly probe?: StoreProbe;
}

/** The name a store is served under when none is given: its survey (a new, empty store: ztf). */
export function defaultStoreName(layout: StoreLayout): string {
  return readStoreSurvey(layout) ?? 'ztf';
}

export async function startServer(
  stores: StoreLayout | readonly ServedStore[],
  options: {
    port: number;
    host?: string;
    log: Logger;
    settings?: ServeSettings;
    /** Reads the store's staging and quarantine for `/metrics` (none: those metrics are absent). */
    probe?: StoreProbe;
  },
): Promise<RunningServer> {
  const list: readonly ServedStore[] =
    stores instanceof StoreLayout
      ? [{ name: defaultStoreName(stores), layout: stores, probe: options.probe }]
      : stores;
  const surveys: ServedSurveyStore[] = list.map((s) => ({
    name: s.name,
    survey: readStoreSurvey(s.layout) ?? 'ztf',
    layout: s.layout,
  }));
  // each store with heavy endpoints has its own pool: the bound of one process shared between them, one at least each
  const heavyThreads = heavyThreadsPerStore(
    surveys.filter((s) => HEAVY_ENDPOINTS[s.survey].length > 0).length,
  );
  const opened: { name: string; app: Hono; closeReaders: () => Promise<void> }[] = [];
  try {
    for (const [i, store] of list.entries())
      opened.push({
        name: store.name,
        ...(await openApp(store.layout, surveys[i].survey, {
          ...options,
          probe: store.probe,
          stores: surveys,
          heavyThreads,
        })),
      });
  } catch (err) {
    await Promise.all(opened.map((o) => o.closeReaders()));
    throw err;
  }
  const fetch = dispatchByPrefix(opened);
  const closeReaders = async (): Promise<void> => {
    await Promise.all(opened.map((o) => o.closeReaders()));
  };
  const host = options.host ?? '0.0.0.0';
  return new Promise((resolve, reject) => {
    // a port in use or not ours to take: the caller gets an error naming it, not an unhandled 'error' event
    const refused = (err: NodeJS.ErrnoException): void => {
      void closeReaders();
      const why = err.code === 'EADDRINUSE' ? 'the address is already in use' : err.message;
      reject(new Error(`cannot listen on ${host}:${options.port}: ${why}`, { cause: err }));
    };
    const server = serve({ fetch, port: options.port, hostname: host }, (info: AddressInfo) => {
      server.off('error', refused);
      const url = `http://localhost:${info.port}`;
      resolve({
        port: info.port,
        url,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => {
              void closeReaders().then(done);
            });
          }),
      });
    });
    server.once('error', refused);
  });
}
