/**
 * LSST `/api/v1/cutouts`: the stamps of one diaSource as PNG, the FITS file Rubin sent (all its HDUs: image,
 * variance, PSF), or the primary image as 2-D arrays, as Fink's route of that name.
 *
 * Reference: fink-object-api apps/routes/v1/lsst/cutouts/{api,utils}.py; docs/api.md, "LSST API".
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { INT64_MAX } from '../../../data/index.js';
import { LSST_STAMP_COLUMNS, type LsstStampKind, readLsstStamps } from '../../../data/queries/lsst/index.js';
import { type EndpointOptions, endpointHandler, withExactIntegers } from '../../args/index.js';
import { stampArray } from '../../cutout-arrays.js';
import { ApiError } from '../../errors.js';
import type { LsstStoreReader } from '../../lsst-store-reader.js';
import type { EndpointDoc } from '../../openapi.js';
import { CUTOUT_FORMATS, choice, PNG_ARGS, renderPng } from '../cutouts.js';

const STAMP_KINDS = Object.keys(LSST_STAMP_COLUMNS) as LsstStampKind[];
const KINDS = [...STAMP_KINDS, 'All'] as const;
const ID_TEXT = /^\d{1,19}$/;

const diaSourceIdArg = z
  .union([z.string(), z.number()], { message: 'a value for diaSourceId is required (a Rubin diaSource id)' })
  .transform((v, ctx) => {
    const text = String(v).trim();
    if (typeof v === 'number' && !Number.isSafeInteger(v)) {
      ctx.addIssue({ code: 'custom', message: `${v} is not an exact integer: send the id as text` });
      return z.NEVER;
    }
    if (ID_TEXT.test(text) && BigInt(text) <= INT64_MAX) return BigInt(text);
    ctx.addIssue({ code: 'custom', message: `expected a diaSource id (digits), got ${JSON.stringify(v)}` });
    return z.NEVER;
  })
  .meta({ description: 'Rubin diaSource id of the alert (exact)', examples: ['169813006131658851'] });

const schema = z.object({
  diaSourceId: diaSourceIdArg,
  kind: choice(KINDS).optional().default('Science').meta({
    description: 'Science, Template or Difference; All (the three) only with output-format=array. Any case.',
  }),
  'output-format': choice(CUTOUT_FORMATS)
    .optional()
    .default('PNG')
    .meta({
      description:
        'PNG (the primary image, 30×30, FITS row 1 at the bottom), FITS (the stamp as Rubin sent it: every HDU, ' +
        'application/octet-stream, file <diaSourceId>_<Kind>.fits), or array ({"b:cutout<Kind>": rows of the ' +
        'primary image, row 0 = FITS row 1, NaN as null}). Any case.',
    }),
  ...PNG_ARGS,
});

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_CUTOUTS_ENDPOINT: EndpointDoc = {
  path: '/api/v1/cutouts',
  methods: ['GET', 'POST'],
  summary: 'Image stamps of a Rubin diaSource (PNG, FITS with all its HDUs, or array)',
  args: schema,
  contentTypes: ['image/png', 'application/octet-stream', 'application/json'],
};

function attachment(body: Uint8Array, contentType: string, filename: string): Response {
  return new Response(body as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'public, max-age=86400',
    },
  });
}

/** The app, mounted at /api/v1/cutouts on an LSST store. */
export function lsstCutoutsApp(reader: LsstStoreReader): Hono {
  const app = new Hono();
  const options: EndpointOptions = { prepare: (raw, c) => withExactIntegers(c, raw, ['diaSourceId']) };
  const handler = endpointHandler(schema, options, async (c, args) => {
    if (args.pmin >= args.pmax)
      throw new ApiError(
        400,
        `pmin (${args.pmin}) must be below pmax (${args.pmax}); both are percentiles 0-100.`,
      );
    const format = args['output-format'];
    if (args.kind === 'All' && format !== 'array')
      throw new ApiError(
        400,
        'The option `kind=All` is only compatible with `output-format=array`. Choose Science, Template or Difference.',
      );
    const id = args.diaSourceId;
    const stamps = await readLsstStamps(
      (sql, params) => reader.query(sql, params),
      reader.snapshot().tables.cutouts,
      id,
    );
    if (!stamps)
      throw new ApiError(
        400,
        `No stamps of diaSource ${id} in this store. List the diaSources of an object with ` +
          '/api/v1/sources?diaObjectId=<id>&columns=r:diaSourceId.',
      );
    const kinds = args.kind === 'All' ? STAMP_KINDS : [args.kind];
    const bytesOf = (kind: LsstStampKind): Uint8Array => {
      const bytes = stamps[kind];
      if (!bytes) throw new ApiError(400, `The alert of diaSource ${id} carries no ${kind} stamp.`);
      return bytes;
    };
    if (format === 'array') {
      const fields = kinds.map(
        (k) => `${JSON.stringify(LSST_STAMP_COLUMNS[k])}:${JSON.stringify(stampArray(bytesOf(k)))}`,
      );
      return c.body(`{${fields.join(',')}}`, 200, { 'content-type': 'application/json' });
    }
    const kind = kinds[0];
    return format === 'FITS'
      ? attachment(bytesOf(kind), 'application/octet-stream', `${id}_${kind}.fits`)
      : attachment(renderPng(bytesOf(kind), args), 'image/png', `${id}_${kind}.png`);
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
