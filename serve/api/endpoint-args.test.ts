/**
 * Every mounted endpoint lists, validates and documents the same arguments: the names in its GET-without-argument
 * answer, the names its validation knows (a bad value is a 400 naming them) and the parameters of the OpenAPI
 * document are one set, derived from the endpoint's schema, so that a future divergence fails here. Unknown names
 * are ignored, as before (zod strips them).
 */
import type { Hono } from 'hono';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { argValidation, describeArgs } from '../args/arg-docs.js';
import { parseArgs } from '../args/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';
import { API_ENDPOINTS, DOCS_PATH, OPENAPI_PATH } from './docs.js';
import { SSO_ENDPOINT } from './sso.js';

// biome-ignore lint/suspicious/noExplicitAny: the test walks an untyped JSON document
type Json = Record<string, any>;

/**
 * A reader whose store has a published version, so that the store guard lets requests through. The requests
 * below stop at the argument listing or at validation, before any read.
 */
const READER = {
  current: () => ({ version: 1, parts: [] }),
  onCatalog: () => undefined,
} as unknown as StoreReader;

const WITH_ARGS = API_ENDPOINTS.filter((e) => e.args !== undefined);

/** The required arguments of an endpoint set to their declared examples (a request that passes validation). */
function minimalArgs(endpoint: EndpointDoc): Record<string, unknown> {
  const required = describeArgs(endpoint.args!).filter((a) => a.required);
  return Object.fromEntries(required.map((a) => [a.name, a.example]));
}

function post(app: Hono, path: string, body: Record<string, unknown>) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('endpoint arguments: one declaration', () => {
  let app: Hono;
  let doc: Json;
  beforeAll(async () => {
    app = createApp(READER, pino({ level: 'silent' }));
    doc = (await (await app.request(OPENAPI_PATH)).json()) as Json;
  });

  it('documents every mounted /api/v1 endpoint, and only those', () => {
    const own = new Set(['/api/v1', '/api/v1/', OPENAPI_PATH]);
    const mounted = new Set(
      app.routes
        .map((r) => r.path)
        .filter((p) => /^\/api\/v1(\/|$)/.test(p) && !own.has(p) && !p.startsWith(DOCS_PATH)),
    );
    expect([...mounted].sort()).toEqual(API_ENDPOINTS.map((e) => e.path).sort());
    expect(Object.keys(doc.paths).sort()).toEqual([...mounted].sort());
  });

  it.each(WITH_ARGS.map((e) => [e.path, e] as const))(
    '%s: the listing, the validation and OpenAPI name the same arguments',
    async (path, endpoint) => {
      const validated = Object.keys(argValidation(endpoint.args!).schema.shape);
      const upload = endpoint.upload?.field;

      const res = await app.request(path);
      expect(res.status).toBe(200);
      const listed = ((await res.json()) as { args: { name: string; description: string }[] }).args;
      expect(listed.every((a) => a.description.length > 0)).toBe(true);
      expect(listed.map((a) => a.name)).toEqual([...(upload ? [upload] : []), ...validated]);

      const get = doc.paths[path].get as Json;
      expect(get.parameters.map((p: Json) => p.name)).toEqual(validated);
      const content = doc.paths[path].post.requestBody.content as Json;
      expect(Object.keys(content['application/json'].schema.properties)).toEqual(validated);
      if (upload)
        expect(Object.keys(content['multipart/form-data'].schema.properties)).toEqual([...validated, upload]);
      else expect(content['multipart/form-data']).toBeUndefined();

      // the required ones agree too
      const required = listed.filter((a) => (a as { required?: boolean }).required).map((a) => a.name);
      expect(get.parameters.filter((p: Json) => p.required).map((p: Json) => p.name)).toEqual(required);
    },
  );

  it.each(WITH_ARGS.map((e) => [e.path, e] as const))(
    '%s: validation knows every listed name: a value of the wrong type is a 400 naming it',
    async (path, endpoint) => {
      const base = minimalArgs(endpoint);
      const listed = describeArgs(endpoint.args!).map((a) => a.name);
      for (const name of listed) {
        const res = await post(app, path, { ...base, [name]: { not: 'a value' } });
        expect(res.status, name).toBe(400);
        const body = (await res.json()) as { status: string; text: string };
        expect(body.status).toBe('error');
        expect(body.text, name).toContain(`Invalid value for \`${name}\``);
      }
    },
  );

  it.each(WITH_ARGS.map((e) => [e.path, e] as const))(
    '%s: declared examples and defaults pass validation; an unknown name is a 400 naming it',
    (_path, endpoint) => {
      const schema = endpoint.args!;
      const base = minimalArgs(endpoint);
      for (const arg of describeArgs(schema)) {
        if (arg.required) expect(arg.example, `${arg.name} needs an example`).toBeDefined();
        for (const value of [arg.example, arg.default]) {
          if (value === undefined) continue;
          expect(
            () => parseArgs(schema, { ...base, [arg.name]: value }),
            `${arg.name}=${value}`,
          ).not.toThrow();
        }
      }
      const parsed = parseArgs(schema, base);
      expect(() => parseArgs(schema, { ...base, notAnArgument: { x: 1 } })).toThrow(
        /Unknown argument `notAnArgument`/,
      );
      expect(Object.keys(parsed).every((k) => k in schema.shape)).toBe(true);
    },
  );

  it.each(WITH_ARGS.map((e) => [e.path, e] as const))(
    '%s: a GET with only unknown names is a 400 naming the unknown one, not the listing',
    async (path) => {
      const res = await app.request(`${path}?notAnArgument=1`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { status: string; text: string };
      expect(body.status).toBe('error');
      expect(body.text).toContain('Unknown argument `notAnArgument`');
    },
  );

  it('accepts an alias as its argument, validated under its own name; the argument wins when both are given', async () => {
    const schema = SSO_ENDPOINT.args!;
    const base = { n_or_d: '8467' };
    expect(parseArgs(schema, { ...base, withCutouts: 'True' })).toMatchObject({ withcutouts: true });
    expect(parseArgs(schema, { ...base, withCutouts: 'True' })).not.toHaveProperty('withCutouts');
    expect(parseArgs(schema, { ...base, withcutouts: '0', withCutouts: 'true' })).toMatchObject({
      withcutouts: false,
    });
    expect(parseArgs(schema, base)).toMatchObject({ withcutouts: false });
    expect(() => parseArgs(schema, { ...base, withCutouts: 'maybe' })).toThrow(ApiError);
    expect(() => parseArgs(schema, { ...base, withCutouts: 'maybe' })).toThrow(/`withCutouts`.*boolean/);
    const listed = describeArgs(schema).find((a) => a.name === 'withCutouts');
    expect(listed).toMatchObject({ required: false, aliasOf: 'withcutouts' });
  });
});
