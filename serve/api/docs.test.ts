import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { API_ENDPOINTS, apiIndexApp, docsApp } from './docs.js';

/** The docs and index apps mounted as serve/app.ts mounts them, with its error handler. */
function app(): Hono {
  const root = new Hono();
  root.route('/', docsApp(API_ENDPOINTS));
  root.route('/', apiIndexApp(API_ENDPOINTS));
  root.onError((err, c) =>
    err instanceof ApiError
      ? c.json({ status: 'error', text: err.text }, err.status)
      : c.json({ status: 'error', text: 'internal' }, 500),
  );
  return root;
}

describe('docs', () => {
  it('serves the OpenAPI document as JSON', async () => {
    const res = await app().request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(API_ENDPOINTS.map((e) => e.path));
  });

  it('serves an HTML page that loads only local assets, and every asset it names', async () => {
    const a = app();
    const res = await a.request('/api/v1/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/i);
    const html = await res.text();
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBe(4);
    for (const ref of refs) {
      expect(ref).not.toMatch(/^(https?:)?\/\//);
      const asset = await a.request(new URL(ref, 'http://localhost/api/v1/docs').pathname);
      expect(asset.status, ref).toBe(200);
      const type = asset.headers.get('content-type') ?? '';
      if (ref.endsWith('.css')) expect(type).toBe('text/css; charset=utf-8');
      else if (ref.endsWith('.js')) expect(type).toBe('text/javascript; charset=utf-8');
      else expect(type).toBe('image/png');
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  it('serves the Swagger UI bundle from swagger-ui-dist, and an initializer pointing at openapi.json', async () => {
    const bundle = await (await app().request('/api/v1/docs/swagger-ui-bundle.js')).text();
    expect(bundle).toContain('SwaggerUIBundle');
    const init = await (await app().request('/api/v1/docs/swagger-initializer.js')).text();
    expect(init).toContain("url: 'openapi.json'");
    // relative to the page /api/v1/docs, as the browser resolves it
    expect(new URL('openapi.json', 'http://localhost/api/v1/docs').pathname).toBe('/api/v1/openapi.json');
  });

  it.each([
    '/api/v1/docs/package.json',
    '/api/v1/docs/..%2F..%2Fpackage.json',
    '/api/v1/docs/swagger-ui.js.map',
    '/api/v1/docs/index.html',
  ])('answers 404 JSON for %s, a file outside the whitelist', async (url) => {
    const res = await app().request(url);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { status: string }).status).toBe('error');
  });

  it('redirects /api/v1/docs/ to the page', async () => {
    const res = await app().request('/api/v1/docs/');
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location') ?? '', 'http://localhost/api/v1/docs/').pathname).toBe(
      '/api/v1/docs',
    );
  });
});

describe('api index', () => {
  it.each(['/api/v1', '/api/v1/'])('lists the endpoints with their summaries at %s', async (url) => {
    const res = await app().request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = (await res.json()) as {
      endpoints: { path: string; methods: string[]; summary: string }[];
      docs: string;
      openapi: string;
    };
    expect(body.endpoints.map((e) => e.path)).toEqual(API_ENDPOINTS.map((e) => e.path));
    expect(body.endpoints.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/api/v1/objects', '/api/v1/explorer', '/api/v1/cutouts', '/api/v1/classes']),
    );
    expect(body.endpoints[0]).toEqual({
      path: '/api/v1/objects',
      methods: ['GET', 'POST'],
      summary: expect.stringMatching(/alerts/),
    });
    expect(body.docs).toBe('/api/v1/docs');
    expect(body.openapi).toBe('/api/v1/openapi.json');
  });
});
