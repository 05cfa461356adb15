/**
 * LSST `/api/v1/fp`: the forced photometry (diaForcedSources) of one or several diaObjects, newest first, as
 * Fink's route of that name.
 *
 * Reference: fink-object-api apps/routes/v1/lsst/fp/{api,utils}.py; docs/api.md, "LSST API".
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { LsstStoreReader } from '../../lsst-store-reader.js';
import type { EndpointDoc } from '../../openapi.js';
import { OBJECT_ROWS_ARGS, objectRowsApp } from './object-rows.js';

const schema = z.object(OBJECT_ROWS_ARGS);

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_FP_ENDPOINT: EndpointDoc = {
  path: '/api/v1/fp',
  methods: ['GET', 'POST'],
  summary:
    'Forced photometry (diaForcedSources, fluxes in nJy) of one or several Rubin diaObjects, newest first',
  args: schema,
};

/** The app, mounted at /api/v1/fp on an LSST store. */
export function lsstFpApp(reader: LsstStoreReader): Hono {
  return objectRowsApp(reader, {
    path: LSST_FP_ENDPOINT.path,
    table: 'fp',
    key: 'r:diaForcedSourceId',
    schema,
  });
}
