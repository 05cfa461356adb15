/**
 * The OpenAPI 3.1 document of the API, generated from each endpoint's argument schema (serve/args/arg-docs.ts),
 * the one that validates its requests and answers a GET without parameters: each argument is a query parameter
 * of the GET operation and a property of the JSON body of the POST operation, with its type (zod's JSON Schema),
 * description, default and example.
 *
 * Reference: OpenAPI Specification 3.1.0 (https://spec.openapis.org/oas/v3.1.0) §4.8; docs/api.md (behaviour every
 * endpoint shares: errors, formats).
 */
import {
  type ArgInfo,
  type ArgsSchema,
  describeArgs,
  type JsonSchema,
  OUTPUT_FORMATS,
  type UploadArg,
} from './args/index.js';
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
  /** The arguments: the schema the endpoint validates with; absent when it takes none. */
  readonly args?: ArgsSchema;
  /**
   * MIME types of a successful answer. Default: the four tabular types when the endpoint has an `output-format`
   * argument, else `application/json`.
   */
  readonly contentTypes?: readonly string[];
  /**
   * For endpoints that take a file: the multipart/form-data part that holds it. POST then also accepts
   * multipart/form-data (the file and the arguments as parts) and a raw application/octet-stream body.
   */
  readonly upload?: UploadArg;
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

/** The JSON Schema of an argument's value, with its default. */
function valueSchema(arg: ArgInfo): JsonSchema {
  return arg.default === undefined ? { ...arg.schema } : { ...arg.schema, default: arg.default };
}

/** Extension keywords (`x-unit`, `x-alias-of`) of an argument. */
function extensions(arg: ArgInfo): JsonSchema {
  return {
    ...(arg.unit === undefined ? {} : { 'x-unit': arg.unit }),
    ...(arg.aliasOf === undefined ? {} : { 'x-alias-of': arg.aliasOf }),
  };
}

function queryParameter(arg: ArgInfo): JsonSchema {
  return {
    name: arg.name,
    in: 'query',
    required: arg.required,
    description: arg.description,
    schema: valueSchema(arg),
    ...(arg.example === undefined ? {} : { example: arg.example }),
    ...extensions(arg),
  };
}

function bodySchema(args: readonly ArgInfo[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const arg of args) {
    properties[arg.name] = {
      ...valueSchema(arg),
      description: arg.description,
      ...(arg.example === undefined ? {} : { examples: [arg.example] }),
      ...extensions(arg),
    };
  }
  const required = args.filter((a) => a.required).map((a) => a.name);
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return schema;
}

function successContent(endpoint: EndpointDoc): Record<string, JsonSchema> {
  const hasFormats = endpoint.args !== undefined && 'output-format' in endpoint.args.shape;
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

function operation(endpoint: EndpointDoc, args: readonly ArgInfo[], method: HttpMethod): JsonSchema {
  const hasArgs = args.length > 0;
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
  if (method === 'GET') op.parameters = args.map(queryParameter);
  else if (hasArgs) {
    const content: Record<string, JsonSchema> = { 'application/json': { schema: bodySchema(args) } };
    if (endpoint.upload) {
      const form = bodySchema(args);
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
      required: args.some((a) => a.required) || endpoint.upload !== undefined,
      content,
    };
  }
  return op;
}

/**
 * Builds the OpenAPI 3.1.0 document of a set of endpoints.
 *
 * @param endpoints the endpoints, each with its methods and argument schema; paths must be distinct.
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
    const args = endpoint.args === undefined ? [] : describeArgs(endpoint.args);
    for (const method of endpoint.methods) item[method.toLowerCase()] = operation(endpoint, args, method);
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
