/**
 * `/api/v1/explorer`: /api/v1/conesearch's arguments extended with id and date searches (serve/api/conesearch.ts);
 * three searches, chosen by the arguments given (docs/references.md#api-explorer). Group 0 (`objectId`): the
 * latest alert of each object. Group 1 (`ra`, `dec`, `radius`): the objects within a cone, nearest first, with
 * `v:separation_degree`. No group: a date search. The time window (`startdate`, `stopdate`, `window`) applies to
 * the field `time_field` names: `first` (the object's first detection, `i:jdstarthist`) or `any` (the alert time,
 * `i:jd`); by default `first` for a cone search and `any` for a date search, as the reference.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { decodeAlertRow } from '../../data/index.js';
import {
  type BlockAlertHead,
  type BlockLocation,
  findDateHits,
  type LatestBlockAlert,
  readLatestBlockAlerts,
  readLatestBlockTexts,
  type TimeField,
  ZTF_OBJECT_ID,
} from '../../data/queries/index.js';
import { readReferencedAlerts } from '../alert-ref-reads.js';
import { ALERT_V_FIELDS, answerColumns, toApiAlertRows } from '../alert-rows.js';
import { alertTextsJson } from '../alert-texts.js';
import { endpointHandler, objectIdList, parseColumnSelection, withoutEmptyArgs } from '../args/index.js';
import { respondJsonBytes, respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { ObjectLocator } from '../object-locator.js';
import { objectLocator } from '../object-reads.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';
import {
  CONE_SHAPE,
  type ConeArgs,
  coneSearch,
  MAX_CONE_N,
  requireCone,
  type SearchAnswer,
  timeWindow,
  WINDOW_SHAPE,
} from './conesearch.js';

/** Longest date-search window (days). The reference silently cuts windows to 3 hours; we reject longer ones. */
export const MAX_DATE_WINDOW_DAYS = 1;
/** Date-search window when neither `stopdate` nor `window` is given: 3 hours, as the reference. */
export const DEFAULT_DATE_WINDOW_DAYS = 0.125;
/** Most object ids (or prefixes) in one request. */
export const MAX_EXPLORER_IDS = 1000;

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
  ra: CONE_SHAPE.ra.optional().meta({
    description: `Group 1 (cone search, with dec and radius): ${CONE_SHAPE.ra.meta()?.description}`,
  }),
  dec: CONE_SHAPE.dec.optional().meta({ description: `Group 1: ${CONE_SHAPE.dec.meta()?.description}` }),
  radius: CONE_SHAPE.radius
    .optional()
    .meta({ description: `Group 1: ${CONE_SHAPE.radius.meta()?.description}` }),
  ...WINDOW_SHAPE,
  n: WINDOW_SHAPE.n.meta({
    description: `Most objects returned (cone: the nearest; date: the most recent), at most ${MAX_CONE_N.toLocaleString('en-US')}`,
  }),
  window: WINDOW_SHAPE.window.meta({
    description:
      `${WINDOW_SHAPE.window.meta()?.description}. A date search covers at most ${MAX_DATE_WINDOW_DAYS} day ` +
      '(rejected beyond, not cut) and 3 hours by default.',
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
});

/** The explorer endpoint's entry in the API index and OpenAPI (docs/references.md#api-explorer). */
export const EXPLORER_ENDPOINT: EndpointDoc = {
  path: '/api/v1/explorer',
  methods: ['GET', 'POST'],
  summary: 'Latest alert per object by id, cone search (as /conesearch, nearest first) or date window',
  args: schema,
};
type ExplorerArgs = z.infer<typeof schema>;

/** Which search the arguments ask for; 400 when groups are mixed or a cone argument is missing. */
function searchKind(args: ExplorerArgs): 'objects' | 'cone' | 'date' {
  const cone = (['ra', 'dec', 'radius'] as const).filter((k) => args[k] !== undefined);
  if (args.objectId !== undefined && cone.length > 0)
    throw new ApiError(400, 'You need to set parameters from the same group: objectId, or ra/dec/radius.');
  if (args.objectId !== undefined) return 'objects';
  if (cone.length === 0) return 'date';
  requireCone(args, ' for group 1 (cone search: ra, dec, radius)');
  return 'cone';
}

/**
 * The latest alert of each object matching each id (at most `n` per id), objects in id order, each once, as
 * `read` gives them for one object's blocks.
 */
