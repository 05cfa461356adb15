/**
 * `/api/v1/metadata`: user annotations of objects (an internal name, the submitter's username, comments). GET
 * reads, by `objectId` (or `all`), `internal_name` or `internal_name_encoded`; POST stores, with a write token the
 * operator issued (`Authorization: Bearer <token>`; 401 without, 403 with a wrong one). Every write is kept in the
 * store's append-only annotation log with its time and the token's identity; an object's annotation is its latest
 * write, as Fink's table keeps one row per objectId. Reads are public and see every server worker's writes.
 * Reference: fink-object-api apps/routes/v1/ztf/metadata/{api.py,utils.py}; docs/api.md#metadata.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { AnnotationLog, type AnnotationRecord } from '../../data/index.js';
import { argListing, OBJECT_ID, OBJECT_ID_FORM, parseArgs, rawArgs } from '../args/index.js';
import { respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import type { ServeSettings } from '../settings.js';
import type { StoreReader } from '../store-reader.js';
import { authorizeWrite } from '../write-tokens.js';

/** Longest internal name (characters). */
export const MAX_INTERNAL_NAME_CHARS = 128;
/** Longest comment (characters). */
export const MAX_COMMENT_CHARS = 2000;
/** Largest POST body (bytes): the bounded fields above, JSON-escaped, fit many times over. */
export const MAX_METADATA_BODY_BYTES = 64 * 1024;
/** A username: 1 to 64 letters, digits, blanks, `.`, `_`, `@`, `-`. */
const USERNAME = /^[\p{L}\p{N} ._@-]{1,64}$/u;
/** GET keys, as Fink: exactly one of them. */
const LOOKUPS = ['objectId', 'internal_name', 'internal_name_encoded'] as const;

/** Text of at most `max` characters without control characters (tab and newline allowed when `multiline`). */
function boundedText(max: number, multiline: boolean) {
  return z.string().transform((v, ctx) => {
    const text = v.trim();
    const checked = multiline ? text.replace(/[\t\n]/g, '') : text;
    if (text.length <= max && !/\p{Cc}/u.test(checked)) return text;
    ctx.addIssue({
      code: 'custom',
      message: `expected at most ${max} characters, without control characters`,
    });
    return z.NEVER;
  });
}

const schema = z.object({
  objectId: z
    .string()
    .trim()
    .regex(OBJECT_ID, { message: `expected a ZTF objectId (${OBJECT_ID_FORM})` })
    .optional()
    .meta({ description: 'ZTF objectId (GET: also `all`; POST: required)', examples: ['ZTF18abquxjv'] }),
  internal_name: boundedText(MAX_INTERNAL_NAME_CHARS, false)
    .optional()
    .meta({
      description: `Internal name given to the object (POST: required; at most ${MAX_INTERNAL_NAME_CHARS} characters)`,
    }),
  internal_name_encoded: boundedText(MAX_INTERNAL_NAME_CHARS, false)
    .optional()
    .meta({ description: 'GET only: the internal name without its blanks' }),
  username: z
    .string()
    .trim()
    .regex(USERNAME, { message: 'expected 1 to 64 letters, digits, blanks, . _ @ -' })
    .optional()
    .meta({ description: 'POST: the username of the submitter (required)' }),
  comments: boundedText(MAX_COMMENT_CHARS, true)
    .optional()
    .meta({
      description: `POST: any relevant comments for the object (at most ${MAX_COMMENT_CHARS} characters)`,
    }),
});

/** The metadata endpoint's entry in the API index and OpenAPI (docs/api.md#metadata). */
export const METADATA_ENDPOINT: EndpointDoc = {
  path: '/api/v1/metadata',
  methods: ['GET', 'POST'],
  summary: 'User annotations of objects: GET reads (public), POST stores (with an operator-issued token)',
  args: schema,
  contentTypes: ['application/json'],
};

/** The answer row of an annotation (Fink's column names, plus when it was written). */
function apiRow(r: AnnotationRecord): Record<string, unknown> {
  return {
    'i:objectId': r.objectId,
    'd:internal_name': r.internal_name,
    'd:internal_name_encoded': r.internal_name_encoded,
    'd:username': r.username,
    'd:comments': r.comments,
    'v:time': r.time,
  };
}

/** The current annotation of each object (its latest write), in objectId order. */
function currentAnnotations(log: AnnotationLog): AnnotationRecord[] {
  const latest = new Map<string, AnnotationRecord>();
  for (const r of log.read()) latest.set(r.objectId, r);
  return [...latest.values()].sort((a, b) =>
    a.objectId < b.objectId ? -1 : a.objectId > b.objectId ? 1 : 0,
  );
}

/** The metadata endpoint app, mounted at /api/v1/metadata. */
export function metadataApp(reader: StoreReader, settings: ServeSettings): Hono {
  const app = new Hono();
  const listing = argListing(schema);
  let opened: AnnotationLog | null = null;
  const log = (): AnnotationLog => {
    opened ??= new AnnotationLog(reader.layout.annotationsFile);
    return opened;
  };

  app.get('/', async (c) => {
    const raw = await rawArgs(c);
    if (Object.keys(raw).length === 0) return c.json(listing);
    const args = parseArgs(schema, raw);
    const given = LOOKUPS.filter((k) => args[k] !== undefined);
    if (given.length !== 1 || Object.keys(raw).length !== 1)
      throw new ApiError(
        400,
        'GET takes exactly one argument among: `objectId`, `internal_name`, `internal_name_encoded` (POST stores).',
      );
    const key = given[0];
    const value = args[key] as string;
    const rows = currentAnnotations(log()).filter(
      (r) => (key === 'objectId' && value === 'all') || r[key] === value,
    );
    return respondTable(c, rows.map(apiRow), 'json', 'metadata');
  });

  const limit = bodyLimit({
    maxSize: MAX_METADATA_BODY_BYTES,
    onError: (c) =>
      c.json({ status: 'error', text: `The request body is over ${MAX_METADATA_BODY_BYTES} bytes.` }, 413),
  });
  app.post('/', limit, async (c) => {
    const args = parseArgs(schema, await rawArgs(c));
    const auth = authorizeWrite(settings.writeTokens, c.req.header('authorization'));
    if (!auth.ok) {
      const headers: Record<string, string> =
        auth.status === 401 ? { 'www-authenticate': 'Bearer realm="skyalert"' } : {};
      return c.json({ status: 'error', text: auth.text }, auth.status, headers);
    }
    const { objectId, internal_name: internalName, username } = args;
    if (objectId === undefined || internalName === undefined || username === undefined)
      throw new ApiError(
        400,
        'POST needs `objectId`, `internal_name` and `username` (and optionally `comments`).',
      );
    if (objectId === 'all' || internalName === '')
      throw new ApiError(400, '`objectId` must name one object and `internal_name` must not be empty.');
    const record: AnnotationRecord = {
      objectId,
      internal_name: internalName,
      internal_name_encoded: internalName.replace(/\s+/g, ''),
      username,
      comments: args.comments ?? '',
      time: new Date().toISOString(),
      author: auth.identity,
    };
    log().append(record);
    return respondTable(c, [apiRow(record)], 'json', 'metadata');
  });
  return app;
}
