/**
 * `/api/v1/latests`: the latest alerts of a class within a time window, most recent first (docs/references.md#api-latests).
 * As the reference, `n` counts alerts, so one object may appear several times; `distinct=true` returns the
 * latest alert of `n` distinct objects instead. `(TNS) <type>` finds the alerts whose `d:tns` is that type; the
 * classes Fink selects by value (`SLSN candidate`, the CTA blazar states) answer one alert per object, as Fink's
 * tables of them do. `trend` then keeps the alerts that follow it (compute/classify/trends.ts). JSON answers in
 * full mode are kept per catalog version for the requests that come again (serve/answer-cache.ts).
 *
 * Reference: fink-object-api apps/routes/v1/ztf/latests/{api.py,utils.py} @ 17051ca.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { BLAZAR_LOW_STATE_TRENDS, followsTrend, TRENDS, type Trend } from '../../compute/classify/index.js';
import { ALL_CLASSES, parseClassArgument, TNS_PREFIX, UNKNOWN_CLASS } from '../../data/index.js';
import { type AlertRef, findLatestAlerts, type LatestsClass } from '../../data/queries/index.js';
import { readReferencedAlertsInOrder } from '../alert-ref-reads.js';
import { ALERT_V_FIELDS, answerColumns, COLOUR_V_FIELDS, toApiAlertRows } from '../alert-rows.js';
import { referencedAlertsJson } from '../alert-texts.js';
import { AnswerCache } from '../answer-cache.js';
import {
  booleanArg,
  columnsArg,
  countArg,
  DEFAULT_START_JD,
  dateArg,
  type EndpointOptions,
  endpointHandler,
  nowJd,
  outputFormatArg,
  parseColumnSelection,
  withoutEmptyArgs,
} from '../args/index.js';
import { respondJsonBytes, respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';

/** Default and largest `n`. The reference documents 1000 but does not enforce it. */
export const DEFAULT_LATESTS_N = 10;
export const MAX_LATESTS_N = 10_000;

/** `color`: a boolean, or present without a value (`?color`), which the reference's clients send. */
const colorArg = z.union([z.literal(''), booleanArg]).transform((v) => v === '' || v === true);

const schema = z.object({
  class: z.string({ message: 'a value for class is required (see /api/v1/classes)' }).meta({
    description:
      'A Fink class (e.g. Early SN Ia candidate, SLSN candidate, (CTA) Blazar low state), a SIMBAD type as ' +
      '`(SIMBAD) QSO` or `QSO`, `(TNS) <type>` (alerts whose d:tns is that type), `Unknown`, or `allclasses`. ' +
      'See /api/v1/classes.',
    examples: ['Early SN Ia candidate'],
  }),
  trend: z
    .enum(TRENDS, { message: `trend must be among: ${TRENDS.join(', ')}` })
    .optional()
    .meta({
      description:
        'Keep the alerts found that follow a trend: rising (d:mag_rate < 0), fading (d:mag_rate > 0); for ' +
        'class=(CTA) Blazar low state also low_state (all of them) and new_low_state (d:blazar_stats_m0 >= 1, or ' +
        'd:blazar_stats_instantness_low >= 1). Applied to the n alerts found, so fewer may remain (as Fink).',
      examples: ['rising'],
    }),
  n: countArg(MAX_LATESTS_N)
    .optional()
    .default(DEFAULT_LATESTS_N)
    .meta({
      description: `Number of alerts (objects with distinct=true), at most ${MAX_LATESTS_N.toLocaleString('en-US')}`,
    }),
  startdate: dateArg.optional().meta({
    description: 'Earliest alert time (i:jd): ISO UTC, JD or MJD. Default 2019-11-01 00:00:00.',
    examples: ['2021-11-01'],
  }),
  stopdate: dateArg.optional().meta({
    description: 'Latest alert time (i:jd): ISO UTC, JD or MJD. Default: now.',
    examples: ['2021-12-01'],
  }),
  distinct: booleanArg
    .optional()
    .default(false)
    .meta({
      description:
        'true: one row per object (its latest alert of the class), n objects; always so for SLSN candidate and ' +
        'the (CTA) Blazar classes (as Fink)',
    }),
  color: colorArg
    .optional()
    .default(false)
    .meta({
      description:
        'true (or present with no value): add the colour and rate fields v:g-r, v:rate, ..., computed per object ' +
        'over the returned alerts',
    }),
  columns: columnsArg,
  'output-format': outputFormatArg,
});

/** The latests endpoint's entry in the API index and OpenAPI (docs/references.md#api-latests). */
export const LATESTS_ENDPOINT: EndpointDoc = {
  path: '/api/v1/latests',
  methods: ['GET', 'POST'],
  summary: 'Latest alerts of a class, most recent first',
  args: schema,
};

