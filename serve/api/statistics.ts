/**
 * `/api/v1/statistics`: one row per observing night, from the statistics the publication step stores in the
 * catalog, in the shape of Fink's answer (docs/references.md#api-statistics): `key:key` (`ztf_YYYYMMDD`),
 * `key:time`, the `basic:` counts, and the `class:` counts of the labels seen on the nights answered with
 * `class:simbad_tot` and `class:simbad_gal`; counts as numbers. Our extra count (`basic:objects`) only when named
 * in `columns`.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { statisticsSchema, statisticsTable } from '../../data/index.js';
import { booleanArg, endpointHandler, outputFormatArg, splitList } from '../args/index.js';
import { respondTable } from '../encode/index.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';

const DATE_PREFIX = /^(?:\d{4}|\d{6}|\d{8})?$/;
const DATE_FORMS = 'YYYYMMDD (a night), YYYYMM (a month), YYYY (a year) or an empty string (every night)';

/** `date` of `/statistics` (ZTF and LSST): a night, month or year prefix, or empty for every night. */
export const STATISTICS_DATE_ARG = z
  .union([z.string(), z.number()], { message: `a value for date is required: ${DATE_FORMS}` })
  .transform((v, ctx) => {
    const text = String(v).trim();
    if (DATE_PREFIX.test(text)) return text;
    ctx.addIssue({ code: 'custom', message: `expected ${DATE_FORMS}, got ${JSON.stringify(v)}` });
    return z.NEVER;
  })
  .meta({
    description: `Night(s), required as in Fink: ${DATE_FORMS}`,
    examples: ['20240310'],
  });

const schema = z.object({
  date: STATISTICS_DATE_ARG,
  columns: z
    .string()
    .optional()
    .meta({
      description:
        'Comma-separated columns, or * for all (the default); unknown names are ignored; key:key and key:time ' +
        'are always returned. Columns: basic:raw (alerts received), basic:sci (valid alerts), basic:n_g, ' +
        'basic:n_r (valid alerts per filter), basic:exposures, basic:fields (distinct among the valid alerts), ' +
        'class:<label> (valid alerts per classification), class:simbad_tot (valid alerts with a SIMBAD ' +
        'counterpart), class:simbad_gal (valid alerts whose SIMBAD type is in the extragalactic-host list); ' +
        'ours, only when named here: basic:objects (distinct objects of the valid alerts)',
      examples: ['basic:sci,class:Solar System MPC'],
    }),
  schema: booleanArg.optional().default(false).meta({
    description: 'true: return the list of column names (rows {"schema": name}) instead of the counts',
  }),
  'output-format': outputFormatArg,
});

/** The statistics endpoint's entry in the API index and OpenAPI (docs/references.md#api-statistics). */
export const STATISTICS_ENDPOINT: EndpointDoc = {
  path: '/api/v1/statistics',
  methods: ['GET', 'POST'],
  summary: 'Nightly statistics (counts per night)',
  args: schema,
};

/** The statistics endpoint app, mounted at /api/v1/statistics. */
export function statisticsApp(reader: StoreReader): Hono {
  const app = new Hono();
  const handler = endpointHandler(schema, async (c, args) => {
    const { statistics } = reader.current();
    const format = args['output-format'];
    if (args.schema) {
      const rows = statisticsSchema(statistics).map((name) => ({ schema: name }));
      return respondTable(c, rows, format, 'statistics_schema', { columns: ['schema'] });
    }
    const asked = args.columns === undefined ? [] : splitList(args.columns);
    const table = statisticsTable(
      statistics,
      args.date,
      asked.length === 0 || asked.includes('*') ? null : asked,
    );
    return respondTable(c, [...table.rows], format, `statistics_${args.date || 'all'}`, {
      columns: [...table.columns],
    });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
