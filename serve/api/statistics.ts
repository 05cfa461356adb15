/**
 * `/api/v1/statistics`: one row per observing night, from the statistics the publication step stores in the
 * catalog (docs/references.md#api-statistics). Rows carry `key:key` (`ztf_YYYYMMDD`) then the counts, always as numbers; a count
 * absent from a night (a class not seen that night) is 0, never missing (reference issue #359).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { Catalog } from '../../data/index.js';
import { argListing, booleanArg, outputFormatArg, parseArgs, rawArgs, splitList } from '../args/index.js';
import { respondTable } from '../encode/index.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';

/** The row key column, as the reference names it. */
export const KEY_COLUMN = 'key:key';
/** The `basic:` counts in their documented order (docs/references.md#api-statistics, plus distinct objects). */
export const BASIC_COLUMNS = [
  'basic:raw',
  'basic:sci',
  'basic:n_g',
  'basic:n_r',
  'basic:exposures',
  'basic:fields',
  'basic:objects',
] as const;

const DATE_PREFIX = /^(?:\d{4}|\d{6}|\d{8})?$/;

const schema = z.object({
  date: z
    .union([z.string(), z.number()])
    .transform((v, ctx) => {
      const text = String(v).trim();
      if (DATE_PREFIX.test(text)) return text;
      ctx.addIssue({
        code: 'custom',
        message: `expected YYYYMMDD, YYYYMM, YYYY or an empty string, got ${JSON.stringify(v)}`,
      });
      return z.NEVER;
    })
    .optional()
    .default('')
    .meta({
      description:
        'Night(s): YYYYMMDD (one night), YYYYMM (a month), YYYY (a year), or empty for every night',
      examples: ['20240310'],
    }),
  columns: z
    .string()
    .optional()
    .meta({
      description:
        'Comma-separated columns (unknown names ignored); key:key is always returned. Columns: basic:raw (alerts ' +
        'received), basic:sci (valid alerts), basic:n_g, basic:n_r (valid alerts per filter), basic:exposures, ' +
        'basic:fields, basic:objects (distinct), class:<label> (valid alerts per classification)',
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

/** Every column of the statistics table: key, basic counts, then the class counts seen on any night, sorted. */
export function statisticsColumns(catalog: Catalog): string[] {
  const classes = new Set<string>();
  for (const stats of Object.values(catalog.statistics))
    for (const key of Object.keys(stats)) if (key.startsWith('class:')) classes.add(key);
  return [KEY_COLUMN, ...BASIC_COLUMNS, ...[...classes].sort()];
}

/** A statistics table: its columns and one row per night. */
export interface StatisticsTable {
  readonly columns: readonly string[];
  readonly rows: readonly Record<string, string | number>[];
}

/**
 * The statistics of the nights whose YYYYMMDD starts with `datePrefix`, sorted by night.
 *
 * @param columns columns to return besides `key:key` (unknown ones ignored), or null for all.
 */
export function statisticsTable(
  catalog: Catalog,
  datePrefix: string,
  columns: readonly string[] | null,
): StatisticsTable {
  const all = statisticsColumns(catalog);
  const asked = new Set(columns ?? all);
  const wanted = all.filter((c) => c === KEY_COLUMN || asked.has(c));
  const rows = Object.keys(catalog.statistics)
    .filter((night) => night.startsWith(datePrefix))
    .sort()
    .map((night) => {
      const stats = catalog.statistics[night];
      const row: Record<string, string | number> = {};
      for (const c of wanted) row[c] = c === KEY_COLUMN ? `ztf_${night}` : Number(stats[c] ?? 0);
      return row;
    });
  return { columns: wanted, rows };
}

/** The statistics endpoint app, mounted at /api/v1/statistics. */
export function statisticsApp(reader: StoreReader): Hono {
  const app = new Hono();
  const listing = argListing(schema);
  app.on(['GET', 'POST'], '/', async (c) => {
    const raw = await rawArgs(c);
    if (c.req.method === 'GET' && Object.keys(raw).length === 0) return c.json(listing);
    const args = parseArgs(schema, raw);
    const catalog = reader.current();
    const format = args['output-format'];
    if (args.schema) {
      const rows = statisticsColumns(catalog).map((name) => ({ schema: name }));
      return respondTable(c, rows, format, 'statistics_schema', { columns: ['schema'] });
    }
    const asked = args.columns === undefined ? [] : splitList(args.columns);
    const columns = asked.length === 0 || asked.includes('*') ? null : asked;
    const table = statisticsTable(catalog, args.date, columns);
    return respondTable(c, table.rows, format, `statistics_${args.date || 'all'}`, {
      columns: [...table.columns],
    });
  });
  return app;
}
