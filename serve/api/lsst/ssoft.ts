/**
 * LSST `/api/v1/ssoft`: the monthly table of fitted phase-curve parameters of the Solar System objects of an LSST
 * store (HG by default, HG1G2; per Rubin band), as Fink's Rubin route of that name, served by the same endpoint as
 * ZTF's with the LSST description (serve/api/ssoft.ts, `LSST_SSOFT`).
 *
 * Reference: fink-object-api apps/routes/v1/lsst/ssoft/{api,utils}.py; docs/api.md, "LSST API".
 */
import type { Hono } from 'hono';
import type { LsstStoreReader } from '../../lsst-store-reader.js';
import type { EndpointDoc } from '../../openapi.js';
import { LSST_SSOFT, ssoftAppFor, ssoftEndpoint } from '../ssoft.js';

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_SSOFT_ENDPOINT: EndpointDoc = ssoftEndpoint(LSST_SSOFT);

/** The app, mounted at /api/v1/ssoft on an LSST store. */
export function lsstSsoftApp(reader: LsstStoreReader): Hono {
  return ssoftAppFor(reader, LSST_SSOFT);
}
