import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ENDPOINTS } from './api/index.js';
import { booleanArg, describeArgs, outputFormatArg } from './args/index.js';
import { buildOpenApi, type EndpointDoc } from './openapi.js';

// biome-ignore lint/suspicious/noExplicitAny: the test walks an untyped JSON document
type Json = Record<string, any>;

const SAMPLE: readonly EndpointDoc[] = [
  {
    path: '/api/v1/latests',
    methods: ['GET', 'POST'],
    summary: 'Latest alerts of a class',
    args: z.object({
      class: z.string().meta({ description: 'Class name', examples: ['Early SN Ia candidate'] }),
      n: z
        .number()
        .optional()
        .default(10)
        .meta({ description: 'Number of alerts', examples: [5], unit: 'alerts' }),
      color: booleanArg
        .optional()
        .default(false)
        .meta({ description: 'Add colour fields', examples: ['true'] }),
      withCutouts: booleanArg.optional().meta({ description: 'Stamps', aliases: ['withcutouts'] }),
      'output-format': outputFormatArg,
    }),
  },
  { path: '/api/v1/classes', methods: ['GET'], summary: 'Class names' },
  {
    path: '/api/v1/cutouts',
    methods: ['POST'],
    summary: 'Stamps',
    args: z.object({ objectId: z.string().meta({ description: 'Object id' }) }),
    contentTypes: ['image/png', 'application/octet-stream', 'application/json'],
  },
];

/** Resolves a local `$ref` (`#/components/...`) in the document. */
function resolve(doc: Json, node: Json): Json {
  if (typeof node.$ref !== 'string') return node;
  expect(node.$ref.startsWith('#/')).toBe(true);
  const target = node.$ref
    .slice(2)
    .split('/')
    .reduce((n: Json | undefined, key: string) => n?.[key], doc);
  expect(target, node.$ref).toBeDefined();
  return target as Json;
}

/** Structural checks of OpenAPI 3.1 required fields for every path and operation. */
function checkDocument(doc: Json, endpoints: readonly EndpointDoc[]): void {
  expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  expect(typeof doc.info.title).toBe('string');
  expect(typeof doc.info.version).toBe('string');
  expect(Object.keys(doc.paths).sort()).toEqual(endpoints.map((e) => e.path).sort());
  const operationIds = new Set<string>();
  for (const endpoint of endpoints) {
    const item = doc.paths[endpoint.path] as Json;
    expect(endpoint.path.startsWith('/')).toBe(true);
    const ops = Object.keys(item).filter((k) => ['get', 'post', 'put', 'delete', 'patch'].includes(k));
    expect(ops.sort()).toEqual(endpoint.methods.map((m) => m.toLowerCase()).sort());
    for (const method of ops) {
      const op = item[method] as Json;
      expect(operationIds.has(op.operationId)).toBe(false);
      operationIds.add(op.operationId);
      for (const status of ['200', '400', '503']) {
        const response = resolve(doc, op.responses[status]);
        expect(typeof response.description).toBe('string');
        expect(Object.keys(response.content).length).toBeGreaterThan(0);
      }
      for (const status of ['400', '503']) {
        const schema = resolve(doc, resolve(doc, op.responses[status]).content['application/json'].schema);
        expect(schema.required).toEqual(['status', 'text']);
      }
      const args = endpoint.args === undefined ? [] : describeArgs(endpoint.args);
      if (method === 'get') {
        const params = op.parameters as Json[];
        expect(params.map((p) => p.name)).toEqual(args.map((a) => a.name));
        for (const [i, p] of params.entries()) {
          const arg = args[i];
          expect(p.in).toBe('query');
          expect(p.required).toBe(arg.required);
          expect(p.description).toBe(arg.description);
          expect(p.description.length).toBeGreaterThan(0);
          expect(p.schema.type ?? p.schema.anyOf).toBeDefined();
          if (arg.default !== undefined) expect(p.schema.default).toBe(arg.default);
          if (arg.values !== undefined && p.schema.enum !== undefined)
            expect(p.schema.enum).toEqual(arg.values);
        }
      } else if (args.length > 0) {
        const schema = op.requestBody.content['application/json'].schema as Json;
        expect(schema.type).toBe('object');
        expect(Object.keys(schema.properties)).toEqual(args.map((a) => a.name));
        const required = args.filter((a) => a.required).map((a) => a.name);
        if (required.length > 0) expect(schema.required).toEqual(required);
        else expect(schema.required).toBeUndefined();
        for (const arg of args) expect(schema.properties[arg.name].description).toBe(arg.description);
      }
    }
  }
}

