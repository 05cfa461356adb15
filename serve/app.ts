/**
 * The Hono application of a store, ZTF (createApp) or LSST (createLsstApp): mounts one app per endpoint under /api/v1, answers errors as
 * `{"status":"error","text":...}`, logs each request (method, path, status, ms) and adds a Server-Timing header;
 * API handlers start one per turn of the event loop (serve/loop-turns.ts).
 */
import { Hono } from 'hono';
import type { Logger } from 'pino';
import type { Survey } from '../data/index.js';
import {
  API_ENDPOINTS,
  anomalyApp,
  apiIndexApp,
  classesApp,
  columnsApp,
  conesearchApp,
  cutoutsApp,
  docsApp,
  explorerApp,
  latestsApp,
  metadataApp,
  objectsApp,
  orbitsApp,
  randomApp,
  resolverApp,
  type ServedSurveyStore,
  schemaApp,
  scsApp,
  ssoApp,
  ssobulkApp,
  ssocandApp,
  ssoftApp,
  statisticsApp,
  storesApp,
  trackletApp,
} from './api/index.js';
import {
  LSST_API_ENDPOINTS,
  lsstBlocksApp,
  lsstConesearchApp,
  lsstCutoutsApp,
  lsstFpApp,
  lsstObjectsApp,
  lsstResolverApp,
  lsstSchemaApp,
  lsstSourcesApp,
  lsstSsoApp,
  lsstSsobulkApp,
  lsstSsoftApp,
  lsstStatisticsApp,
  lsstTagsApp,
} from './api/lsst/index.js';
import { argsBodyLimit } from './args/index.js';
import { openCors } from './cors.js';
import { ApiError, answerError } from './errors.js';
import { headAsGet } from './head-requests.js';
import { type HeavyPool, heavyPaths, mountHeavyEndpoints } from './heavy/index.js';
import { loopTurns } from './loop-turns.js';
import type { LsstStoreReader } from './lsst-store-reader.js';
import { ServerMetrics } from './metrics.js';
import { portalApp } from './portal-files.js';
import { DEFAULT_SETTINGS, type ServeSettings } from './settings.js';
import type { StoreReader } from './store-reader.js';

/**
 * Paths that answer without a published store. Solar System candidates are loaded apart from alert nights
 * (`skyalert ssocand load`), so their endpoint answers (`[]` when none are loaded) before any publication; so
 * are annotations and the TNS table (the resolver's reverse searches answer 503 until alerts are published).
 */
const STORE_FREE = new Set([
  '/api/v1',
  '/api/v1/',
  '/api/v1/classes',
  '/api/v1/columns',
  '/api/v1/schema',
  '/api/v1/openapi.json',
  '/api/v1/ssoft',
  '/api/v1/ssobulk',
  '/api/v1/ssocand',
  '/api/v1/orbits',
  '/api/v1/metadata',
  '/api/v1/resolver',
  '/api/v1/stores',
]);

/**
 * The middleware and health routes every store's application shares: metrics, CORS, timing and request log, HEAD,
 * argument body limit (but for the survey's heavy endpoints, which take uploads), and the 503 answer of the API
 * before anything is published (but for `storeFree` paths).
 */
function baseApp(
  reader: Pick<StoreReader, 'current'>,
  survey: Survey,
  log: Logger,
  metrics: ServerMetrics,
  storeFree: ReadonlySet<string>,
): Hono {
  const app = new Hono();
  app.use('*', metrics.middleware());
  app.use('*', openCors());
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    c.res.headers.set('Server-Timing', `app;dur=${ms.toFixed(1)}`);
    log.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Number(ms.toFixed(1)) },
      'request',
    );
  });
  // 1 MiB for argument bodies, checked before they are read; the upload endpoints mount their own bound
  app.use('*', headAsGet());
  app.use('*', argsBodyLimit(heavyPaths(survey)));
  app.use('/api/*', async (c, next) => {
    const path = c.req.path;
    if (reader.current().version === 0 && !storeFree.has(path) && !path.startsWith('/api/v1/docs')) {
      throw new ApiError(
        503,
        'The store has no published night yet: ingest and publish alerts first (skyalert ingest).',
      );
    }
    await next();
  });
  // API handlers start one per turn of the event loop: timers and /health are served between them
  app.use('/api/*', loopTurns());
  // liveness: the process answers; readiness: a catalog is loaded (docs/operations.md)
  app.get('/health/live', (c) => c.json({ status: 'ok', pid: process.pid }));
  app.get('/health/ready', (c) => {
    const version = reader.current().version;
    if (version === 0)
      return c.json(
        { status: 'error', text: 'No catalog loaded: nothing is published in the store yet.' },
        503,
      );
    return c.json({ status: 'ok', catalogVersion: version });
  });
  app.get('/metrics', async (c) => {
    const text = await metrics.text().catch((err: unknown) => {
      throw new ApiError(503, `Metrics not available: ${(err as Error).message}.`);
    });
    return c.body(text, 200, { 'content-type': metrics.registry.contentType });
  });
  app.get('/health', (c) => {
    const mem = process.memoryUsage();
    const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
    return c.json({
      status: 'ok',
      catalogVersion: reader.current().version,
      parts: reader.current().parts.length,
      pid: process.pid,
      memoryMiB: {
        rss: mib(mem.rss),
        heapUsed: mib(mem.heapUsed),
        heapTotal: mib(mem.heapTotal),
        external: mib(mem.external),
        arrayBuffers: mib(mem.arrayBuffers),
      },
    });
  });
  return app;
}

