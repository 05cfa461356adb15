/**
 * LSST `/api/v1/resolver`: names ↔ Rubin objects with three resolvers (`tns`, `simbad`, `ssodnet`), arguments and
 * answer fields as Fink's LSST route; what each answers offline is in serve/resolver/lsst.ts and docs/api.md.
 *
 * Reference: fink-object-api apps/routes/v1/lsst/resolver/{api,utils}.py; fink-lsst-api.md §3.7.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  booleanArg,
  type EndpointOptions,
  endpointHandler,
  outputFormatArg,
  withExactIntegers,
} from '../../args/index.js';
import { respondTable } from '../../encode/index.js';
import { ApiError } from '../../errors.js';
import { diaObjectIds } from '../../lsst-fields.js';
import type { LsstStoreReader } from '../../lsst-store-reader.js';
import type { EndpointDoc } from '../../openapi.js';
import {
  type LsstResolveRequest,
  resolveLsstSimbad,
  resolveLsstSsodnet,
  resolveLsstTns,
} from '../../resolver/index.js';
import type { ServeSettings } from '../../settings.js';
import { RESOLVER_ARG, RESOLVER_NMAX_ARG, RESOLVER_OFFLINE_ARG, resolverNameArg } from '../resolver.js';

const schema = z.object({
  resolver: RESOLVER_ARG,
  name_or_id: resolverNameArg('a value for name_or_id is required (a name; an id with reverse=true)').meta({
    description:
      'Name to resolve: a TNS name (prefix, any case; empty lists the TNS table), a SIMBAD name, or a Solar ' +
      'System designation (packed or unpacked). With reverse=true: a diaObjectId (tns, simbad) or an ' +
      'ssObjectId (ssodnet); send ids as text from languages without 64-bit integers',
    examples: ['K01S97B'],
  }),
  reverse: booleanArg.optional().default(false).meta({
    description: 'If true, resolve a Rubin id (diaObjectId, or ssObjectId for ssodnet) into names',
  }),
  nmax: RESOLVER_NMAX_ARG,
  offline: RESOLVER_OFFLINE_ARG,
  'output-format': outputFormatArg,
});

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_RESOLVER_ENDPOINT: EndpointDoc = {
  path: '/api/v1/resolver',
  methods: ['GET', 'POST'],
  summary: 'Resolve names (TNS, SIMBAD, Solar System designations) to Rubin ids, and ids to names',
  args: schema,
};

/** The app, mounted at /api/v1/resolver on an LSST store. */
export function lsstResolverApp(reader: LsstStoreReader, settings: ServeSettings): Hono {
  const app = new Hono();
  const options: EndpointOptions = { prepare: (raw, c) => withExactIntegers(c, raw, ['name_or_id']) };
  const handler = endpointHandler(schema, options, async (c, args) => {
    const name = args.name_or_id;
    if (name === '' && !(args.resolver === 'tns' && !args.reverse))
      throw new ApiError(
        400,
        'A value for `name_or_id` is required (only resolver=tns without reverse lists its whole table).',
      );
    // text that is no id names no object: the answer is then empty, as Fink's
    const ids = args.reverse && !name.includes(',') ? diaObjectIds(name) : [];
    const req: LsstResolveRequest = {
      name,
      id: ids[0] ?? null,
      reverse: args.reverse,
      nmax: args.nmax,
      offline: args.offline,
    };
    let rows: Record<string, unknown>[];
    if (args.resolver === 'tns') rows = await resolveLsstTns(reader, req);
    else if (args.resolver === 'ssodnet') rows = await resolveLsstSsodnet(reader, req);
    else rows = await resolveLsstSimbad(reader, settings.simbadUrl, req);
    return respondTable(c, rows, args['output-format'], `resolver_${args.resolver}`);
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
