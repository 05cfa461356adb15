/**
 * `/api/v1/conesearch`: the objects within a cone, nearest first, each with its latest alert and
 * `v:separation_degree`, as Fink's route of that name. The time window (`startdate`, `stopdate`, `window`)
 * applies to the objects' first detection (`i:jdstarthist`), as in Fink. `/api/v1/explorer` (serve/api/explorer.ts)
 * extends these arguments with id and date searches and runs its cone searches through {@link coneSearch}.
 *
 * Reference: fink-object-api apps/routes/v1/ztf/conesearch/{api.py,utils.py} (arguments, required ones, defaults,
 * the columns always added to a selection); docs/references.md#api-explorer.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { encodeJsonFields, FLOAT32_FIELDS } from '../../data/index.js';
import { findConeHits, type JdWindow, type TimeField } from '../../data/queries/index.js';
import { readReferencedAlertsInOrder, readReferencedAlertTextsInOrder } from '../alert-ref-reads.js';
import { ALERT_V_FIELDS, answerColumns, toApiAlertRows } from '../alert-rows.js';
import { alertTextsJson } from '../alert-texts.js';
import {
  type ArgsSchema,
  countArg,
  DEFAULT_START_JD,
  dateArg,
  decArg,
  endpointHandler,
  MAX_DATE_JD,
  MAX_RADIUS_ARCSEC,
  nowJd,
  outputFormatArg,
  parseColumnSelection,
  positiveDaysArg,
  raArg,
  radiusArg,
  rejectUnknownArgs,
  splitList,
  withoutEmptyArgs,
} from '../args/index.js';
import { respondJsonBytes, respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';

/** Default and largest `n` (rows: objects); Fink's default is 1000. */
export const DEFAULT_CONE_N = 1000;
export const MAX_CONE_N = 10_000;

const SEPARATION_FIELD = 'v:separation_degree';
const CONE_V_FIELDS = [...ALERT_V_FIELDS, SEPARATION_FIELD];
/** Fields every cone answer with a `columns` selection carries, as Fink adds them. */
export const CONE_ALWAYS_FIELDS: readonly string[] = ['i:ra', 'i:dec', SEPARATION_FIELD];
const CONE_ARGS = ['ra', 'dec', 'radius'] as const;

/** The cone's arguments: required in /conesearch, optional (group 1) in /explorer. */
export const CONE_SHAPE = {
  ra: raArg.meta({
    description:
      'Right ascension, decimal degrees (193.822) or sexagesimal hours (12h55m17.2s, 12:55:17.2, 12 55 17.2) ' +
      'or degrees (193d49m18.3s)',
    examples: ['193.822'],
  }),
  dec: decArg.meta({
    description:
      'Declination, decimal degrees (2.897) or sexagesimal degrees (+02 53 50.35, 02:53:50.35, 2d53m50.35s)',
    examples: ['2.897'],
  }),
  radius: radiusArg.meta({
    description: `Cone radius in arcseconds, at most ${MAX_RADIUS_ARCSEC.toLocaleString('en-US')} (5 degrees)`,
    examples: ['5'],
  }),
};

/** The time window, count and output arguments shared by /conesearch and /explorer. */
export const WINDOW_SHAPE = {
  startdate: dateArg.optional().meta({
    description:
      'Start of the time window: ISO UTC (2021-11-03 10:00:00), JD or MJD (numbers ≥ 2,400,000 are JD). ' +
      'Default 2019-11-01 00:00:00. A cone search without any date has no time condition; with dates it ' +
      'returns the objects first detected in the window (i:jdstarthist), as Fink.',
    examples: ['2021-11-03 10:00:00'],
  }),
  stopdate: dateArg.optional().meta({
    description: 'End of the time window (ISO UTC, JD or MJD). Default: startdate + window, else now.',
  }),
  window: positiveDaysArg.optional().meta({
    description:
      'Length of the time window in days, counted from startdate (needs startdate; not with stopdate)',
    examples: ['1'],
  }),
  n: countArg(MAX_CONE_N)
    .optional()
    .default(DEFAULT_CONE_N)
    .meta({
      description: `Most objects returned (the nearest), at most ${MAX_CONE_N.toLocaleString('en-US')}`,
    }),
  columns: z
    .string()
    .optional()
    .meta({
      description:
        'Comma-separated field names (unknown names ignored; * = all); i:ra, i:dec and v:separation_degree are ' +
        'always added, as Fink does; other v: fields only when named',
    }),
  'output-format': outputFormatArg,
};

const schema = z.object({ ...CONE_SHAPE, ...WINDOW_SHAPE });

/** The conesearch endpoint's entry in the API index and OpenAPI. */
export const CONESEARCH_ENDPOINT: EndpointDoc = {
  path: '/api/v1/conesearch',
  methods: ['GET', 'POST'],
  summary: 'Objects within a cone, nearest first, with their latest alert and separation',
  args: schema,
};

/** The window arguments as parsed. */
export type WindowArgs = Pick<
  z.infer<typeof schema>,
  'startdate' | 'stopdate' | 'window' | 'n' | 'columns' | 'output-format'
