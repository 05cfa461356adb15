/**
 * API documentation: the OpenAPI document (`/api/v1/openapi.json`), an interactive page (`/api/v1/docs`, Swagger
 * UI served from the local swagger-ui-dist package, no network) and the endpoint index (`/api/v1/`). All three are
 * built from one registry of EndpointDoc, the same argument lists the endpoints validate with.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import { ApiError } from '../errors.js';
import { buildOpenApi, type EndpointDoc } from '../openapi.js';
import { BAYESTAR_ARGS } from './bayestar.js';
import { CLASSES_ENDPOINT } from './classes.js';
import { COLUMNS_ENDPOINT } from './columns.js';
import { CUTOUTS_ARGS } from './cutouts.js';
import { EXPLORER_ARGS } from './explorer.js';
import { LATESTS_ARGS } from './latests.js';
import { OBJECTS_ARGS } from './objects.js';
import { RANDOM_ARGS } from './random.js';
import { SSO_ARGS } from './sso.js';
import { SSOCAND_ARGS } from './ssocand.js';
import { SSOFT_ARGS } from './ssoft.js';
import { STATISTICS_ARGS } from './statistics.js';
import { TRACKLET_ARGS } from './tracklet.js';
import { XMATCH_ARGS } from './xmatch.js';

/** Path of the OpenAPI document. */
export const OPENAPI_PATH = '/api/v1/openapi.json';
/** Path of the interactive documentation page. */
export const DOCS_PATH = '/api/v1/docs';

/** The objects endpoint's entry (docs/references.md#api-objects). */
export const OBJECTS_ENDPOINT: EndpointDoc = {
  path: '/api/v1/objects',
  methods: ['GET', 'POST'],
  summary: 'All alerts of one or several objects (light curves), most recent first',
  args: OBJECTS_ARGS,
};

/** The endpoints documented so far; serve/app.ts passes its full list to docsApp and apiIndexApp. */
export const API_ENDPOINTS: readonly EndpointDoc[] = [
  OBJECTS_ENDPOINT,
  {
    path: '/api/v1/explorer',
    methods: ['GET', 'POST'],
    summary: 'Latest alert per object by id, cone search (nearest first) or date window',
    args: EXPLORER_ARGS,
  },
  {
    path: '/api/v1/latests',
    methods: ['GET', 'POST'],
    summary: 'Latest alerts of a class, most recent first',
    args: LATESTS_ARGS,
  },
  {
    path: '/api/v1/tracklet',
    methods: ['GET', 'POST'],
    summary: 'Alerts of satellite tracklets by id prefix or date',
    args: TRACKLET_ARGS,
  },
  {
    path: '/api/v1/cutouts',
    methods: ['GET', 'POST'],
    summary: 'Image stamps of an alert (PNG, FITS or array), or of every alert of an object',
    args: CUTOUTS_ARGS,
    contentTypes: ['image/png', 'application/octet-stream', 'application/json', 'application/zip'],
  },
  {
    path: '/api/v1/statistics',
    methods: ['GET', 'POST'],
    summary: 'Nightly statistics (counts per night)',
    args: STATISTICS_ARGS,
  },
  {
    path: '/api/v1/random',
    methods: ['GET', 'POST'],
    summary: 'All alerts of n randomly drawn objects (reproducible with seed)',
    args: RANDOM_ARGS,
  },
  {
    path: '/api/v1/sso',
    methods: ['GET', 'POST'],
    summary:
      'Alerts of known asteroids and comets by name, number or designation, with ephemerides, sHG1G2 residuals, stamps',
    args: SSO_ARGS,
  },
  {
    path: '/api/v1/ssoft',
    methods: ['GET', 'POST'],
    summary:
      'Monthly table of fitted phase-curve parameters of known Solar System objects (SSOFT), or its schema',
    args: SSOFT_ARGS,
    contentTypes: ['application/vnd.apache.parquet', 'application/json'],
  },
  {
    path: '/api/v1/ssocand',
    methods: ['GET', 'POST'],
    summary: 'Solar System candidates linked by fink-fat: orbital elements or detections of each trajectory',
    args: SSOCAND_ARGS,
  },
  {
    path: '/api/v1/xmatch',
    methods: ['GET', 'POST'],
    summary:
      'Cross-match of a user catalogue (CSV text or a CSV, VOTable or parquet file) with the objects of the store',
    args: XMATCH_ARGS,
    upload: { field: 'file', description: 'The catalogue: CSV, VOTable (TABLEDATA) or parquet' },
  },
  {
    path: '/api/v1/bayestar',
    methods: ['GET', 'POST'],
    summary:
      'Objects inside the credible region of a gravitational-wave sky map and a time window, or the region as a MOC',
    args: BAYESTAR_ARGS.filter((a) => a.name !== 'file'),
    upload: { field: 'file', description: 'The sky map: HEALPix FITS, gzipped or not' },
    contentTypes: [
      'application/json',
      'text/csv; charset=utf-8',
      'application/vnd.apache.parquet',
      'application/x-votable+xml',
      'text/plain; charset=utf-8',
    ],
  },
  CLASSES_ENDPOINT,
  COLUMNS_ENDPOINT,
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
