/**
 * `/api/v1/resolver`: astronomical names ↔ ZTF objects, with three resolvers — `tns` (the store's TNS table,
 * offline), `ssodnet` (the store's orbit catalogue and alerts, offline) and `simbad` (the operator's Sesame
 * service for names; the alerts' `d:cdsxmatch` for reverse, offline). Arguments, defaults and answer fields as
 * Fink's route (docs/api.md#resolver lists the differences).
 * Reference: fink-object-api apps/routes/v1/ztf/resolver/{api.py,utils.py}.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  booleanArg,
  countArg,
  endpointHandler,
  OBJECT_ID,
  OBJECT_ID_FORM,
  outputFormatArg,
} from '../args/index.js';
import { respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import {
  type ResolveRequest,
  resolveSimbad,
  resolveSsodnet,
  resolveTns,
  reverseSimbad,
} from '../resolver/index.js';
import type { ServeSettings } from '../settings.js';
import type { StoreReader } from '../store-reader.js';

/** Largest `nmax`: the whole TNS table (about 170,000 objects in 2026) fits. */
export const MAX_RESOLVER_ROWS = 1_000_000;
/** Default `nmax`, as Fink. */
export const DEFAULT_RESOLVER_ROWS = 10;
/** Longest name (characters). */
const MAX_NAME_CHARS = 128;
/** The resolvers of `/resolver` (ZTF and LSST), in the order the portal asks them (Fink's Science Portal). */
export const RESOLVERS = ['tns', 'simbad', 'ssodnet'] as const;
/** One of {@link RESOLVERS}. */
export type Resolver = (typeof RESOLVERS)[number];

/** `resolver` of `/resolver` (ZTF and LSST). */
export const RESOLVER_ARG = z
  .enum(RESOLVERS, { message: `choose a resolver among: ${RESOLVERS.join(', ')}` })
  .meta({ description: 'Resolver among: simbad, ssodnet, tns', examples: ['tns'] });

/**
 * The name (or id) of `/resolver` (ZTF and LSST): text or a number, trimmed, at most MAX_NAME_CHARS printable
 * characters.
 * @param required the message when it is missing.
 */
export function resolverNameArg(required: string) {
  return z.union([z.string(), z.number()], { message: required }).transform((v, ctx) => {
    const text = String(v).trim();
    if (text.length <= MAX_NAME_CHARS && !/\p{Cc}/u.test(text)) return text;
    ctx.addIssue({ code: 'custom', message: `expected at most ${MAX_NAME_CHARS} printable characters` });
    return z.NEVER;
  });
}

/**
 * `offline` of `/resolver` (ZTF and LSST; ours, not Fink's): with `resolver=simbad`, answer only from the names the
 * alerts' cross-match fields carry, without the SIMBAD service: a name none carries gives `[]` rather than the
 * service's records (or, without one, a 400). The portal asks this way for names in every store served.
 */
export const RESOLVER_OFFLINE_ARG = booleanArg.optional().default(false).meta({
  description:
    "With resolver=simbad: only the names the alerts' cross-match fields carry (no SIMBAD service); an unknown name gives []",
});

/** `nmax` of `/resolver` (ZTF and LSST). */
export const RESOLVER_NMAX_ARG = countArg(MAX_RESOLVER_ROWS)
  .optional()
  .default(DEFAULT_RESOLVER_ROWS)
  .meta({
    description: `Maximum number of matches to return, 1 to ${MAX_RESOLVER_ROWS.toLocaleString('en-US')}`,
  });

const schema = z.object({
  resolver: RESOLVER_ARG,
  name: resolverNameArg('a name is required (text; empty lists the TNS table)').meta({
    description:
      'Object name to resolve (a ZTF objectId with reverse=true). With tns, a prefix of the name (case-insensitive); empty = the whole table',
    examples: ['SN 2018lzf'],
  }),
  reverse: booleanArg
    .optional()
    .default(false)
    .meta({ description: 'If true, resolve a ZTF objectId into the names of the chosen resolver' }),
  nmax: RESOLVER_NMAX_ARG,
  offline: RESOLVER_OFFLINE_ARG,
  'output-format': outputFormatArg,
});

/** The resolver endpoint's entry in the API index and OpenAPI (docs/api.md#resolver). */
export const RESOLVER_ENDPOINT: EndpointDoc = {
  path: '/api/v1/resolver',
  methods: ['GET', 'POST'],
  summary: 'Resolve astronomical names (TNS, SIMBAD, Solar System) to ZTF objects, and vice-versa',
  args: schema,
};

/** The resolver endpoint app, mounted at /api/v1/resolver. */
export function resolverApp(reader: StoreReader, settings: ServeSettings): Hono {
  const app = new Hono();
  const handler = endpointHandler(schema, async (c, args) => {
    const req: ResolveRequest = {
      name: args.name,
      reverse: args.reverse,
      nmax: args.nmax,
      offline: args.offline,
    };
    if (req.name === '' && !(args.resolver === 'tns' && !req.reverse))
      throw new ApiError(
        400,
        'A `name` is required (only resolver=tns without reverse lists its whole table).',
      );
    if (req.reverse && !OBJECT_ID.test(req.name))
      throw new ApiError(
        400,
        `With reverse=true, \`name\` is a ZTF objectId (${OBJECT_ID_FORM}): got ${JSON.stringify(req.name)}.`,
      );
    let rows: Record<string, unknown>[];
    if (args.resolver === 'tns') rows = await resolveTns(reader, req);
    else if (args.resolver === 'ssodnet') rows = await resolveSsodnet(reader, req);
    else
      rows = req.reverse ? reverseSimbad(reader, req) : await resolveSimbad(reader, settings.simbadUrl, req);
    return respondTable(c, rows, args['output-format'], `resolver_${args.resolver}`);
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
