/**
 * LSST `/api/v1/objects`: the diaObject record of one or several diaObjects (its newest alert's), as Fink's
 * route of that name, matched exactly on the id.
 *
 * Reference: fink-object-api apps/routes/v1/lsst/objects/{api,utils}.py; docs/api.md, "LSST API".
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { LsstStoreReader } from '../../lsst-store-reader.js';
import type { EndpointDoc } from '../../openapi.js';
import { OBJECT_ROWS_ARGS, objectRowsApp } from './object-rows.js';

const schema = z.object(OBJECT_ROWS_ARGS);

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_OBJECTS_ENDPOINT: EndpointDoc = {
  path: '/api/v1/objects',
  methods: ['GET', 'POST'],
  summary: 'The diaObject record (aggregates per band) of one or several Rubin diaObjects',
  args: schema,
};

/** The app, mounted at /api/v1/objects on an LSST store. */
export function lsstObjectsApp(reader: LsstStoreReader): Hono {
  return objectRowsApp(reader, {
    path: LSST_OBJECTS_ENDPOINT.path,
    table: 'objects',
    key: 'r:diaObjectId',
    schema,
  });
}
