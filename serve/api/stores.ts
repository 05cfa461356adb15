/**
 * `/api/v1/stores`: the stores this server serves side by side (serve/store-prefixes.ts), each with its survey and
 * the base of its API, the first being the one that also answers without a prefix. The portal reads it to know
 * which surveys it can show and where their APIs are (docs/portal.md, "Surveys"). Every store's API answers the
 * same list. Not a Fink route: Fink serves each survey from its own host.
 */
import { Hono } from 'hono';
import type { Survey } from '../../data/index.js';
import type { EndpointDoc } from '../openapi.js';

/** A store served: its path prefix (`ztf`, `lsst`) and the survey it holds. */
export interface ServedSurveyStore {
  readonly name: string;
  readonly survey: Survey;
}

/** One entry of the answer. */
export interface StoreEntry extends ServedSurveyStore {
  /** Base path of the store's API, `/<name>/api/v1`. */
  readonly api: string;
  /** True for the first store, which also answers at `/api/v1`. */
  readonly default: boolean;
}

/** The endpoint's entry in the API index and OpenAPI. */
export const STORES_ENDPOINT: EndpointDoc = {
  path: '/api/v1/stores',
  methods: ['GET', 'POST'],
  summary: 'The stores this server serves (name, survey, API base), the first also answering at /api/v1',
};

/** The body of `/api/v1/stores`: the stores in the order given, the first one the default. */
export function storeEntries(stores: readonly ServedSurveyStore[]): StoreEntry[] {
  return stores.map(({ name, survey }, index) => ({
    name,
    survey,
    api: `/${name}/api/v1`,
    default: index === 0,
  }));
}

/** The app, mounted at /api/v1/stores. GET and POST answer the same list (no argument). */
export function storesApp(stores: readonly ServedSurveyStore[]): Hono {
  const app = new Hono();
  const body = JSON.stringify(storeEntries(stores));
  app.on(['GET', 'POST'], '/', (c) => c.body(body, 200, { 'content-type': 'application/json' }));
  return app;
}