>;
/** A parsed cone search. */
export type ConeArgs = WindowArgs & { readonly ra: number; readonly dec: number; readonly radius: number };

/**
 * The time window of the arguments; null when no time argument is given and `defaultDays` is null.
 *
 * @throws ApiError 400 for `window` without `startdate`, `window` with `stopdate`, or a window ending before it
 *   starts or after year 9999.
 */
export function timeWindow(args: WindowArgs, defaultDays: number | null): JdWindow | null {
  const { startdate, stopdate, window } = args;
  if (window !== undefined && startdate === undefined)
    throw new ApiError(400, '`window` counts days from `startdate`: give a startdate too (or use stopdate).');
  if (window !== undefined && stopdate !== undefined)
    throw new ApiError(400, 'Give either `stopdate` or `window`, not both.');
  if (startdate === undefined && stopdate === undefined && defaultDays === null) return null;
  const startJd = startdate ?? DEFAULT_START_JD;
  const days = window ?? (stopdate === undefined ? defaultDays : null);
  const stopJd = stopdate ?? (days !== null ? startJd + days : nowJd());
  if (stopJd < startJd) throw new ApiError(400, '`stopdate` (default: now) is before `startdate`.');
  if (stopJd > MAX_DATE_JD) {
    throw new ApiError(
      400,
      `\`window\` is too long: the window must end before JD ${MAX_DATE_JD} (year 9999).`,
    );
  }
  return { startJd, stopJd };
}

/**
 * 400 unless every cone argument is given (Fink's `A value for ... is required`).
 *
 * @param context what the arguments are for, appended to the message.
 */
export function requireCone(args: Record<string, unknown>, context: string): void {
  const missing = CONE_ARGS.find((k) => args[k] === undefined);
  if (missing) throw new ApiError(400, `A value for \`${missing}\` is required${context}.`);
}

/**
 * The given arguments of a cone search without the empty ones, before validation: an unknown name refused first,
 * then a missing cone argument named as Fink names it.
 */
export function givenCone(schema: ArgsSchema, raw: Record<string, unknown>): Record<string, unknown> {
  const given = withoutEmptyArgs(raw);
  rejectUnknownArgs(schema, given);
  requireCone(given, ' (a cone search takes ra, dec and radius)');
  return given;
}

/**
 * What a search answers: rows (with the name of the download and the columns of an empty answer), or a JSON
 * answer already written from prepared texts.
 */
export type SearchAnswer =
  | {
      readonly rows: Record<string, unknown>[];
      readonly name: string;
      readonly columns: string[];
    }
  | { readonly prepared: Buffer };

/** A `columns` text with the fields a cone answer always carries added (unchanged when empty or `*`). */
function withConeFields(text: string | undefined): string | undefined {
  const asked = splitList(text ?? '');
  if (asked.length === 0 || asked.includes('*')) return text;
  return [...asked, ...CONE_ALWAYS_FIELDS.filter((f) => !asked.includes(f))].join(',');
}

/**
 * The objects within the cone, nearest first, each with its latest alert (in the window when one applies).
 *
 * @param timeField what the window applies to (`first`: i:jdstarthist, Fink's; `any`: i:jd).
 */
export async function coneSearch(
  reader: StoreReader,
  args: ConeArgs,
  timeField: TimeField,
): Promise<SearchAnswer> {
  const selection = parseColumnSelection(withConeFields(args.columns), CONE_V_FIELDS);
  const hits = findConeHits(
    reader.layout,
    reader.current(),
    {
      raDeg: args.ra,
      decDeg: args.dec,
      radiusDeg: args.radius,
      window: timeWindow(args, null),
      timeField,
      limit: args.n,
    },
    reader.skyBlocks(),
  );
  const separation = new Map(hits.map((h) => [h.candid, h.separationDeg]));
  if (args['output-format'] === 'json' && selection.names === null) {
    const texts = await readReferencedAlertTextsInOrder(reader, hits);
    const extra = texts.map((t) =>
      encodeJsonFields({ [SEPARATION_FIELD]: separation.get(t.candid) ?? null }, FLOAT32_FIELDS),
    );
    return {
      prepared: alertTextsJson(
        texts.map((t) => t.json),
        extra,
      ),
    };
  }
  const stored = await readReferencedAlertsInOrder(reader, hits, selection.stored);
  const rows = toApiAlertRows(stored, {
    selection,
    colour: false,
    extra: (s) => ({ [SEPARATION_FIELD]: separation.get(s.i_candid as bigint) ?? null }),
  });
  return { rows, name: 'conesearch', columns: answerColumns(selection, CONE_V_FIELDS) };
}

/** The conesearch endpoint app, mounted at /api/v1/conesearch. */
export function conesearchApp(reader: StoreReader): Hono {
  const app = new Hono();
  const handler = endpointHandler(schema, { prepare: (raw) => givenCone(schema, raw) }, async (c, args) => {
    const answer = await coneSearch(reader, args, 'first');
    if ('prepared' in answer) return respondJsonBytes(c, answer.prepared);
    return respondTable(c, answer.rows, args['output-format'], answer.name, { columns: answer.columns });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
