/**
 * The OpenAPI 3.1 document of the API, built from the same argument lists (ArgDoc) that the endpoints answer to a
 * GET without parameters: each argument is a query parameter of the GET operation and a property of the JSON body
 * of the POST operation, with its description, default and example.
 *
 * Reference: OpenAPI Specification 3.1.0 (https://spec.openapis.org/oas/v3.1.0) §4.8; DESIGN.md (behaviour every
 * endpoint shares: errors, formats).
 */
import { OUTPUT_FORMATS } from './args/common.js';
import type { ArgDoc } from './args/request.js';
import { CONTENT_TYPES } from './encode/index.js';

/** HTTP methods of the API. */
export type HttpMethod = 'GET' | 'POST';

/** One endpoint as the docs, the index and OpenAPI describe it. */
export interface EndpointDoc {
  /** Full path, e.g. `/api/v1/objects`. */
  readonly path: string;
  readonly methods: readonly HttpMethod[];
  /** One line on what the endpoint answers. */
  readonly summary: string;
  readonly args: readonly ArgDoc[];
  /**
   * MIME types of a successful answer. Default: the four tabular types when the endpoint has an `output-format`
   * argument, else `application/json`.
   */
  readonly contentTypes?: readonly string[];
  /**
   * For endpoints that take a file: the multipart/form-data part that holds it. POST then also accepts
   * multipart/form-data (the file and the arguments as parts) and a raw application/octet-stream body.
   */
  readonly upload?: { readonly field: string; readonly description: string };
}

/** Title and version of the document's `info` object. */
export interface ApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}

const DEFAULT_INFO: ApiInfo = {
  title: 'Sky-alert API',
  version: '1.0.0',
  description:
    'Read-only access to astronomical alerts aggregated per object. Every endpoint accepts GET with query ' +
    'parameters and POST with a JSON body of the same arguments; a GET without parameters lists the arguments. ' +
    'Errors answer {"status": "error", "text": ...}.',
};

type JsonSchema = Record<string, unknown>;

/** Schema of an argument, from the type of its default (arguments without a default are strings). */
function argSchema(arg: ArgDoc): JsonSchema {
  const type =
    typeof arg.default === 'boolean' ? 'boolean' : typeof arg.default === 'number' ? 'number' : 'string';
  const schema: JsonSchema = { type };
  if (arg.values !== undefined) schema.enum = [...arg.values];
  else if (arg.name === 'output-format' && type === 'string') schema.enum = [...OUTPUT_FORMATS];
  if (arg.default !== undefined) schema.default = arg.default;
  return schema;
}

/** The example of an argument in the type of its schema; undefined when it has none or it does not convert. */
function typedExample(arg: ArgDoc, type: unknown): string | number | boolean | undefined {
  if (arg.example === undefined) return undefined;
  if (type === 'boolean') {
    if (/^(true|1)$/i.test(arg.example)) return true;
    return /^(false|0)$/i.test(arg.example) ? false : undefined;
  }
  if (type === 'number') return Number.isFinite(Number(arg.example)) ? Number(arg.example) : undefined;
  return arg.example;
}

function queryParameter(arg: ArgDoc): JsonSchema {
  const schema = argSchema(arg);
  const parameter: JsonSchema = {
    name: arg.name,
    in: 'query',
    required: arg.required,
    description: arg.description,
    schema,
  };
  const example = typedExample(arg, schema.type);
  if (example !== undefined) parameter.example = example;
  return parameter;
}

function bodySchema(args: readonly ArgDoc[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const arg of args) {
    const schema: JsonSchema = { ...argSchema(arg), description: arg.description };
    const example = typedExample(arg, schema.type);
    if (example !== undefined) schema.examples = [example];
    properties[arg.name] = schema;
  }
  const required = args.filter((a) => a.required).map((a) => a.name);
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return schema;
}