/**
 * The lookup of a `class` argument.
 *
 * @throws ApiError 400 when the text names no known class.
 */
export function latestsClass(text: string): LatestsClass {
  const parsed = parseClassArgument(text);
  if (parsed === null) {
    throw new ApiError(
      400,
      `Unknown class ${JSON.stringify(text.slice(0, 80))}: use a Fink class, a SIMBAD type (\`(SIMBAD) QSO\` or ` +
        `\`QSO\`), \`${TNS_PREFIX}<type>\`, \`${UNKNOWN_CLASS}\` or \`${ALL_CLASSES}\`; /api/v1/classes lists them.`,
    );
  }
  if (parsed.kind === 'tns') return { kind: 'tns', type: parsed.label };
  if (parsed.kind === 'selection') return { kind: 'selection', label: parsed.label };
  if (parsed.kind === 'all') return { kind: 'all' };
  return { kind: 'label', label: parsed.label };
}

/** Columns the trends read (compute/classify/trends.ts). */
const TREND_COLUMNS = ['d_mag_rate', 'd_blazar_stats_m0', 'd_blazar_stats_instantness_low'];

const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && !Number.isNaN(v) ? v : null);

/** The references of the alerts that follow `trend`, in their order. */
async function followingTrend(reader: StoreReader, refs: AlertRef[], trend: Trend): Promise<AlertRef[]> {
  if (refs.length === 0) return refs;
  const rows = await readReferencedAlertsInOrder(reader, refs, TREND_COLUMNS);
  const kept = new Set(
    rows
      .filter((r) =>
        followsTrend(trend, {
          magRateMagPerDay: numberOrNull(r.d_mag_rate),
          blazarM0: numberOrNull(r.d_blazar_stats_m0),
          blazarInstantnessLow: numberOrNull(r.d_blazar_stats_instantness_low),
        }),
      )
      .map((r) => r.i_candid as bigint),
  );
  return refs.filter((r) => kept.has(r.candid));
}

/** The latests endpoint app, mounted at /api/v1/latests. */
export function latestsApp(reader: StoreReader): Hono {
  const app = new Hono();
  // the JSON answers in full mode, by catalog version and arguments
  const answers = new AnswerCache();
  const options: EndpointOptions = { prepare: (raw) => withoutEmptyArgs(raw, ['color']) };
  const handler = endpointHandler(schema, options, async (c, args) => {
    const cls = latestsClass(args.class);
    if (
      args.trend !== undefined &&
      BLAZAR_LOW_STATE_TRENDS.includes(args.trend) &&
      !(cls.kind === 'selection' && cls.label === '(CTA) Blazar low state')
    ) {
      throw new ApiError(
        400,
        `trend ${args.trend} is only implemented for the class \`(CTA) Blazar low state\`; other classes accept ` +
          'the trends rising and fading.',
      );
    }
    const vFields = args.color ? [...ALERT_V_FIELDS, ...COLOUR_V_FIELDS] : ALERT_V_FIELDS;
    const selection = parseColumnSelection(args.columns, vFields);
    const startJd = args.startdate ?? DEFAULT_START_JD;
    const stopJd = args.stopdate ?? nowJd();
    if (stopJd < startJd) throw new ApiError(400, '`stopdate` (default: now) is before `startdate`.');
    const query = (sql: string, params: Parameters<StoreReader['query']>[1]) => reader.query(sql, params);
    // Fink keeps one alert per object of the classes it selects by value (its tables of them are grouped)
    const distinct = args.distinct || cls.kind === 'selection';
    const catalog = reader.current();
    const prepared = args['output-format'] === 'json' && selection.names === null && !args.color;
    // published alerts are all in the past: with no stopdate, "now" gives the same answer on one catalog version
    const key = JSON.stringify([cls, args.trend, args.n, startJd, args.stopdate ?? 'now', distinct]);
    const find = async () => {
      const found = await findLatestAlerts(
        query,
        reader.layout,
        catalog,
        cls,
        { startJd, stopJd },
        args.n,
        distinct,
      );
      return args.trend === undefined ? found : await followingTrend(reader, found, args.trend);
    };
    if (prepared) {
      const body = await answers.answer(catalog.version, key, async () =>
        referencedAlertsJson(reader, await find()),
      );
      return respondJsonBytes(c, body);
    }
    const refs = await find();
    const stored = await readReferencedAlertsInOrder(reader, refs, selection.stored);
    const rows = toApiAlertRows(stored, { selection, colour: args.color });
    return respondTable(c, rows, args['output-format'], 'latests', {
      columns: answerColumns(selection, vFields),
    });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
