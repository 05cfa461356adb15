/**
 * `/api/v1/stores`: the stores this server serves side by side (serve/store-prefixes.ts), each with its survey, the
 * base of its API and the resolvers its `/resolver` can resolve names with (serve/api/store-resolvers.ts), the
 * first being the one that also answers without a prefix. The portal reads it to know which surveys it can show,
 * where their APIs are and which resolvers to ask (docs/portal.md, "Surveys"). Every store's API answers the same
 * list. Not a Fink route: Fink serves each survey from its own host.
 */
import { Hono } from 'hono';
import type { StoreLayout, Survey } from '../../data/index.js';
import type { EndpointDoc } from '../openapi.js';
import type { Resolver } from './resolver.js';
import { availableResolvers } from './store-resolvers.js';

/** A store served: its path prefix (`ztf`, `lsst`), the survey it holds and its files. */
export interface ServedSurveyStore {
  readonly name: string;
  readonly survey: Survey;
  readonly layout: StoreLayout;
}

/** One entry of the answer. */
export interface StoreEntry {
  readonly name: string;
  readonly survey: Survey;
  /** Base path of the store's API, `/<name>/api/v1`. */
  readonly api: string;
  /** True for the first store, which also answers at `/api/v1`. */
  readonly default: boolean;
  /** The resolvers of its `/api/v1/resolver` that resolve a name (forward), as they are now. */
  readonly resolvers: readonly Resolver[];
}

/** The endpoint's entry in the API index and OpenAPI. */
export const STORES_ENDPOINT: EndpointDoc = {
  path: '/api/v1/stores',
  methods: ['GET', 'POST'],
  summary:
    'The stores this server serves (name, survey, API base, name resolvers), the first also answering at /api/v1',
};

/**
 * The body of `/api/v1/stores`: the stores in the order given, the first one the default.
 * @param simbadUrl the operator's Sesame URL template (null: none), which the `simbad` resolver needs.
 */
export function storeEntries(stores: readonly ServedSurveyStore[], simbadUrl: string | null): StoreEntry[] {
  return stores.map(({ name, survey, layout }, index) => ({
    name,
    survey,
    api: `/${name}/api/v1`,
    default: index === 0,
    resolvers: availableResolvers(layout, survey, simbadUrl),
  }));
}

/**
 * The app, mounted at /api/v1/stores. GET and POST answer the same list (no argument), read at each request (a
 * TNS table or orbit catalogue loaded, a night published, change the resolvers).
 */
export function storesApp(stores: readonly ServedSurveyStore[], simbadUrl: string | null): Hono {
  const app = new Hono();
  app.on(['GET', 'POST'], '/', (c) => c.json(storeEntries(stores, simbadUrl)));
  return app;
}