function latestOfIds<A extends BlockAlertHead>(
  locator: ObjectLocator,
  ids: readonly string[],
  n: number,
  read: (object: readonly BlockLocation[]) => LatestBlockAlert<A>[],
): LatestBlockAlert<A>[] {
  const latest = new Map<string, LatestBlockAlert<A>>();
  for (const id of ids) {
    let found = 0;
    for (const object of locator.matching(id, ZTF_OBJECT_ID.test(id))) {
      if (found === n) break;
      // an object without valid alerts (only rejected ones) is not counted
      const [alert] = read(object);
      if (alert === undefined) continue;
      found++;
      // an object matched by two of the given ids or prefixes is answered once
      if (!latest.has(alert.objectId)) latest.set(alert.objectId, alert);
    }
  }
  return [...latest.values()].slice(0, n);
}

/**
 * Group 0 from the object blocks the in-memory object index names (the point-lookup path of /objects, no
 * query): the latest alert of each object matching each id, objects in id order, at most `n`.
 */
function objectSearch(reader: StoreReader, args: ExplorerArgs): SearchAnswer {
  const selection = parseColumnSelection(args.columns, ALERT_V_FIELDS);
  const locator = objectLocator(reader.snapshot());
  const ids = objectIdList(
    args.objectId ?? '',
    MAX_EXPLORER_IDS,
    'A value for `objectId` is required for group 0 (an object id or a comma list).',
  );
  const { layout, files } = reader;
  // a JSON answer in full mode is the alerts' prepared texts: their row documents are not decoded
  if (args['output-format'] === 'json' && selection.names === null) {
    const answer = latestOfIds(locator, ids, args.n, (o) => readLatestBlockTexts(layout, files, o));
    return { prepared: alertTextsJson(answer.map((a) => a.text.json)) };
  }
  const answer = latestOfIds(locator, ids, args.n, (o) => readLatestBlockAlerts(layout, files, o));
  const stored = answer.map(({ alert }) => ({
    ...decodeAlertRow(alert.row),
    classification: alert.classification,
  }));
  const rows = toApiAlertRows(stored, { selection, colour: false });
  return { rows, name: 'explorer_objects', columns: answerColumns(selection, ALERT_V_FIELDS) };
}

async function dateSearch(reader: StoreReader, args: ExplorerArgs): Promise<SearchAnswer> {
  const selection = parseColumnSelection(args.columns, ALERT_V_FIELDS);
  const window = timeWindow(args, DEFAULT_DATE_WINDOW_DAYS);
  if (window === null || window.stopJd - window.startJd > MAX_DATE_WINDOW_DAYS) {
    throw new ApiError(
      400,
      `A date search covers at most ${MAX_DATE_WINDOW_DAYS} day: give a shorter \`window\` (days) or an earlier ` +
        '`stopdate`, or use a cone search or /api/v1/latests for longer periods.',
    );
  }
  const timeField: TimeField = args.time_field ?? 'any';
  const refs = await findDateHits(
    (sql, params) => reader.query(sql, params),
    reader.layout,
    reader.current(),
    window,
    timeField,
    args.n,
  );
  const stored = (await readReferencedAlerts(reader, refs, selection.stored)).sort(byJdDescending);
  const rows = toApiAlertRows(stored, { selection, colour: false });
  return { rows, name: 'explorer_datesearch', columns: answerColumns(selection, ALERT_V_FIELDS) };
}

const SEARCHES = {
  objects: async (reader: StoreReader, args: ExplorerArgs) => objectSearch(reader, args),
  cone: (reader: StoreReader, args: ExplorerArgs) =>
    coneSearch(reader, args as ConeArgs, args.time_field ?? 'first'),
  date: dateSearch,
} as const;

/** The explorer endpoint app, mounted at /api/v1/explorer. */
export function explorerApp(reader: StoreReader): Hono {
  const app = new Hono();
  const handler = endpointHandler(schema, { prepare: (raw) => withoutEmptyArgs(raw) }, async (c, args) => {
    const answer = await SEARCHES[searchKind(args)](reader, args);
    if ('prepared' in answer) return respondJsonBytes(c, answer.prepared);
    return respondTable(c, answer.rows, args['output-format'], answer.name, { columns: answer.columns });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}

function byJdDescending(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const d = (b.i_jd as number) - (a.i_jd as number);
  if (d !== 0) return d;
  return (b.i_candid as bigint) > (a.i_candid as bigint) ? 1 : -1;
}
