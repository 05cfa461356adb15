/**
 * `/api/v1/schema`: every field of an alert answer, by family at the top level, as Fink answers it:
 * `{"ZTF original fields (i:)": {name without prefix: {type, doc, unit?, ucd?}}, "ZTF original cutouts (b:)": …,
 * "Fink science module outputs (d:)": …, "Fink on-the-fly added values (v:)": …}`. `/api/v1/columns`
 * (serve/api/columns.ts) is its alias; the fields only some endpoints add are left out of both, as Fink does.
 *
 * Reference: fink-object-api apps/routes/v1/ztf/schema/{api.py,test.py} (the four family keys, names without
 * prefix, sorted by name).
 */
import { Hono } from 'hono';
import type { EndpointDoc } from '../openapi.js';
import { columnsBody } from './columns.js';

/** The endpoint's entry in the API index and OpenAPI. */
export const SCHEMA_ENDPOINT: EndpointDoc = {
  path: '/api/v1/schema',
  methods: ['GET', 'POST'],
  summary: 'Every field of an alert answer by family (i:, b:, d:, v:) with its type, doc, unit and UCD',
};

/** The schema endpoint app, mounted at /api/v1/schema. GET and POST answer the same catalogue. */
export function schemaApp(): Hono {
  const app = new Hono();
  const body = JSON.stringify(columnsBody().fields);
  app.on(['GET', 'POST'], '/', (c) => c.body(body, 200, { 'content-type': 'application/json' }));
  return app;
}
