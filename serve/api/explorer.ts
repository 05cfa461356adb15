/**
 * `/api/v1/explorer`: three searches, chosen by the arguments given (docs/references.md#api-explorer). Group 0 (`objectId`): the
 * latest alert of each object. Group 1 (`ra`, `dec`, `radius`): the objects within a cone, nearest first, with
 * `v:separation_degree`. No group: a date search. The time window (`startdate`, `stopdate`, `window`) applies to
 * the field `time_field` names: `first` (the object's first detection, `i:jdstarthist`) or `any` (the alert time,
 * `i:jd`); by default `first` for a cone search and `any` for a date search, as the reference.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { encodeJsonFields, FLOAT32_FIELDS } from '../../data/index.js';
import {
  findConeHits,
  findDateHits,
  type JdWindow,
  readLatestOfObjects,
  type TimeField,
} from '../../data/queries/index.js';
import {
  readReferencedAlerts,
  readReferencedAlertsInOrder,
  readReferencedAlertTextsInOrder,
} from '../alert-ref-reads.js';
import { ALERT_V_FIELDS, answerColumns, toApiAlertRows } from '../alert-rows.js';
import { alertTextsJson } from '../alert-texts.js';
import {
  argListing,
  countArg,
  DEFAULT_START_JD,
  dateArg,
  decArg,
  MAX_DATE_JD,
  MAX_RADIUS_ARCSEC,
  nowJd,
  objectIdList,
  outputFormatArg,
  parseArgs,
  parseColumnSelection,
  positiveDaysArg,
  raArg,
  radiusArg,
  rawArgs,
  withoutEmptyArgs,
} from '../args/index.js';
import { respondJsonBytes, respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';

/** Default and largest `n` (rows: objects). */
export const DEFAULT_EXPLORER_N = 1000;
export const MAX_EXPLORER_N = 10_000;
/** Longest date-search window (days). The reference silently cuts windows to 3 hours; we reject longer ones. */
export const MAX_DATE_WINDOW_DAYS = 1;
/** Date-search window when neither `stopdate` nor `window` is given: 3 hours, as the reference. */
export const DEFAULT_DATE_WINDOW_DAYS = 0.125;
/** Most object ids (or prefixes) in one request. */
export const MAX_EXPLORER_IDS = 1000;

const SEPARATION_FIELD = 'v:separation_degree';
const CONE_V_FIELDS = [...ALERT_V_FIELDS, SEPARATION_FIELD];
const TIME_FIELDS = ['first', 'any'] as const;

const schema = z.object({
  objectId: z
    .string()
    .optional()
    .meta({
      description:
        'Group 0: ZTF object id, comma list of ids, or id prefix. Returns the latest alert of each object ' +
        '(time arguments are ignored). Cannot be combined with ra/dec/radius.',
      examples: ['ZTF19acihgng'],
    }),
  ra: raArg.optional().meta({
    description:
      'Group 1 (cone search, with dec and radius): right ascension, decimal degrees (193.822) or sexagesimal ' +
      'hours (12h55m17.2s, 12:55:17.2, 12 55 17.2) or degrees (193d49m18.3s)',
    examples: ['193.822'],
  }),
  dec: decArg.optional().meta({
    description:
      'Group 1: declination, decimal degrees (2.897) or sexagesimal degrees (+02 53 50.35, 02:53:50.35, 2d53m50.35s)',
    examples: ['2.897'],
  }),
  radius: radiusArg.optional().meta({
    description: `Group 1: cone radius in arcseconds, at most ${MAX_RADIUS_ARCSEC.toLocaleString('en-US')} (5 degrees)`,
    examples: ['5'],
  }),
  startdate: dateArg.optional().meta({
    description:
      'Start of the time window: ISO UTC (2021-11-03 10:00:00), JD or MJD (numbers ≥ 2,400,000 are JD). ' +
      'Default 2019-11-01 00:00:00. A cone search without any date has no time condition.',
    examples: ['2021-11-03 10:00:00'],
  }),
  stopdate: dateArg.optional().meta({
    description: 'End of the time window (ISO UTC, JD or MJD). Default: startdate + window, else now.',
  }),
  window: positiveDaysArg.optional().meta({
    description:
      `Length of the time window in days, counted from startdate (needs startdate; not with stopdate). ` +
      `A date search covers at most ${MAX_DATE_WINDOW_DAYS} day (rejected beyond, not cut) and 3 hours by default.`,
    examples: ['1'],
  }),
  time_field: z
    .enum(TIME_FIELDS, { message: 'expected first or any' })
    .optional()
    .meta({
      description:
        'What the time window applies to: `first` = objects whose first detection (i:jdstarthist) falls in it; ' +
        '`any` = alerts emitted in it (i:jd). Default: first for a cone search, any for a date search (the ' +
        "reference's behaviours).",
      examples: ['any'],
    }),
  n: countArg(MAX_EXPLORER_N)
    .optional()
    .default(DEFAULT_EXPLORER_N)
    .meta({
      description: `Most objects returned (cone: the nearest; date: the most recent), at most ${MAX_EXPLORER_N}`,
    }),
  columns: z.string().optional().meta({
    description:
      'Comma-separated field names (unknown names ignored); v: fields are then only those named, e.g. v:separation_degree',
  }),
  'output-format': outputFormatArg,
});

/** The explorer endpoint's entry in the API index and OpenAPI (docs/references.md#api-explorer). */
export const EXPLORER_ENDPOINT: EndpointDoc = {
  path: '/api/v1/explorer',
  methods: ['GET', 'POST'],
  summary: 'Latest alert per object by id, cone search (nearest first) or date window',
  args: schema,
};
type ExplorerArgs = z.infer<typeof schema>;

