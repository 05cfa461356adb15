/**
 * The endpoints whose requests may hold a core for seconds (a cross-match of a large catalogue, a fine sky map,
 * a large multipart body): one Hono app with their routes, answering errors as the main app does. The server runs
 * it in worker threads (heavy-pool.ts); without compiled workers (TypeScript sources) it is mounted in-process.
 */
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { skymapApp, xmatchApp } from '../api/index.js';
import { checkFormFields, uploadLimit } from '../args/index.js';
import { answerError } from '../errors.js';
import type { StoreReader } from '../store-reader.js';
import type { HeavyPool } from './heavy-pool.js';
import { readBodyInSlices } from './request-body.js';

/** Paths of the heavy endpoints, and what to narrow when a request takes too long. */
export const HEAVY_ENDPOINTS = [
  {
    path: '/api/v1/xmatch',
    narrow: 'use a smaller radius, a time window (startdate/stopdate or window), or split the catalogue',
  },
  {
    path: '/api/v1/skymap',
    narrow: 'send a multi-order (UNIQ/PROBDENSITY) map or one of a lower NSIDE, or a lower credible_level',
  },
  {
    path: '/api/v1/bayestar',
    narrow: 'send a multi-order (UNIQ/PROBDENSITY) map or one of a lower NSIDE, or a lower credible_level',
  },
] as const;

type HeavyEndpoint = (typeof HEAVY_ENDPOINTS)[number];

/**
 * The app of one heavy endpoint: answered by a thread of `pool` (the body's size checked here, before it is
 * read, and its number of form fields once read), or in-process when there is no pool.
 */
export function heavyEndpointApp(
  endpoint: HeavyEndpoint,
  reader: StoreReader,
  pool: HeavyPool | null = null,
): Hono {
  if (pool === null) return endpoint.path === '/api/v1/xmatch' ? xmatchApp(reader) : skymapApp(reader);
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
    const answer = await pool.answer(c.req.raw, body, endpoint.narrow);
    // through c.body, a Uint8Array goes to the socket as it is: a Response returned whole would be copied into a
    // new one to take the headers set before (CORS), and streamed back out
    return c.body(answer.body, answer.status as ContentfulStatusCode, answer.headers);
  });
  return app;
}

/** Every heavy endpoint under its path, with the JSON error answers (the app a worker thread runs). */
export function heavyEndpointsApp(reader: StoreReader, log: Logger): Hono {
  const app = new Hono();
  for (const endpoint of HEAVY_ENDPOINTS) app.route(endpoint.path, heavyEndpointApp(endpoint, reader));
  app.notFound((c) => c.json({ status: 'error', text: `Unknown endpoint ${c.req.path}.` }, 404));
  app.onError(answerError(log));
  return app;
}
