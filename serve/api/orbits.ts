/**
 * `/api/v1/orbits`: the orbit catalogue's record of one asteroid or comet (`skyalert orbits load`, docs/sso.md):
 * identity, osculating elements in perihelion form (J2000 ecliptic), semi-major axis when the orbit is bound,
 * and the magnitude law. Fink has no such route (its portal asks IMCCE's ssodnet); the portal's orbit card reads
 * it. Reference: docs/api.md (`/api/v1/orbits`); data/orbit-catalogue.ts (the catalogue's columns).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { currentOrbitCatalogue } from '../../data/index.js';
import { type ResolvedSso, resolveSso } from '../../data/queries/index.js';
import { endpointHandler, outputFormatArg } from '../args/index.js';
import { respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';

/** Characters of a name, number or designation (as `/api/v1/sso`). */
const SSO_ID = /^[\p{L}\p{N} /()'._-]{1,40}$/u;

const schema = z.object({
  n_or_d: z
    .union([z.string(), z.number()], {
      message: 'a value for n_or_d is required (a name, number or designation, e.g. 8467)',
    })
    .transform((v, ctx) => {
      const text = String(v).trim();
      if (SSO_ID.test(text)) return text;
      ctx.addIssue({
        code: 'custom',
        message: `${JSON.stringify(text.slice(0, 40))} is not a name, number or designation (letters, digits, spaces, / ( ) ' - . _)`,
      });
      return z.NEVER;
    })
    .meta({
      description:
        'Name, number or designation of one asteroid or comet (8467, Benoitcarry, 2010 JO69, 10P, C/2020 V2), in ' +
        'any spelling /api/v1/sso resolves',
      examples: ['8467'],
    }),
  'output-format': outputFormatArg,
});

/** The orbits endpoint's entry in the API index and OpenAPI. */
export const ORBITS_ENDPOINT: EndpointDoc = {
  path: '/api/v1/orbits',
  methods: ['GET', 'POST'],
  summary: "An asteroid's or comet's record in the orbit catalogue: elements (J2000 ecliptic), H, G, source",
  args: schema,
};

/**
 * The API record of a resolved object: `a_au` = q / (1 − e) for an elliptic orbit (null otherwise), angles in
 * degrees, times in JD TT, as the catalogue holds them.
 */
export function orbitRecord(found: ResolvedSso): Record<string, unknown> {
  const { elements, magnitude } = found.orbit;
  return {
    id: found.id,
    kind: found.kind,
    number: found.number,
    name: found.name,
    designation: found.designation,
    a_au: elements.e < 1 ? elements.qAu / (1 - elements.e) : null,
    q_au: elements.qAu,
    e: elements.e,
    incl_deg: elements.inclDeg,
    node_deg: elements.nodeDeg,
    peri_deg: elements.periDeg,
    perihelion_jd_tt: elements.perihelionJdTt,
    epoch_jd_tt: elements.epochJdTt,
    h_mag: magnitude.hMag,
    g_slope: magnitude.gSlope,
    source: found.source,
    source_file: found.sourceFile,
  };
}

/** The orbits endpoint app, mounted at /api/v1/orbits. */
export function orbitsApp(reader: StoreReader): Hono {
  const app = new Hono();
  const handler = endpointHandler(schema, async (c, args) => {
    const files = currentOrbitCatalogue(reader.layout);
    if (files === null)
      throw new ApiError(
        400,
        'This server has no orbit catalogue: the operator loads one with `skyalert orbits load` (docs/sso.md).',
      );
    const found = resolveSso(files, args.n_or_d);
    const rows = found === null ? [] : [orbitRecord(found)];
    return respondTable(c, rows, args['output-format'], `orbit_${args.n_or_d.replace(/\W+/g, '_')}`);
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
