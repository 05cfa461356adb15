/**
 * `/api/v1/anomaly`: the alerts flagged by the anomaly detection module (each night, the lowest-score alert of
 * the 10 objects with the lowest `d:anomaly_score`; data/queries/anomaly.ts) emitted in a date range, most recent
 * first, `n` of them. As the reference (fink-object-api `apps/routes/v1/ztf/anomaly`), `stop_date` is extended by
 * one day so that `start_date = stop_date` gives that whole day, and the rows carry every field and the per-alert
 * `v:` fields (no colour fields). The flagged alerts of each part are kept while it is published
 * (serve/part-memo.ts: a scan of its scores once, not per request), and JSON answers in full mode per catalog
 * version (serve/answer-cache.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { type FlaggedAlert, findAnomalousAlerts, findFlaggedAlertsOfPart } from '../../data/queries/index.js';
import { readReferencedAlertsInOrder } from '../alert-ref-reads.js';
import { ALERT_V_FIELDS, answerColumns, toApiAlertRows } from '../alert-rows.js';
import { referencedAlertsJson } from '../alert-texts.js';
import { AnswerCache } from '../answer-cache.js';
import {
  columnsArg,
  countArg,
  DEFAULT_START_DATE,
  DEFAULT_START_JD,
  dateArg,
  endpointHandler,
  nowJd,
  outputFormatArg,
  parseColumnSelection,
  withoutEmptyArgs,
} from '../args/index.js';
import { respondJsonBytes, respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import { keepWarm, PartMemo } from '../part-memo.js';
import type { StoreReader } from '../store-reader.js';

/** Default `n` (the reference's) and the largest accepted (10 a night: about three years of flags). */
export const DEFAULT_ANOMALY_N = 10;
export const MAX_ANOMALY_N = 10_000;
/** Days added to `stop_date`, as the reference does, so that a date alone means its whole day. */
const STOP_DATE_EXTENSION_DAYS = 1;

const schema = z.object({
  n: countArg(MAX_ANOMALY_N)
    .optional()
    .default(DEFAULT_ANOMALY_N)
    .meta({
      description:
        'Last n flagged alerts between start_date and stop_date, most recent first, at most ' +
        MAX_ANOMALY_N.toLocaleString('en-US'),
    }),
  start_date: dateArg.optional().meta({
    description: `Start date (alert time i:jd): ISO UTC, JD or MJD. Default ${DEFAULT_START_DATE}.`,
    examples: [DEFAULT_START_DATE],
  }),
  stop_date: dateArg.optional().meta({
    description:
      'Stop date: ISO UTC, JD or MJD, extended by one day (so that a date alone includes that day). Default: now.',
    examples: ['2026-03-22'],
  }),
  columns: columnsArg,
  'output-format': outputFormatArg,
});

/** The anomaly endpoint's entry in the API index and OpenAPI. */
export const ANOMALY_ENDPOINT: EndpointDoc = {
  path: '/api/v1/anomaly',
  methods: ['GET', 'POST'],
  summary: 'Alerts flagged by the anomaly detection module (10 objects a night), most recent first',
  args: schema,
};

/** The anomaly endpoint app, mounted at /api/v1/anomaly. */
export function anomalyApp(reader: StoreReader): Hono {
  const app = new Hono();
  // the JSON answers in full mode, by catalog version and arguments
  const answers = new AnswerCache();
  const query = (sql: string, params: Parameters<StoreReader['query']>[1]) => reader.query(sql, params);
  const flagged = new PartMemo<readonly FlaggedAlert[]>((part) =>
    findFlaggedAlertsOfPart(query, reader.layout, part),
  );
  keepWarm(reader, flagged);
  const handler = endpointHandler(schema, { prepare: (raw) => withoutEmptyArgs(raw) }, async (c, args) => {
    const selection = parseColumnSelection(args.columns, ALERT_V_FIELDS);
    const startJd = args.start_date ?? DEFAULT_START_JD;
    const stopJd = args.stop_date === undefined ? nowJd() : args.stop_date + STOP_DATE_EXTENSION_DAYS;
    if (stopJd <= startJd)
      throw new ApiError(400, '`stop_date` (default: now) is before `start_date` (default: 2019-11-01).');
    const catalog = reader.current();
    const prepared = args['output-format'] === 'json' && selection.names === null;
    // published alerts are all in the past: with no stop_date, "now" gives the same answer on one catalog version
    const key = JSON.stringify([startJd, args.stop_date ?? 'now', args.n]);
    const find = () =>
      findAnomalousAlerts(query, reader.layout, catalog, startJd, stopJd, args.n, (part) =>
        flagged.get(catalog, part),
      );
    if (prepared) {
      const body = await answers.answer(catalog.version, key, async () =>
        referencedAlertsJson(reader, await find()),
      );
      return respondJsonBytes(c, body);
    }
    const refs = await find();
    const stored = await readReferencedAlertsInOrder(reader, refs, selection.stored);
    const rows = toApiAlertRows(stored, { selection, colour: false });
    return respondTable(c, rows, args['output-format'], 'anomaly', {
      columns: answerColumns(selection, ALERT_V_FIELDS),
    });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
