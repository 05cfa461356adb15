/**
 * API documentation: the OpenAPI document (`/api/v1/openapi.json`), an interactive page (`/api/v1/docs`, Swagger
 * UI served from the local swagger-ui-dist package, no network) and the endpoint index (`/api/v1/`). All three are
 * built from one registry of EndpointDoc, each carrying the argument schema its endpoint validates with.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import { ApiError } from '../errors.js';
import { buildOpenApi, type EndpointDoc } from '../openapi.js';
import { ANOMALY_ENDPOINT } from './anomaly.js';
import { CLASSES_ENDPOINT } from './classes.js';
import { COLUMNS_ENDPOINT } from './columns.js';
import { CONESEARCH_ENDPOINT } from './conesearch.js';
import { CUTOUTS_ENDPOINT } from './cutouts.js';
import { EXPLORER_ENDPOINT } from './explorer.js';
import { LATESTS_ENDPOINT } from './latests.js';
import { METADATA_ENDPOINT } from './metadata.js';
import { OBJECTS_ENDPOINT } from './objects.js';
import { ORBITS_ENDPOINT } from './orbits.js';
import { RANDOM_ENDPOINT } from './random.js';
import { RESOLVER_ENDPOINT } from './resolver.js';
import { SCHEMA_ENDPOINT } from './schema.js';
import { BAYESTAR_ENDPOINT, SKYMAP_ENDPOINT } from './skymap.js';
import { SSO_ENDPOINT } from './sso.js';
import { SSOBULK_ENDPOINT } from './ssobulk.js';
import { SSOCAND_ENDPOINT } from './ssocand.js';
import { SSOFT_ENDPOINT } from './ssoft.js';
import { STATISTICS_ENDPOINT } from './statistics.js';
import { STORES_ENDPOINT } from './stores.js';
import { TRACKLET_ENDPOINT } from './tracklet.js';
import { XMATCH_ENDPOINT } from './xmatch.js';

/** Path of the OpenAPI document. */
export const OPENAPI_PATH = '/api/v1/openapi.json';
/** Path of the interactive documentation page. */
export const DOCS_PATH = '/api/v1/docs';

/** Every endpoint of the API, each declared in its own file; serve/app.ts passes them to docsApp and apiIndexApp. */
export const API_ENDPOINTS: readonly EndpointDoc[] = [
  OBJECTS_ENDPOINT,
  CONESEARCH_ENDPOINT,
  EXPLORER_ENDPOINT,
  LATESTS_ENDPOINT,
  TRACKLET_ENDPOINT,
  ANOMALY_ENDPOINT,
  CUTOUTS_ENDPOINT,
  STATISTICS_ENDPOINT,
  RANDOM_ENDPOINT,
  SSO_ENDPOINT,
  SSOFT_ENDPOINT,
  SSOBULK_ENDPOINT,
  SSOCAND_ENDPOINT,
  ORBITS_ENDPOINT,
  XMATCH_ENDPOINT,
  SKYMAP_ENDPOINT,
  BAYESTAR_ENDPOINT,
  RESOLVER_ENDPOINT,
  METADATA_ENDPOINT,
  CLASSES_ENDPOINT,
  SCHEMA_ENDPOINT,
  COLUMNS_ENDPOINT,
  STORES_ENDPOINT,
];

/** Swagger UI start-up script (our own text): the OpenAPI document sits beside the page. */
const INITIALIZER = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: 'openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
};
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Sky-alert API</title>
  <link rel="stylesheet" href="docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="docs/swagger-ui-bundle.js"></script>
  <script src="docs/swagger-initializer.js"></script>
</body>
</html>
`;

/** The files the page loads, by URL name: a file of swagger-ui-dist or our own text, and its MIME type. */
const ASSETS: ReadonlyMap<string, { readonly file?: string; readonly text?: string; readonly type: string }> =
  new Map([
    ['swagger-ui.css', { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' }],
    ['swagger-ui-bundle.js', { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' }],
    ['favicon-32x32.png', { file: 'favicon-32x32.png', type: 'image/png' }],
    ['swagger-initializer.js', { text: INITIALIZER, type: 'text/javascript; charset=utf-8' }],
  ]);

/** Directory of the installed swagger-ui-dist package. */
function swaggerUiDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/**
 * The documentation app: `GET /api/v1/openapi.json`, `GET /api/v1/docs` and the page's assets under
 * `/api/v1/docs/<name>` (a fixed whitelist; any other name is a 404). Mount it at the root (`app.route('/', …)`).
 *
 * @param endpoints every endpoint of the API (paths distinct).
 */
export function docsApp(endpoints: readonly EndpointDoc[]): Hono {
  const app = new Hono();
  const openapi = JSON.stringify(buildOpenApi(endpoints));
  const dir = swaggerUiDir();
  const cache = new Map<string, Promise<Uint8Array>>();
  const load = (file: string): Promise<Uint8Array> => {
    let bytes = cache.get(file);
    if (!bytes) {
      bytes = fs.readFile(path.join(dir, file)).then((b) => new Uint8Array(b));
      cache.set(file, bytes);
      bytes.catch(() => cache.delete(file));
    }
    return bytes;
  };

  app.get(OPENAPI_PATH, (c) => c.body(openapi, 200, { 'content-type': 'application/json' }));
  app.get(DOCS_PATH, (c) => c.html(PAGE));
  app.get(`${DOCS_PATH}/`, (c) => c.redirect('../docs', 301));
  app.get(`${DOCS_PATH}/:name`, async (c) => {
    const asset = ASSETS.get(c.req.param('name'));
    if (!asset) throw new ApiError(404, `No such documentation file. The documentation is at ${DOCS_PATH}.`);
    const headers = {
      'content-type': asset.type,
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    };
    if (asset.text !== undefined) return c.body(asset.text, 200, headers);
    return c.body((await load(asset.file ?? '')) as Uint8Array<ArrayBuffer>, 200, headers);
  });
  return app;
}

/**
 * The index app: `GET /api/v1` and `GET /api/v1/` answer `{"endpoints": [{path, methods, summary}], "docs",
 * "openapi"}`. Mount it at the root (`app.route('/', …)`).
 *
 * @param endpoints every endpoint of the API, in the order to list them.
 */
export function apiIndexApp(endpoints: readonly EndpointDoc[]): Hono {
  const app = new Hono();
  const body = JSON.stringify({
    name: 'Sky-alert API',
    endpoints: endpoints.map((e) => ({ path: e.path, methods: e.methods, summary: e.summary })),
    docs: DOCS_PATH,
    openapi: OPENAPI_PATH,
  });
  for (const p of ['/api/v1', '/api/v1/'])
    app.get(p, (c) => c.body(body, 200, { 'content-type': 'application/json' }));
  return app;
}