describe('buildOpenApi', () => {
  it('builds a structurally valid OpenAPI 3.1 document for the registered endpoints', () => {
    const doc = JSON.parse(JSON.stringify(buildOpenApi(API_ENDPOINTS))) as Json;
    checkDocument(doc, API_ENDPOINTS);
    expect(doc.paths['/api/v1/objects'].get.parameters.map((p: Json) => p.name)).toContain('objectId');
  });

  it('maps arguments to GET query parameters and POST body properties with type, default, example, unit, alias', () => {
    const doc = JSON.parse(JSON.stringify(buildOpenApi(SAMPLE))) as Json;
    checkDocument(doc, SAMPLE);
    const get = doc.paths['/api/v1/latests'].get;
    expect(get.parameters.map((p: Json) => p.name)).toEqual([
      'class',
      'n',
      'color',
      'withCutouts',
      'withcutouts',
      'output-format',
      'output_format',
    ]);
    expect(get.parameters[1]).toEqual({
      name: 'n',
      in: 'query',
      required: false,
      description: 'Number of alerts',
      schema: { type: 'number', default: 10 },
      example: 5,
      'x-unit': 'alerts',
    });
    // booleans are JSON booleans or their text spellings
    expect(get.parameters[2].schema).toEqual({ type: ['boolean', 'string'], default: false });
    expect(get.parameters[2].example).toBe('true');
    expect(get.parameters[4]).toMatchObject({
      name: 'withcutouts',
      required: false,
      schema: { type: ['boolean', 'string'] },
      'x-alias-of': 'withCutouts',
    });
    expect(get.parameters[4].description).toMatch(/`withCutouts`: Stamps/);
    expect(get.parameters[5].schema).toEqual({
      type: 'string',
      enum: ['json', 'csv', 'parquet', 'votable'],
      default: 'json',
    });
    const body = doc.paths['/api/v1/latests'].post.requestBody;
    expect(body.required).toBe(true);
    expect(body.content['application/json'].schema.properties.class).toEqual({
      type: 'string',
      description: 'Class name',
      examples: ['Early SN Ia candidate'],
    });
  });

  it('offers the four tabular MIME types when there is an output-format argument, else JSON or the given ones', () => {
    const doc = buildOpenApi(SAMPLE) as Json;
    expect(Object.keys(doc.paths['/api/v1/latests'].get.responses['200'].content)).toEqual([
      'application/json',
      'text/csv; charset=utf-8',
      'application/vnd.apache.parquet',
      'application/x-votable+xml',
    ]);
    expect(Object.keys(doc.paths['/api/v1/classes'].get.responses['200'].content)).toEqual([
      'application/json',
    ]);
    expect(Object.keys(doc.paths['/api/v1/cutouts'].post.responses['200'].content)).toEqual([
      'image/png',
      'application/octet-stream',
      'application/json',
    ]);
  });

  it('documents multipart and raw bodies of the upload endpoints, with the file part and fixed value lists', () => {
    const doc = JSON.parse(JSON.stringify(buildOpenApi(API_ENDPOINTS))) as Json;
    for (const path of ['/api/v1/xmatch', '/api/v1/bayestar']) {
      const content = doc.paths[path].post.requestBody.content;
      expect(Object.keys(content)).toEqual([
        'application/json',
        'multipart/form-data',
        'application/octet-stream',
      ]);
      expect(content['multipart/form-data'].schema.properties.file).toMatchObject({
        type: 'string',
        format: 'binary',
      });
      expect(content['application/json'].schema.properties.file).toBeUndefined();
    }
    const format = doc.paths['/api/v1/bayestar'].get.parameters.find((p: Json) => p.name === 'output-format');
    expect(format.schema.enum).toEqual(['json', 'csv', 'parquet', 'votable', 'moc-json', 'moc-ascii']);
    const alerts = doc.paths['/api/v1/xmatch'].get.parameters.find((p: Json) => p.name === 'alerts');
    expect(alerts.schema.enum).toEqual(['latest', 'all']);
  });

  it('refuses two endpoints with the same path', () => {
    expect(() => buildOpenApi([SAMPLE[1], SAMPLE[1]])).toThrow(/duplicate/);
  });
});
