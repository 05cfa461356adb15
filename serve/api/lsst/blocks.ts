/**
 * LSST `/api/v1/blocks`: the blocks fink-filters builds its Rubin filters from, `{"b_<name>": "<description>"}`,
 * as Fink's route of that name (GET only). The blocks this service computes are in compute/classify/lsst-tags.
 *
 * Reference: fink-object-api apps/routes/v1/lsst/blocks/{api,utils}.py; fink-filters 7.40 rubin/blocks.py.
 */
import { Hono } from 'hono';
import { LSST_BLOCKS } from '../../../compute/classify/index.js';
import type { EndpointDoc } from '../../openapi.js';

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_BLOCKS_ENDPOINT: EndpointDoc = {
  path: '/api/v1/blocks',
  methods: ['GET'],
  summary: 'The blocks of Fink\'s Rubin filters: {"b_<name>": "<description>"}',
};

/** The app, mounted at /api/v1/blocks on an LSST store. */
export function lsstBlocksApp(): Hono {
  const app = new Hono();
  const blocks = Object.fromEntries(LSST_BLOCKS.map((b) => [b.name, b.description]));
  app.get('/', (c) => c.json(blocks));
  return app;
}
