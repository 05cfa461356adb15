/**
 * LSST `/api/v1/tags`: the newest alerts selected by one of Fink's livestream filters (the LSST tags), as Fink's
 * route of that name. The tags are evaluated when a night is published (ingest/publish/lsst-tags.ts); a GET
 * without arguments lists them with their description and whether this service answers them.
 *
 * Reference: fink-object-api apps/routes/v1/lsst/tags/{api,utils}.py; fink-filters 7.40 rubin/livestream;
 * docs/api.md, "LSST API" (differences).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { LSST_TAGS } from '../../../compute/classify/index.js';
import { readTaggedAlerts } from '../../../data/queries/lsst/index.js';
import {
  columnsArg,
  countArg,
  DEFAULT_START_DATE,
  DEFAULT_START_JD,
  dateArg,
  nowJd,
  outputFormatArg,
  parseArgs,
  parseColumnSelection,
  rawArgs,
} from '../../args/index.js';
import { respondTable } from '../../encode/index.js';
import { ApiError } from '../../errors.js';
import { float32Columns, lsstColumnCatalogue, lsstFieldLookup, servedColumns } from '../../lsst-fields.js';
import type { LsstStoreReader } from '../../lsst-store-reader.js';
import type { EndpointDoc } from '../../openapi.js';
import { mjdTaiOfJdUtc } from './conesearch.js';

/** Default `n` (Fink's code: 10; its documentation says 100) and the largest accepted. */
export const DEFAULT_LSST_TAG_N = 10;
export const MAX_LSST_TAG_N = 100_000;

const schema = z.object({
  tag: z
    .string({ message: 'a value for tag is required (GET /api/v1/tags without argument lists them)' })
    .meta({
      description: 'A Fink LSST tag (livestream filter); GET /api/v1/tags without argument lists them',
      examples: ['in_tns'],
    }),
  n: countArg(MAX_LSST_TAG_N)
    .optional()
    .default(DEFAULT_LSST_TAG_N)
    .meta({
      description: `Most alerts returned, the newest, at most ${MAX_LSST_TAG_N.toLocaleString('en-US')}`,
    }),
  startdate: dateArg.optional().meta({
    description:
      `Keep alerts at or after this date: ISO UTC (2026-01-01 00:00:00), JD or MJD (numbers ≥ 2,400,000 are JD), ` +
      `read as UTC; default ${DEFAULT_START_DATE}`,
    examples: ['2026-01-01 00:00:00'],
  }),
  stopdate: dateArg.optional().meta({
    description: 'Keep alerts at or before this date (ISO UTC, JD or MJD, read as UTC); default now',
  }),
  columns: columnsArg.meta({
    description: 'Comma-separated field names, e.g. r:diaSourceId,r:psfFlux (unknown names ignored; * = all)',
  }),
  'output-format': outputFormatArg,
});

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_TAGS_ENDPOINT: EndpointDoc = {
  path: '/api/v1/tags',
  methods: ['GET', 'POST'],
  summary:
    'The newest Rubin alerts selected by a Fink livestream filter (tag); GET without argument lists the tags',
  args: schema,
};

/** GET without arguments: `{"<tag>": {"description", "API support"}}`, alphabetical, as Fink answers. */
function tagListing(): Record<string, { description: string; 'API support': boolean }> {
  return Object.fromEntries(
    LSST_TAGS.map((t) => [t.name, { description: t.description, 'API support': t.select !== null }]),
  );
}

/** The tag named by the request, or a 400 saying which tags exist (or why this one is not served). */
function servedTag(name: string): string {
  const tag = LSST_TAGS.find((t) => t.name === name);
  if (tag === undefined)
    throw new ApiError(
      400,
      `${JSON.stringify(name.slice(0, 60))} is not a valid tag. Here is the list of tags: ` +
        `${LSST_TAGS.map((t) => t.name).join(', ')}. GET /api/v1/tags without argument describes them.`,
    );
  if (tag.select === null)
    throw new ApiError(
      400,
      `${tag.name} is not served by this service: ${tag.notComputed}. Served tags: ` +
        `${LSST_TAGS.filter((t) => t.select !== null)
          .map((t) => t.name)
          .join(', ')}.`,
    );
  return tag.name;
}

/** The app, mounted at /api/v1/tags on an LSST store. */
export function lsstTagsApp(reader: LsstStoreReader): Hono {
  const app = new Hono();
  app.on(['GET', 'POST'], '/', async (c) => {
    const raw = await rawArgs(c);
    if (c.req.method === 'GET' && Object.keys(raw).length === 0) return c.json(tagListing());
    const args = parseArgs(schema, raw);
    const tag = servedTag(args.tag);
    const startJd = args.startdate ?? DEFAULT_START_JD;
    const stopJd = args.stopdate ?? nowJd();
    if (stopJd < startJd) throw new ApiError(400, 'stopdate is before startdate: swap them.');
    const { sources, sso } = reader.snapshot().tables;
    const selection = parseColumnSelection(
      args.columns,
      [],
      lsstColumnCatalogue([sources, sso], LSST_TAGS_ENDPOINT.path),
    );
    const names = selection.names ?? servedColumns(sources);
    const rows = await readTaggedAlerts((sql, params) => reader.query(sql, params), [sources, sso], {
      tag,
      mjdMin: mjdTaiOfJdUtc(startJd),
      mjdMax: mjdTaiOfJdUtc(stopJd),
      limit: args.n,
      columns: names,
    });
    return respondTable(c, rows, args['output-format'], `tags_${tag}`, {
      columns: names,
      fields: lsstFieldLookup([sources, sso]),
      float32Columns: float32Columns([sources, sso]),
    });
  });
  return app;
}
