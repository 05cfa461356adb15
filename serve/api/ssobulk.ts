/**
 * `/api/v1/ssobulk`: the whole monthly table of Solar System light curves with their sHG1G2 parameters and
 * residuals, as the SSOFT job wrote it beside the SSOFT (data/jobs/ssobulk-writer.ts): the parquet file itself by
 * default, or the table in another format. As the reference (fink-object-api `apps/routes/v1/ztf/ssobulk`), it
 * takes only `output-format`; `version` (YYYY.MM, default the latest built) is ours.
 */
import fs from 'node:fs';
import { Hono } from 'hono';
import { z } from 'zod';
import { builtSsobulkVersions, readSsobulkRows } from '../../data/queries/index.js';
import {
  type EndpointOptions,
  endpointHandler,
  outputFormatChoice,
  withoutEmptyArgs,
} from '../args/index.js';
import { CONTENT_TYPES, respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';

const VERSION = /^\d{4}\.(0[1-9]|1[0-2])$/;

const schema = z.object({
  'output-format': outputFormatChoice.optional().default('parquet').meta({
    description:
      'parquet (default: the file itself), json, csv or votable (the whole table converted: slower and larger)',
  }),
  version: z
    .string()
    .optional()
    .refine((v) => v === undefined || VERSION.test(v.trim()), {
      message: 'version needs to be YYYY.MM (e.g. 2025.01)',
    })
    .meta({ description: 'Table version YYYY.MM; default: the latest built', examples: ['2025.01'] }),
});

/** The ssobulk endpoint's entry in the API index and OpenAPI. */
export const SSOBULK_ENDPOINT: EndpointDoc = {
  path: '/api/v1/ssobulk',
  methods: ['GET', 'POST'],
  summary:
    'Every Solar System light curve of the month with its sHG1G2 parameters and residuals, in one table',
  args: schema,
  contentTypes: ['application/vnd.apache.parquet', 'application/json'],
};

/** The version to read: the one asked (it must be built) or the latest built (the LSST endpoint's too). */
export function chooseSsobulkVersion(built: readonly string[], asked: string | undefined): string {
  if (built.length === 0)
    throw new ApiError(
      404,
      'No SSOBULK table is built yet (the monthly SSOFT job builds it with the SHG1G2 flavour: skyalert ssoft build).',
    );
  const version = asked?.trim() ?? '';
  if (version === '') return built[built.length - 1];
  if (!built.includes(version))
    throw new ApiError(400, `No SSOBULK table for version ${version}; built versions: ${built.join(', ')}.`);
  return version;
}

/** The ssobulk endpoint app, mounted at /api/v1/ssobulk. */
export function ssobulkApp(reader: StoreReader): Hono {
  const app = new Hono();
  const options: EndpointOptions = { prepare: (raw) => withoutEmptyArgs(raw) };
  const handler = endpointHandler(schema, options, async (c, args) => {
    const version = chooseSsobulkVersion(builtSsobulkVersions(reader.layout), args.version);
    const name = `ssobulk_${version}`;
    const format = args['output-format'];
    if (format === 'parquet') {
      const bytes = await fs.promises.readFile(reader.layout.ssobulkFile(version));
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': CONTENT_TYPES.parquet,
        'Content-Disposition': `attachment; filename="${name}.parquet"`,
      });
    }
    const query = (sql: string, params: Parameters<StoreReader['query']>[1]) => reader.query(sql, params);
    const rows = await readSsobulkRows(query, reader.layout, version);
    return respondTable(c, rows, format, name);
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
