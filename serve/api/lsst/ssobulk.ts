/**
 * LSST `/api/v1/ssobulk`: every Solar System light curve of an LSST store in one table (one row per object, its
 * detections as lists, oldest first), as the monthly SSOFT job wrote it (`ssoft/ssobulk_<YYYY.MM>.parquet`,
 * data/lsst-ssobulk-columns.ts): the parquet file itself by default, the rows of one object (`sso_name`, its
 * designation; json by default), or the table's schema.
 *
 * Reference: fink-object-api apps/routes/v1/lsst/ssobulk/{api,utils,test}.py; docs/api.md, "LSST API".
 */
import fs from 'node:fs';
import { Hono } from 'hono';
import { z } from 'zod';
import { LSST_SSOBULK_COLUMNS } from '../../../data/index.js';
import { builtSsobulkVersions, readLsstSsobulkRows } from '../../../data/queries/index.js';
import {
  booleanArg,
  type EndpointOptions,
  endpointHandler,
  outputFormatChoice,
  withoutEmptyArgs,
} from '../../args/index.js';
import { CONTENT_TYPES, respondTable } from '../../encode/index.js';
import { ApiError } from '../../errors.js';
import type { LsstStoreReader } from '../../lsst-store-reader.js';
import type { EndpointDoc } from '../../openapi.js';
import { chooseSsobulkVersion } from '../ssobulk.js';

const VERSION = /^\d{4}\.(0[1-9]|1[0-2])$/;

const schema = z.object({
  'output-format': outputFormatChoice.optional().meta({
    description:
      'parquet, json, csv or votable. Default: parquet for the whole table (the file itself), json for one object',
  }),
  version: z
    .string()
    .optional()
    .refine((v) => v === undefined || VERSION.test(v.trim()), {
      message: 'version needs to be YYYY.MM (e.g. 2026.08)',
    })
    .meta({ description: 'Table version YYYY.MM; default: the latest built', examples: ['2026.08'] }),
  sso_name: z
    .string()
    .max(64)
    .optional()
    .meta({
      description:
        'Only the row of this object: its designation (unpacked provisional, e.g. 2001 SB97), exact',
      examples: ['2001 SB97'],
    }),
  schema: booleanArg.optional().default(false).meta({
    description: 'Return the columns of the table as {column: {type, description}} instead of data',
  }),
});

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_SSOBULK_ENDPOINT: EndpointDoc = {
  path: '/api/v1/ssobulk',
  methods: ['GET', 'POST'],
  summary:
    'Every Solar System light curve of the store (Rubin detections with their ssSource geometry), in one table',
  args: schema,
  contentTypes: ['application/vnd.apache.parquet', 'application/json'],
};

/** The app, mounted at /api/v1/ssobulk on an LSST store. */
export function lsstSsobulkApp(reader: LsstStoreReader): Hono {
  const app = new Hono();
  const options: EndpointOptions = { prepare: (raw) => withoutEmptyArgs(raw) };
  const handler = endpointHandler(schema, options, async (c, args) => {
    if (args.schema)
      return c.json(
        Object.fromEntries(
          LSST_SSOBULK_COLUMNS.map((col) => [col.name, { type: col.type, description: col.description }]),
        ),
      );
    const built = builtSsobulkVersions(reader.layout);
    if (built.length === 0)
      throw new ApiError(
        404,
        'No SSOBULK table is built yet (the monthly SSOFT job builds it: skyalert ssoft build).',
      );
    const version = chooseSsobulkVersion(built, args.version);
    const designation = args.sso_name?.trim() || null;
    const format = args['output-format'] ?? (designation === null ? 'parquet' : 'json');
    const name = `ssobulk_${version}`;
    if (designation === null && format === 'parquet') {
      const bytes = await fs.promises.readFile(reader.layout.ssobulkFile(version));
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': CONTENT_TYPES.parquet,
        'Content-Disposition': `attachment; filename="${name}.parquet"`,
      });
    }
    const query = (sql: string, params: Parameters<LsstStoreReader['query']>[1]) => reader.query(sql, params);
    const rows = await readLsstSsobulkRows(query, reader.layout, version, designation);
    return respondTable(c, rows, format, name, { columns: LSST_SSOBULK_COLUMNS.map((col) => col.name) });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
