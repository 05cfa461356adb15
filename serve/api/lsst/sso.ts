/**
 * LSST `/api/v1/sso`: the Solar System detections of one or several objects, newest first, as Fink's route of
 * that name, resolved offline: a name is a packed (`K01S97B`) or unpacked (`2001 SB97`) primary provisional
 * designation found in the store (any case), or an IAU number or name the alerts' MPC orbit JSON gives (the `sso`
 * table's `v:ssoNumber`, `v:ssoName`). Each row carries `f:sso_name`, the unpacked designation.
 *
 * Reference: fink-object-api apps/routes/v1/lsst/sso/{api,utils}.py; docs/api.md, "LSST API".
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { readSsoDetections, SSO_DESIGNATION_COLUMNS } from '../../../data/queries/lsst/index.js';
import {
  booleanArg,
  columnsArg,
  endpointHandler,
  outputFormatArg,
  parseColumnSelection,
  splitList,
} from '../../args/index.js';
import { respondTable } from '../../encode/index.js';
import { ApiError } from '../../errors.js';
import { float32Columns, lsstColumnCatalogue, lsstFieldLookup, servedColumns } from '../../lsst-fields.js';
import type { LsstStoreReader } from '../../lsst-store-reader.js';
import type { EndpointDoc } from '../../openapi.js';

/** Most names in one request. */
export const MAX_LSST_SSO_NAMES = 100;
/** The name Fink adds to each row (quaero's; here the unpacked designation). */
export const SSO_NAME_FIELD = 'f:sso_name';
const [PACKED, UNPACKED] = SSO_DESIGNATION_COLUMNS;
/** Characters of a designation or name (letters, digits, space, / ( ) ' - . _). */
const SSO_TEXT = /^[\p{L}\p{N} /()'._-]{1,40}$/u;

const schema = z.object({
  n_or_d: z
    .union([z.string(), z.number()], {
      message: 'a value for n_or_d is required (a designation, or a comma list of them)',
    })
    .meta({
      description:
        'Packed (K01S97B) or unpacked (2001 SB97) primary provisional designation, any case, or the IAU number ' +
        `(217301) or name the alerts' MPC orbit carries, or a comma-separated list of up to ${MAX_LSST_SSO_NAMES}`,
      examples: ['K01S97B'],
    }),
  withEphem: booleanArg
    .optional()
    .default(false)
    .meta({ description: 'Ephemerides (Miriade): not served for LSST stores; true is a 400' }),
  withResiduals: booleanArg
    .optional()
    .default(false)
    .meta({ description: 'Phase-curve residuals: not served for LSST stores; true is a 400' }),
  columns: columnsArg,
  'output-format': outputFormatArg,
});

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_SSO_ENDPOINT: EndpointDoc = {
  path: '/api/v1/sso',
  methods: ['GET', 'POST'],
  summary: 'Rubin detections of Solar System objects by designation, newest first, with f:sso_name',
  args: schema,
};

/** The app, mounted at /api/v1/sso on an LSST store. */
export function lsstSsoApp(reader: LsstStoreReader): Hono {
  const app = new Hono();
  const handler = endpointHandler(schema, async (c, args) => {
    if (args.withEphem || args.withResiduals)
      throw new ApiError(
        400,
        'withEphem and withResiduals are not served on LSST stores (no ephemeris service offline): omit them.',
      );
    const names = [...new Set(splitList(String(args.n_or_d)))];
    if (names.length === 0) throw new ApiError(400, 'A value for `n_or_d` is required (a designation).');
    if (names.length > MAX_LSST_SSO_NAMES)
      throw new ApiError(400, `At most ${MAX_LSST_SSO_NAMES} names per request (got ${names.length}).`);
    const bad = names.find((n) => !SSO_TEXT.test(n));
    if (bad !== undefined)
      throw new ApiError(
        400,
        `Invalid name ${JSON.stringify(bad.slice(0, 60))}: use a designation, an IAU number or name.`,
      );
    const table = reader.snapshot().tables.sso;
    const selection = parseColumnSelection(
      args.columns,
      [SSO_NAME_FIELD],
      lsstColumnCatalogue([table], LSST_SSO_ENDPOINT.path),
    );
    const stored = (selection.names ?? servedColumns(table)).filter((n) => n !== SSO_NAME_FIELD);
    const withPacked = stored.includes(PACKED) ? stored : [...stored, PACKED];
    const readNames = table.columns.some((col) => col.name === UNPACKED)
      ? [...new Set([...withPacked, UNPACKED])]
      : withPacked;
    const found = await readSsoDetections(
      (sql, params) => reader.query(sql, params),
      table,
      names,
      readNames,
    );
    const rows = found.map((r) => ({
      ...Object.fromEntries(withPacked.map((n) => [n, r[n] ?? null])),
      [SSO_NAME_FIELD]: r[UNPACKED] ?? r[PACKED] ?? null,
    }));
    return respondTable(c, rows, args['output-format'], `sso_${names[0]}`, {
      columns: [...withPacked, SSO_NAME_FIELD],
      fields: lsstFieldLookup([table]),
      float32Columns: float32Columns([table]),
    });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