/** The last routes of every application: the 404 of unknown paths and the error answers. */
function finish(app: Hono, log: Logger): Hono {
  app.notFound((c) =>
    c.json({ status: 'error', text: `Unknown endpoint ${c.req.path}. See /api/v1/ for the list.` }, 404),
  );
  app.onError(answerError(log));
  return app;
}

/**
 * The application on one ZTF store.
 * @param settings the operator's choices, read at the entry point (default: no upstream resolver, no writes).
 * @param metrics this process's metrics (default: without the store probe, not clustered).
 * @param heavyPool threads answering the heavy endpoints (xmatch, skymap); null: they run in-process.
 * @param stores every store the server serves, this one included (`/api/v1/stores`; default: this one alone).
 */
export function createApp(
  reader: StoreReader,
  log: Logger,
  settings: ServeSettings = DEFAULT_SETTINGS,
  metrics: ServerMetrics = new ServerMetrics(reader),
  heavyPool: HeavyPool | null = null,
  stores: readonly ServedSurveyStore[] = [{ name: 'ztf', survey: 'ztf', layout: reader.layout }],
): Hono {
  const app = baseApp(reader, 'ztf', log, metrics, STORE_FREE);
  app.route('/api/v1/objects', objectsApp(reader));
  app.route('/api/v1/conesearch', conesearchApp(reader));
  app.route('/api/v1/explorer', explorerApp(reader));
  app.route('/api/v1/latests', latestsApp(reader));
  app.route('/api/v1/tracklet', trackletApp(reader));
  app.route('/api/v1/anomaly', anomalyApp(reader));
  app.route('/api/v1/statistics', statisticsApp(reader));
  app.route('/api/v1/random', randomApp(reader));
  app.route('/api/v1/cutouts', cutoutsApp(reader));
  app.route('/api/v1/sso', ssoApp(reader));
  app.route('/api/v1/ssoft', ssoftApp(reader));
  app.route('/api/v1/ssobulk', ssobulkApp(reader));
  app.route('/api/v1/ssocand', ssocandApp(reader));
  app.route('/api/v1/orbits', orbitsApp(reader));
  // cross-matches and sky maps: in the heavy-request threads when the server has them
  mountHeavyEndpoints(app, { survey: 'ztf', reader }, heavyPool);
  app.route('/api/v1/resolver', resolverApp(reader, settings));
  app.route('/api/v1/metadata', metadataApp(reader, settings));
  app.route('/api/v1/classes', classesApp());
  app.route('/api/v1/schema', schemaApp());
  app.route('/api/v1/columns', columnsApp());
  app.route('/api/v1/stores', storesApp(stores, settings.simbadUrl));
  app.route('/vo/scs', scsApp(reader));
  app.route('/', docsApp(API_ENDPOINTS));
  app.route('/', apiIndexApp(API_ENDPOINTS));
  app.route('/', portalApp());
  return finish(app, log);
}

/** Paths of the LSST application that answer without a published store. */
const LSST_STORE_FREE = new Set(['/api/v1', '/api/v1/', '/api/v1/openapi.json', '/api/v1/stores']);

/**
 * The application on one LSST store: Fink's LSST routes at the same paths (docs/api.md, "LSST API"), with the
 * shared middleware, health routes, documentation and errors.
 * The portal is served too, so that its LSST pages (`/lsst/object/<diaObjectId>`) open from a shared URL.
 * @param metrics this process's metrics (default: without the store probe, not clustered).
 * @param settings the operator's choices (default: no upstream resolver, no writes).
 * @param stores every store the server serves, this one included (`/api/v1/stores`; default: this one alone).
 * @param heavyPool threads that opened this store and answer its heavy endpoints (skymap); null: in-process.
 */
export function createLsstApp(
  reader: LsstStoreReader,
  log: Logger,
  metrics: ServerMetrics = new ServerMetrics(reader),
  settings: ServeSettings = DEFAULT_SETTINGS,
  stores: readonly ServedSurveyStore[] = [{ name: 'lsst', survey: 'lsst', layout: reader.layout }],
  heavyPool: HeavyPool | null = null,
): Hono {
  const app = baseApp(reader, 'lsst', log, metrics, LSST_STORE_FREE);
  app.route('/api/v1/objects', lsstObjectsApp(reader));
  app.route('/api/v1/sources', lsstSourcesApp(reader));
  app.route('/api/v1/fp', lsstFpApp(reader));
  app.route('/api/v1/conesearch', lsstConesearchApp(reader));
  app.route('/api/v1/cutouts', lsstCutoutsApp(reader));
  app.route('/api/v1/sso', lsstSsoApp(reader));
  app.route('/api/v1/ssoft', lsstSsoftApp(reader));
  app.route('/api/v1/ssobulk', lsstSsobulkApp(reader));
  app.route('/api/v1/schema', lsstSchemaApp(reader));
  app.route('/api/v1/statistics', lsstStatisticsApp(reader));
  app.route('/api/v1/resolver', lsstResolverApp(reader, settings));
  // sky maps: in the heavy-request threads when the server has them
  mountHeavyEndpoints(app, { survey: 'lsst', reader }, heavyPool);
  app.route('/api/v1/tags', lsstTagsApp(reader));
  app.route('/api/v1/blocks', lsstBlocksApp());
  app.route('/api/v1/stores', storesApp(stores, settings.simbadUrl));
  app.route('/', docsApp(LSST_API_ENDPOINTS));
  app.route('/', apiIndexApp(LSST_API_ENDPOINTS));
  app.route('/', portalApp());
  return finish(app, log);
}
