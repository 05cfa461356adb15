/**
 * `/api/v1/ssocand`: Solar System candidates linked by fink-fat: their orbital elements (`kind=orbParams`) or
 * their detections (`kind=lightcurves`, in a time window), for every trajectory or one `ssoCandId`. Rows carry
 * `key:key` (the reference's row key: `cand_<id>`, `<jd>_<id>`) then the `d:` columns of the candidate catalogue.
 * The data are loaded by `skyalert ssocand load`, apart from alert publication: the endpoint answers before any
 * night is published, and answers `[]` until candidates are loaded.
 *
 * Reference: docs/references.md#api-ssocand; docs/references.md#ssocand-columns, #ssocand-id; docs/api.md (`/api/v1/ssocand`).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { isSsoCandId } from '../../compute/sso/index.js';
import {
  findSsoCandField,
  SSOCAND_COLUMNS,
  SSOCAND_JD_UTC_FIELDS,
  SSOCAND_KINDS,
  type SsoCandKind,
} from '../../data/index.js';
import { readSsoCand } from '../../data/queries/index.js';
import {
  countArg,
  DEFAULT_START_DATE,
  dateArg,
  endpointHandler,
  nowJd,
  outputFormatArg,
  withoutEmptyArgs,
} from '../args/index.js';
import type { FieldLookup } from '../encode/index.js';
import { respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';

/** Rows of an answer when `maxnumber` is not given (the reference's default scan limit). */
export const DEFAULT_SSOCAND_ROWS = 10_000;
/** Largest `maxnumber`: bigger requests are rejected, never cut (the API is not for bulk downloads). */
export const MAX_SSOCAND_ROWS = 100_000;
/** The row key column, as the reference names it. */
export const SSOCAND_KEY_COLUMN = 'key:key';

const ID_FORM = 'FF + YYYYMMDD + 7 lowercase letters, e.g. FF20230725aaaacgw';

const schema = z.object({
  kind: z
    .enum(SSOCAND_KINDS, {
      message: `required: ${SSOCAND_KINDS.join(' or ')} (case matters)`,
    })
    .meta({
      description: 'orbParams (orbital elements of the candidates) or lightcurves (their linked detections)',
      examples: ['orbParams'],
    }),
  ssoCandId: z
    .union([z.string(), z.number()], { message: `expected ${ID_FORM}` })
    .transform((v, ctx) => {
      const text = String(v).trim();
      if (isSsoCandId(text)) return text;
      ctx.addIssue({
        code: 'custom',
        message: `${JSON.stringify(String(v).slice(0, 40))} is not ${ID_FORM}`,
      });
      return z.NEVER;
    })
    .optional()
    .meta({
      description:
        'One trajectory: FF + YYYYMMDD + 7 lowercase letters (FF20230725aaaacgw; early runs: FF + YYYY + 7 ' +
        'letters), matched exactly. Absent: every trajectory',
      examples: ['FF20200505aaaaaaa'],
    }),
  start_date: dateArg.prefault(DEFAULT_START_DATE).meta({
    description:
      'lightcurves only: first detection time, UTC, included: YYYY-MM-DD (00:00), YYYY-MM-DD hh:mm:ss, a JD or ' +
      'an MJD',
    examples: ['2020-05-04'],
  }),
  stop_date: dateArg.optional().meta({
    description:
      'lightcurves only: end of the window, UTC, excluded (YYYY-MM-DD means 00:00 of that day); default now',
    examples: ['2020-05-10'],
  }),
  maxnumber: countArg(MAX_SSOCAND_ROWS)
    .optional()
    .default(DEFAULT_SSOCAND_ROWS)
    .meta({
      description: `Most rows returned (1 to ${MAX_SSOCAND_ROWS.toLocaleString('en-US')}): the first ones by ssoCandId (orbParams) or jd (lightcurves)`,
    }),
  'output-format': outputFormatArg,
});

/** The ssocand endpoint's entry in the API index and OpenAPI (docs/references.md#api-ssocand). */
export const SSOCAND_ENDPOINT: EndpointDoc = {
  path: '/api/v1/ssocand',
  methods: ['GET', 'POST'],
  summary: 'Solar System candidates linked by fink-fat: orbital elements or detections of each trajectory',
  args: schema,
};

/** The candidate catalogue as the encoders read it. */
const SSOCAND_FIELDS: FieldLookup = {
  find: findSsoCandField,
  isJdUtc: (name) => SSOCAND_JD_UTC_FIELDS.has(name),
};

/**
 * API rows from stored rows: `key:key` as the reference builds it, then `d:<storage name>` for each catalogue
 * column of the kind, in catalogue order.
 */
export function toApiSsoCandRows(
  kind: SsoCandKind,
  stored: readonly Record<string, unknown>[],
): Record<string, unknown>[] {
  const columns = SSOCAND_COLUMNS[kind];
  return stored.map((row) => {
    const key =
      kind === 'orbParams' ? `cand_${String(row.ssoCandId)}` : `${String(row.jd)}_${String(row.ssoCandId)}`;
    const out: Record<string, unknown> = { [SSOCAND_KEY_COLUMN]: key };
    for (const c of columns) out[c.name] = row[c.storage];
    return out;
  });
}

/** The ssocand endpoint app, mounted at /api/v1/ssocand. */
export function ssocandApp(reader: StoreReader): Hono {
  const app = new Hono();
  const handler = endpointHandler(schema, { prepare: (raw) => withoutEmptyArgs(raw) }, async (c, args) => {
    const startJd = args.start_date;
    const stopJd = args.stop_date ?? nowJd();
    if (args.kind === 'lightcurves' && stopJd < startJd) {
      throw new ApiError(
        400,
        'Invalid value for `stop_date`: it is before `start_date`; give a stop_date after the start_date ' +
          '(default start 2019-11-01).',
      );
    }
    const ssoCandId = args.ssoCandId ?? null;
    const stored = await readSsoCand((sql, params) => reader.query(sql, params), reader.layout, {
      kind: args.kind,
      ssoCandId,
      startJd,
      stopJd,
      limit: args.maxnumber,
    });
    const columns = [SSOCAND_KEY_COLUMN, ...SSOCAND_COLUMNS[args.kind].map((col) => col.name)];
    const name = `ssocand_${args.kind}${ssoCandId ? `_${ssoCandId}` : ''}`;
    return respondTable(c, toApiSsoCandRows(args.kind, stored), args['output-format'], name, {
      columns,
      fields: SSOCAND_FIELDS,
    });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
