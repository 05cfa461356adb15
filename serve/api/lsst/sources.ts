/**
 * LSST `/api/v1/sources`: the diaSources (detections) of one or several diaObjects, newest first, as Fink's
 * route of that name — the alerts the store received and the earlier detections their histories carried
 * (`v:alert` says which, when named in `columns`); `v:hasCutouts`, when named, whether the store holds the
 * diaSource's three stamps (`/api/v1/cutouts` answers a 400 for the others).
 *
 * Reference: fink-object-api apps/routes/v1/lsst/sources/{api,utils}.py; docs/api.md, "LSST API".
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { LsstStoreReader } from '../../lsst-store-reader.js';
import type { EndpointDoc } from '../../openapi.js';
import { MIDPOINT_ARG, OBJECT_ROWS_ARGS, objectRowsApp } from './object-rows.js';

const schema = z.object({ ...OBJECT_ROWS_ARGS, midpointMjdTai: MIDPOINT_ARG });

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_SOURCES_ENDPOINT: EndpointDoc = {
  path: '/api/v1/sources',
  methods: ['GET', 'POST'],
  summary: 'The diaSources (detections, fluxes in nJy) of one or several Rubin diaObjects, newest first',
  args: schema,
};

/** The app, mounted at /api/v1/sources on an LSST store. */
export function lsstSourcesApp(reader: LsstStoreReader): Hono {
  return objectRowsApp(reader, {
    path: LSST_SOURCES_ENDPOINT.path,
    table: 'sources',
    key: 'r:diaSourceId',
    schema,
    hasCutouts: true,
  });
}
