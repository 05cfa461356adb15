/**
 * `/api/v1/ssoft`: the monthly table of fitted phase-curve parameters of known Solar System objects (SSOFT), per
 * flavour and version, whole (parquet file bytes by default) or for one object (json by default), or its schema
 * (docs/references.md#api-ssoft). A request for one object reads one row group, not the table.
 */
import fs from 'node:fs';
import { Hono } from 'hono';
import { z } from 'zod';
import { SSOFT_FLAVOR_ALIASES, SSOFT_FLAVORS, type SsoftFlavor, ssoftColumns } from '../../data/index.js';
import { builtSsoftVersions, readSsoftRows, type SsoftFilter } from '../../data/queries/index.js';
import { booleanArg, endpointHandler, outputFormatChoice } from '../args/index.js';
import { CONTENT_TYPES, respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';

/** The first version of the reference's table; versions before it are refused as the reference does. */
export const FIRST_SSOFT_VERSION = '2023.07';
const VERSION = /^\d{4}\.(0[1-9]|1[0-2])$/;

const schema = z.object({
  flavor: z
    .string()
    .optional()
    .default('SHG1G2')
    .transform((v, ctx) => {
      const asked = v.trim().toUpperCase();
      const f = SSOFT_FLAVORS.find((x) => x === asked) ?? SSOFT_FLAVOR_ALIASES[asked];
      if (f) return f;
      ctx.addIssue({
        code: 'custom',
        message: `choose among ${[...SSOFT_FLAVORS, ...Object.keys(SSOFT_FLAVOR_ALIASES)].join(', ')}`,
      });
      return z.NEVER;
    })
    .meta({
      description:
        'Model: HG, HG1G2, SHG1G2 (sHG1G2, with spin and oblateness) or SOCCA (spin, triaxial shape and sidereal period; alias SSHG1G2)',
      values: [...SSOFT_FLAVORS, ...Object.keys(SSOFT_FLAVOR_ALIASES)],
    }),
  version: z
    .string()
    .optional()
    .refine((v) => v === undefined || VERSION.test(v.trim()), {
      message: 'version needs to be YYYY.MM (e.g. 2025.01)',
    })
    .meta({
      description: `Table version YYYY.MM (from ${FIRST_SSOFT_VERSION}); default: the latest built`,
      examples: ['2025.01'],
    }),
  schema: booleanArg.optional().default(false).meta({
    description: 'Return the columns of the flavour as {column: {type, unit, description}} instead of data',
  }),
  sso_name: z.string().max(64).optional().meta({ description: 'Only the row of this object name (exact)' }),
  sso_number: z
    .union([z.number(), z.string()])
    .optional()
    .meta({ description: 'Only the row of this IAU number', examples: ['8467'] }),
  'output-format': outputFormatChoice.optional().meta({
    description:
      'json, csv, parquet or votable. Default: parquet for the whole table (the file itself), json for one object',
  }),
});

/** The SSOFT endpoint's entry in the API index and OpenAPI (docs/references.md#api-ssoft). */
export const SSOFT_ENDPOINT: EndpointDoc = {
  path: '/api/v1/ssoft',
  methods: ['GET', 'POST'],
  summary:
    'Monthly table of fitted phase-curve parameters of known Solar System objects (SSOFT), or its schema',
  args: schema,
  contentTypes: ['application/vnd.apache.parquet', 'application/json'],
};

/** The object filter of the arguments; a number that is not a positive integer is a 400. */
function objectFilter(name: string | undefined, number: number | string | undefined): SsoftFilter {
  if (number !== undefined && String(number).trim() !== '') {
    const text = String(number).trim();
    if (!/^\d{1,9}$/.test(text) || Number(text) === 0)
      throw new ApiError(
        400,
        `Invalid \`sso_number\` ${JSON.stringify(text.slice(0, 20))}: give an IAU number.`,
      );
    return { sso_number: Number(text) };
  }
  if (name !== undefined && name.trim() !== '') return { sso_name: name.trim() };
  return null;
}

/** The version to read: the one asked (it must be built) or the latest built of the flavour. */
function chooseVersion(built: readonly string[], flavor: SsoftFlavor, asked: string | undefined): string {
  if (built.length === 0)
    throw new ApiError(
      404,
      `No ${flavor} SSOFT table is built yet (the monthly job builds it: skyalert ssoft build).`,
    );
  if (asked === undefined || asked.trim() === '') return built[built.length - 1];
  const version = asked.trim();
  if (version < FIRST_SSOFT_VERSION)
    throw new ApiError(400, `version starts on ${FIRST_SSOFT_VERSION} (got ${version}).`);
  if (!built.includes(version))
    throw new ApiError(
      400,
      `No ${flavor} table for version ${version}; built versions: ${built.join(', ')}.`,
    );
  return version;
}

/** The SSOFT endpoint app, mounted at /api/v1/ssoft. */
export function ssoftApp(reader: StoreReader): Hono {
  const app = new Hono();
  const handler = endpointHandler(schema, async (c, args) => {
    const flavor = args.flavor;
    if (args.schema) {
      const described = Object.fromEntries(
        ssoftColumns(flavor).map((col) => [
          col.name,
          { type: col.type, unit: col.unit, description: col.description },
        ]),
      );
      return c.json(described);
    }
    const filter = objectFilter(args.sso_name, args.sso_number);
    const version = chooseVersion(builtSsoftVersions(reader.layout)[flavor], flavor, args.version);
    const format = args['output-format'] ?? (filter === null ? 'parquet' : 'json');
    const name = `ssoft_${flavor}_${version}`;
    if (filter === null && format === 'parquet') {
      const bytes = await fs.promises.readFile(reader.layout.ssoftFile(flavor, version));
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': CONTENT_TYPES.parquet,
        'Content-Disposition': `attachment; filename="${name}.parquet"`,
      });
    }
    const query = (sql: string, params: Parameters<StoreReader['query']>[1]) => reader.query(sql, params);
    const rows = await readSsoftRows(query, reader.layout, flavor, version, filter);
    return respondTable(c, rows, format, name, { columns: ssoftColumns(flavor).map((col) => col.name) });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