/** The time window of the arguments; null when no time argument is given and `defaultDays` is null. */
function timeWindow(args: ExplorerArgs, defaultDays: number | null): JdWindow | null {
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

/** Which search the arguments ask for; 400 when groups are mixed or a cone argument is missing. */
function searchKind(args: ExplorerArgs): 'objects' | 'cone' | 'date' {
  const cone = (['ra', 'dec', 'radius'] as const).filter((k) => args[k] !== undefined);
  if (args.objectId !== undefined && cone.length > 0)
    throw new ApiError(400, 'You need to set parameters from the same group: objectId, or ra/dec/radius.');
  if (args.objectId !== undefined) return 'objects';
  if (cone.length === 0) return 'date';
  const missing = (['ra', 'dec', 'radius'] as const).find((k) => args[k] === undefined);
  if (missing)
    throw new ApiError(
      400,
      `A value for \`${missing}\` is required for group 1 (cone search: ra, dec, radius).`,
    );
  return 'cone';
}

/**
 * What a search answers: rows (with the name of the download and the columns of an empty answer), or a JSON
 * answer already written from prepared texts.
 */
type SearchAnswer =
  | {
      readonly rows: Record<string, unknown>[];
      readonly name: string;
      readonly columns: string[];
    }
  | { readonly prepared: Buffer };

type Query = (sql: string, params: Parameters<StoreReader['query']>[1]) => ReturnType<StoreReader['query']>;

async function objectSearch(reader: StoreReader, query: Query, args: ExplorerArgs): Promise<SearchAnswer> {
  const selection = parseColumnSelection(args.columns, ALERT_V_FIELDS);
  const catalog = reader.current();
  const stored = [];
  const ids = objectIdList(
    args.objectId ?? '',
    MAX_EXPLORER_IDS,
    'A value for `objectId` is required for group 0 (an object id or a comma list).',
  );
  for (const id of ids) {
    stored.push(...(await readLatestOfObjects(query, reader.layout, catalog, id, selection.stored, args.n)));
  }
  const rows = toApiAlertRows(dedupe(stored).slice(0, args.n), { selection, colour: false });
  return { rows, name: 'explorer_objects', columns: answerColumns(selection, ALERT_V_FIELDS) };
}

async function coneSearch(reader: StoreReader, query: Query, args: ExplorerArgs): Promise<SearchAnswer> {
  const selection = parseColumnSelection(args.columns, CONE_V_FIELDS);
  const hits = await findConeHits(
    query,
    reader.layout,
    reader.current(),
    {
      raDeg: args.ra as number,
      decDeg: args.dec as number,
      radiusDeg: args.radius as number,
      window: timeWindow(args, null),
      timeField: args.time_field ?? 'first',
      limit: args.n,
    },
    reader.skyBlocks(),
  );
  const separation = new Map(hits.map((h) => [h.candid, h.separationDeg]));
  if (args['output-format'] === 'json' && selection.names === null) {
    const texts = readReferencedAlertTextsInOrder(reader, hits);
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
  return { rows, name: 'explorer_conesearch', columns: answerColumns(selection, CONE_V_FIELDS) };
}

async function dateSearch(reader: StoreReader, query: Query, args: ExplorerArgs): Promise<SearchAnswer> {
  const selection = parseColumnSelection(args.columns, ALERT_V_FIELDS);
  const window = timeWindow(args, DEFAULT_DATE_WINDOW_DAYS) as JdWindow;
  if (window.stopJd - window.startJd > MAX_DATE_WINDOW_DAYS) {
    throw new ApiError(
      400,
      `A date search covers at most ${MAX_DATE_WINDOW_DAYS} day: give a shorter \`window\` (days) or an earlier ` +
        '`stopdate`, or use a cone search or /api/v1/latests for longer periods.',
    );
  }
  const timeField: TimeField = args.time_field ?? 'any';
  const refs = await findDateHits(query, reader.layout, reader.current(), window, timeField, args.n);
  const stored = (await readReferencedAlerts(reader, refs, selection.stored)).sort(byJdDescending);
  const rows = toApiAlertRows(stored, { selection, colour: false });
  return { rows, name: 'explorer_datesearch', columns: answerColumns(selection, ALERT_V_FIELDS) };
}

const SEARCHES = { objects: objectSearch, cone: coneSearch, date: dateSearch } as const;

/** The explorer endpoint app, mounted at /api/v1/explorer. */
export function explorerApp(reader: StoreReader): Hono {
  const app = new Hono();
  const listing = argListing(schema);
  app.on(['GET', 'POST'], '/', async (c) => {
    const raw = await rawArgs(c);
    if (c.req.method === 'GET' && Object.keys(raw).length === 0) return c.json(listing);
    const args = parseArgs(schema, withoutEmptyArgs(raw));
    const query: Query = (sql, params) => reader.query(sql, params);
    const answer = await SEARCHES[searchKind(args)](reader, query, args);
    if ('prepared' in answer) return respondJsonBytes(c, answer.prepared);
    return respondTable(c, answer.rows, args['output-format'], answer.name, { columns: answer.columns });
  });
  return app;
}

/** Stored rows without repeated alerts (an object matched by two of the given ids or prefixes). */
function dedupe(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const seen = new Set<bigint>();
  return rows.filter((r) => {
    const candid = r.i_candid as bigint;
    if (seen.has(candid)) return false;
    seen.add(candid);
    return true;
  });
}

function byJdDescending(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const d = (b.i_jd as number) - (a.i_jd as number);
  if (d !== 0) return d;
  return (b.i_candid as bigint) > (a.i_candid as bigint) ? 1 : -1;
}
