/**
 * `/api/v1/ssoft`: the monthly table of fitted phase-curve parameters of known Solar System objects (SSOFT), per
 * flavour and version, whole (parquet file bytes by default) or for one object (json by default), or its schema
 * (docs/references.md#api-ssoft). A request for one object reads one row group, not the table. One endpoint for
 * both surveys, through a small description (`SsoftSurvey`): an LSST store's table has Rubin's bands, the
 * flavours HG (default) and HG1G2, and names its objects by `designation` (docs/api.md, "LSST API").
 */
import fs from 'node:fs';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  LSST_SSOFT_FLAVORS,
  SSOFT_FLAVOR_ALIASES,
  SSOFT_FLAVORS,
  type SsoftFlavor,
  type StoreLayout,
  type Survey,
  ssoftColumns,
} from '../../data/index.js';
import { builtSsoftVersions, readSsoftRows, type SsoftFilter } from '../../data/queries/index.js';
import { booleanArg, endpointHandler, outputFormatChoice } from '../args/index.js';
import { CONTENT_TYPES, respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';

/** The first version of the reference's table; versions before it are refused as the reference does. */
export const FIRST_SSOFT_VERSION = '2023.07';
const VERSION = /^\d{4}\.(0[1-9]|1[0-2])$/;

/** What differs between the surveys' tables, for this endpoint. */
export interface SsoftSurvey {
  readonly survey: Survey;
  /** Flavours served, and the one served when none is asked. */
  readonly flavors: readonly SsoftFlavor[];
  readonly defaultFlavor: SsoftFlavor;
  /** Other names of flavours. */
  readonly aliases: Readonly<Record<string, SsoftFlavor>>;
  readonly flavorDescription: string;
  /** Versions before this one are refused (null: any built version). */
  readonly firstVersion: string | null;
  readonly nameDescription: string;
  readonly summary: string;
}

/** ZTF stores: Fink's ZTF table (sHG1G2 by default). */
export const ZTF_SSOFT: SsoftSurvey = {
  survey: 'ztf',
  flavors: SSOFT_FLAVORS,
  defaultFlavor: 'SHG1G2',
  aliases: SSOFT_FLAVOR_ALIASES,
  flavorDescription:
    'Model: HG, HG1G2, SHG1G2 (sHG1G2, with spin and oblateness) or SOCCA (spin, triaxial shape and sidereal period; alias SSHG1G2)',
  firstVersion: FIRST_SSOFT_VERSION,
  nameDescription: 'Only the row of this object name (exact)',
  summary:
    'Monthly table of fitted phase-curve parameters of known Solar System objects (SSOFT), or its schema',
};

/** LSST stores: Fink's Rubin table (HG by default, HG1G2; bands u … y; objects by designation). */
export const LSST_SSOFT: SsoftSurvey = {
  survey: 'lsst',
  flavors: LSST_SSOFT_FLAVORS,
  defaultFlavor: 'HG',
  aliases: {},
  flavorDescription:
    "Model: HG (default) or HG1G2, fitted per Rubin band (u g r i z y); Rubin's phase coverage seldom constrains HG1G2",
  firstVersion: null,
  nameDescription:
    'Only the row of this object: its name or its designation (unpacked provisional, e.g. 2001 SB97), exact',
  summary:
    'Monthly table of fitted phase-curve parameters of the Solar System objects Rubin detected (SSOFT), or its schema',
};

/** The argument schema of the endpoint for one survey. */
function argsSchema(s: SsoftSurvey) {
  const names = [...s.flavors, ...Object.keys(s.aliases)];
  return z.object({
    flavor: z
      .string()
      .optional()
      .default(s.defaultFlavor)
      .transform((v, ctx) => {
        const asked = v.trim().toUpperCase();
        const f = s.flavors.find((x) => x === asked) ?? s.aliases[asked];
        if (f) return f;
        ctx.addIssue({ code: 'custom', message: `choose among ${names.join(', ')}` });
        return z.NEVER;
      })
      .meta({ description: s.flavorDescription, values: names }),
    version: z
      .string()
      .optional()
      .refine((v) => v === undefined || VERSION.test(v.trim()), {
        message: 'version needs to be YYYY.MM (e.g. 2025.01)',
      })
      .meta({
        description: `Table version YYYY.MM${s.firstVersion ? ` (from ${s.firstVersion})` : ''}; default: the latest built`,
        examples: ['2025.01'],
      }),
    schema: booleanArg.optional().default(false).meta({
      description: 'Return the columns of the flavour as {column: {type, unit, description}} instead of data',
    }),
    sso_name: z.string().max(64).optional().meta({ description: s.nameDescription }),
    sso_number: z
      .union([z.number(), z.string()])
      .optional()
      .meta({ description: 'Only the row of this IAU number', examples: ['8467'] }),
    'output-format': outputFormatChoice.optional().meta({
      description:
        'json, csv, parquet or votable. Default: parquet for the whole table (the file itself), json for one object',
    }),
  });
}

/** The endpoint's entry in the API index and OpenAPI for one survey. */
export function ssoftEndpoint(s: SsoftSurvey): EndpointDoc {
  return {
    path: '/api/v1/ssoft',
    methods: ['GET', 'POST'],
    summary: s.summary,
    args: argsSchema(s),
    contentTypes: ['application/vnd.apache.parquet', 'application/json'],
  };
}

/** The SSOFT endpoint's entry in the API index and OpenAPI (docs/references.md#api-ssoft). */
export const SSOFT_ENDPOINT: EndpointDoc = ssoftEndpoint(ZTF_SSOFT);

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
function chooseVersion(
  built: readonly string[],
  flavor: SsoftFlavor,
  asked: string | undefined,
  firstVersion: string | null,
): string {
  if (built.length === 0)
    throw new ApiError(
      404,
      `No ${flavor} SSOFT table is built yet (the monthly job builds it: skyalert ssoft build).`,
    );
  if (asked === undefined || asked.trim() === '') return built[built.length - 1];
  const version = asked.trim();
  if (firstVersion !== null && version < firstVersion)
    throw new ApiError(400, `version starts on ${firstVersion} (got ${version}).`);
  if (!built.includes(version))
    throw new ApiError(
      400,
      `No ${flavor} table for version ${version}; built versions: ${built.join(', ')}.`,
    );
  return version;
}

/** What the endpoint reads: the store's files and its query engine (a ZTF or an LSST reader). */
export interface SsoftStore {
  readonly layout: StoreLayout;
  query: StoreReader['query'];
}

/** The SSOFT endpoint app of a ZTF store, mounted at /api/v1/ssoft. */
export function ssoftApp(reader: StoreReader): Hono {
  return ssoftAppFor(reader, ZTF_SSOFT);
}

/** The SSOFT endpoint app of a store of the described survey, mounted at /api/v1/ssoft. */
export function ssoftAppFor(reader: SsoftStore, s: SsoftSurvey): Hono {
  const app = new Hono();
  const schema = argsSchema(s);
  const handler = endpointHandler(schema, async (c, args) => {
    const flavor = args.flavor;
    if (args.schema) {
      const described = Object.fromEntries(
        ssoftColumns(flavor, s.survey).map((col) => [
          col.name,
          { type: col.type, unit: col.unit, description: col.description },
        ]),
      );
      return c.json(described);
    }
    const filter = objectFilter(args.sso_name, args.sso_number);
    const version = chooseVersion(
      builtSsoftVersions(reader.layout)[flavor],
      flavor,
      args.version,
      s.firstVersion,
    );
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
    const columns = ssoftColumns(flavor, s.survey).map((col) => col.name);
    // LSST: a name is matched on the designation too (an object without a name is listed under it)
    const alsoDesignation = s.survey === 'lsst';
    const rows = await readSsoftRows(query, reader.layout, flavor, version, filter, alsoDesignation);
    return respondTable(c, rows, format, name, { columns });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