function successContent(endpoint: EndpointDoc): Record<string, JsonSchema> {
  const hasFormats = endpoint.args.some((a) => a.name === 'output-format');
  const types =
    endpoint.contentTypes ??
    (hasFormats ? OUTPUT_FORMATS.map((f) => CONTENT_TYPES[f]) : ['application/json']);
  const content: Record<string, JsonSchema> = {};
  for (const type of types) {
    content[type] = type.startsWith('application/json')
      ? { schema: hasFormats ? { type: 'array', items: { type: 'object' } } : { type: 'object' } }
      : { schema: { type: 'string', format: 'binary' } };
  }
  return content;
}

/** `objects` for `/api/v1/objects`, `index` for `/api/v1/`: a stable identifier fragment of a path. */
function pathSlug(path: string): string {
  const last = path.replace(/^\/api\/v1\/?/, '');
  return (last === '' ? 'index' : last).replace(/[^A-Za-z0-9]+/g, '_');
}

function operation(endpoint: EndpointDoc, method: HttpMethod): JsonSchema {
  const hasArgs = endpoint.args.length > 0;
  const op: JsonSchema = {
    operationId: `${method.toLowerCase()}_${pathSlug(endpoint.path)}`,
    summary: endpoint.summary,
    tags: [pathSlug(endpoint.path)],
    responses: {
      '200': {
        description:
          method === 'GET' && hasArgs
            ? 'The result; a GET without any parameter answers the argument list {"args": [...]}.'
            : 'The result.',
        content: successContent(endpoint),
      },
      '400': { $ref: '#/components/responses/BadRequest' },
      '503': { $ref: '#/components/responses/StoreNotReady' },
    },
  };
  if (method === 'GET') op.parameters = endpoint.args.map(queryParameter);
  else if (hasArgs) {
    const content: Record<string, JsonSchema> = { 'application/json': { schema: bodySchema(endpoint.args) } };
    if (endpoint.upload) {
      const form = bodySchema(endpoint.args);
      form.properties = {
        ...(form.properties as Record<string, JsonSchema>),
        [endpoint.upload.field]: {
          type: 'string',
          format: 'binary',
          description: endpoint.upload.description,
        },
      };
      content['multipart/form-data'] = { schema: form };
      content['application/octet-stream'] = {
        schema: {
          type: 'string',
          format: 'binary',
          description: `${endpoint.upload.description} (arguments in the query string)`,
        },
      };
    }
    op.requestBody = {
      required: endpoint.args.some((a) => a.required) || endpoint.upload !== undefined,
      content,
    };
  }
  return op;
}

/**
 * Builds the OpenAPI 3.1.0 document of a set of endpoints.
 *
 * @param endpoints the endpoints, each with its methods and arguments; paths must be distinct.
 * @param info title, version and description of the API (defaults: "Sky-alert API", 1.0.0).
 * @returns a JSON-serialisable OpenAPI 3.1.0 object: one path item per endpoint with a `get` (arguments as
 *   query parameters) and/or `post` (arguments as properties of a JSON body) operation, responses 200 (content
 *   types per {@link EndpointDoc.contentTypes}), 400 and 503 with the shared error schema.
 * @throws Error when two endpoints share a path (a programming error).
 */
export function buildOpenApi(endpoints: readonly EndpointDoc[], info: ApiInfo = DEFAULT_INFO): object {
  const paths: Record<string, JsonSchema> = {};
  for (const endpoint of endpoints) {
    if (paths[endpoint.path] !== undefined) throw new Error(`duplicate endpoint path ${endpoint.path}`);
    const item: JsonSchema = { summary: endpoint.summary };
    for (const method of endpoint.methods) item[method.toLowerCase()] = operation(endpoint, method);
    paths[endpoint.path] = item;
  }
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  return {
    openapi: '3.1.0',
    info: { ...info },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['status', 'text'],
          properties: {
            status: { type: 'string', enum: ['error'] },
            text: { type: 'string', description: 'What is wrong and how to fix it' },
          },
        },
      },
      responses: {
        BadRequest: errorResponse('Invalid argument: the text names it and the allowed values.'),
        StoreNotReady: errorResponse('The store has no published data yet; retry later.'),
      },
    },
  };
}
