/**
 * The endpoints whose requests may hold a core for seconds (a cross-match of a large catalogue, a fine sky map,
 * a large multipart body), declared once per survey: one Hono app with their routes, answering errors as the main
 * app does. The server runs it in worker threads (heavy-pool.ts), one pool per store; without compiled workers
 * (TypeScript sources) the endpoints are mounted in-process.
 */
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import type { Survey } from '../../data/index.js';
import { skymapApp, xmatchApp } from '../api/index.js';
import { lsstSkymapApp } from '../api/lsst/index.js';
import { checkFormFields, uploadLimit } from '../args/index.js';
import { answerError } from '../errors.js';
import type { LsstStoreReader } from '../lsst-store-reader.js';
import type { StoreReader } from '../store-reader.js';
import type { HeavyPool } from './heavy-pool.js';
import { readBodyInSlices } from './request-body.js';

/** A heavy endpoint: its path, what to narrow when a request takes too long, and its app on a reader. */
export interface HeavyEndpoint<Reader> {
  readonly path: string;
  /** What the client may narrow, for the 503 of a request over the time budget. */
  readonly narrow: string;
  /** The endpoint's own app (answered in-process, or by a thread that opened the store). */
  readonly app: (reader: Reader) => Hono;
}

/** A store's reader with its survey: the heavy endpoints of each survey read that survey's reader. */
export type SurveyReader =
  | { readonly survey: 'ztf'; readonly reader: StoreReader }
  | { readonly survey: 'lsst'; readonly reader: LsstStoreReader };

const SKYMAP_NARROW =
  'send a multi-order (UNIQ/PROBDENSITY) map or one of a lower NSIDE, or a lower credible_level';

/** The heavy endpoints of each survey (docs/api.md, "Limits"). */
export const HEAVY_ENDPOINTS: {
  readonly ztf: readonly HeavyEndpoint<StoreReader>[];
  readonly lsst: readonly HeavyEndpoint<LsstStoreReader>[];
} = {
  ztf: [
    {
      path: '/api/v1/xmatch',
      narrow: 'use a smaller radius, a time window (startdate/stopdate or window), or split the catalogue',
      app: xmatchApp,
    },
    { path: '/api/v1/skymap', narrow: SKYMAP_NARROW, app: skymapApp },
    { path: '/api/v1/bayestar', narrow: SKYMAP_NARROW, app: skymapApp },
  ],
  lsst: [{ path: '/api/v1/skymap', narrow: SKYMAP_NARROW, app: lsstSkymapApp }],
};

/** Paths of the heavy endpoints of `survey` (they take uploads: the argument body bound does not apply). */
export function heavyPaths(survey: Survey): string[] {
  return HEAVY_ENDPOINTS[survey].map((e) => e.path);
}

/** Each heavy endpoint of the store with what builds its in-process app on the store's reader. */
function endpointsOf(store: SurveyReader): { path: string; narrow: string; inProcess: () => Hono }[] {
  const bind = <R>(endpoints: readonly HeavyEndpoint<R>[], reader: R) =>
    endpoints.map((e) => ({ path: e.path, narrow: e.narrow, inProcess: () => e.app(reader) }));
  return store.survey === 'ztf'
    ? bind(HEAVY_ENDPOINTS.ztf, store.reader)
    : bind(HEAVY_ENDPOINTS.lsst, store.reader);
}

/**
 * The app of one heavy endpoint answered by a thread of `pool` (the body's size checked here, before it is read,
 * and its number of form fields once read).
 */
function pooledApp(narrow: string, pool: HeavyPool): Hono {
  const app = new Hono();
  app.use('/', uploadLimit());
  app.on(['GET', 'POST'], '/', async (c) => {
    // a form of too many fields is refused here at once (a count, bounded), not after waiting for a thread
    const declared = Number(c.req.header('content-length'));
    const body =
      c.req.method === 'POST'
        ? await readBodyInSlices(c.req.raw, Number.isSafeInteger(declared) && declared >= 0 ? declared : null)
        : null;
    if (body !== null) checkFormFields(Buffer.from(body), c.req.header('content-type') ?? '');
    const answer = await pool.answer(c.req.raw, body, narrow);
    // through c.body, a Uint8Array goes to the socket as it is: a Response returned whole would be copied into a
    // new one to take the headers set before (CORS), and streamed back out
    return c.body(answer.body, answer.status as ContentfulStatusCode, answer.headers);
  });
  return app;
}

/**
 * Mounts the store's heavy endpoints on `app`: answered by the threads of `pool` (threads that opened this
 * store), or in-process when there is no pool.
 */
export function mountHeavyEndpoints(app: Hono, store: SurveyReader, pool: HeavyPool | null): void {
  for (const endpoint of endpointsOf(store))
    app.route(endpoint.path, pool === null ? endpoint.inProcess() : pooledApp(endpoint.narrow, pool));
}

/** The store's heavy endpoints under their paths, with the JSON error answers (the app a worker thread runs). */
export function heavyEndpointsApp(store: SurveyReader, log: Logger): Hono {
  const app = new Hono();
  mountHeavyEndpoints(app, store, null);
  app.notFound((c) => c.json({ status: 'error', text: `Unknown endpoint ${c.req.path}.` }, 404));
  app.onError(answerError(log));
  return app;
}
