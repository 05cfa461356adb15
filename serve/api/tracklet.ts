/**
 * `/api/v1/tracklet`: alerts of satellite glints and space debris, by tracklet id or prefix (`id`) or by date
 * (`date`, turned into an id prefix as the reference does), sorted by tracklet id then object (docs/references.md#api-tracklet).
 * JSON answers in full mode are kept per catalog version (serve/answer-cache.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { findTrackletAlerts } from '../../data/queries/index.js';
import { readReferencedAlertsInOrder } from '../alert-ref-reads.js';
import { ALERT_V_FIELDS, answerColumns, toApiAlertRows } from '../alert-rows.js';
import { referencedAlertsJson } from '../alert-texts.js';
import { AnswerCache } from '../answer-cache.js';
import { columnsArg, endpointHandler, outputFormatArg, parseColumnSelection } from '../args/index.js';
import { respondJsonBytes, respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';

/**
 * Most alerts in one answer (the reference's default HBase scan limit). A prefix matching more is answered 400
 * with a request to narrow it, never cut silently.
 */
export const MAX_TRACKLET_ALERTS = 10_000;

/** Shape of a tracklet id: `TRCK_<exposure UTC YYYYMMDD_HHMMSS>_<2-digit index>`; `9` stands for a digit. */
const TRACKLET_ID_TEMPLATE = 'TRCK_99999999_999999_99';
/** `YYYY-MM-DD hh:mm:ss NN` and its prefixes down to `YYYY` (`T` accepted for the space before the time). */
const DATE_PREFIX = /^\d{4}(?:-\d{2}(?:-\d{2}(?:[ T]\d{2}(?::\d{2}(?::\d{2}(?: \d{2})?)?)?)?)?)?$/;

const schema = z.object({
  id: z
    .string()
    .optional()
    .meta({
      description: 'Tracklet id TRCK_YYYYMMDD_HHMMSS_NN, or any prefix of it (wins over date)',
      examples: ['TRCK_20211022_091949_00'],
    }),
  date: z
    .string()
    .optional()
    .meta({
      description:
        'UTC date of the exposure: YYYY-MM-DD hh:mm:ss, or a prefix (YYYY-MM-DD, YYYY-MM-DD hh, ...), optionally ' +
        'followed by a space and the 2-digit tracklet index',
      examples: ['2021-10-22 09:19:49'],
    }),
  columns: columnsArg,
  'output-format': outputFormatArg,
});

/** The tracklet endpoint's entry in the API index and OpenAPI (docs/references.md#api-tracklet). */
export const TRACKLET_ENDPOINT: EndpointDoc = {
  path: '/api/v1/tracklet',
  methods: ['GET', 'POST'],
  summary: 'Alerts of satellite tracklets by id prefix or date',
  args: schema,
};

/** True when `id` is a non-empty prefix of a tracklet id. */
export function isTrackletIdPrefix(id: string): boolean {
  if (id.length === 0 || id.length > TRACKLET_ID_TEMPLATE.length) return false;
  return [...id].every((ch, i) => {
    const t = TRACKLET_ID_TEMPLATE[i];
    return t === '9' ? ch >= '0' && ch <= '9' : ch === t;
  });
}

/**
 * The tracklet-id prefix of a `date` argument: `-` and `:` removed, spaces (or `T`) turned into `_`, `TRCK_`
 * prepended (`2021-10-22 09:19:49 00` → `TRCK_20211022_091949_00`); null when the text is not such a date.
 */
export function trackletPrefixOfDate(date: string): string | null {
  const text = date.trim();
  if (!DATE_PREFIX.test(text)) return null;
  return `TRCK_${text.replace(/[-:]/g, '').replace(/[ T]/g, '_')}`;
}

/** The prefix to look up: from `id` when given, else from `date`. */
function trackletPrefix(id: string | undefined, date: string | undefined): string {
  if (id !== undefined && id.trim() !== '') {
    const text = id.trim();
    if (!isTrackletIdPrefix(text)) {
      throw new ApiError(
        400,
        `Invalid tracklet \`id\` ${JSON.stringify(text.slice(0, 40))}: give TRCK_YYYYMMDD_HHMMSS_NN or a prefix of it.`,
      );
    }
    return text;
  }
  if (date !== undefined && date.trim() !== '') {
    const prefix = trackletPrefixOfDate(date);
    if (prefix === null) {
      throw new ApiError(
        400,
        `Invalid \`date\` ${JSON.stringify(date.slice(0, 40))}: use the format YYYY-MM-DD hh:mm:ss or a prefix ` +
          'of it (YYYY-MM-DD, YYYY-MM-DD hh), optionally followed by the 2-digit tracklet index.',
      );
    }
    return prefix;
  }
  throw new ApiError(
    400,
    'You need to specify a date at the format YYYY-MM-DD hh:mm:ss, or a tracklet `id` (TRCK_YYYYMMDD_HHMMSS_NN).',
  );
}

/** The tracklet endpoint app, mounted at /api/v1/tracklet. */
export function trackletApp(reader: StoreReader): Hono {
  const app = new Hono();
  // the JSON answers in full mode, by catalog version and prefix (a night's tracklets are asked again and again)
  const answers = new AnswerCache();
  const handler = endpointHandler(schema, async (c, args) => {
    const prefix = trackletPrefix(args.id, args.date);
    const selection = parseColumnSelection(args.columns, ALERT_V_FIELDS);
    const query = (sql: string, params: Parameters<StoreReader['query']>[1]) => reader.query(sql, params);
    const catalog = reader.current();
    const find = async () => {
      const refs = await findTrackletAlerts(query, reader.layout, catalog, prefix, MAX_TRACKLET_ALERTS + 1);
      if (refs.length > MAX_TRACKLET_ALERTS) {
        throw new ApiError(
          400,
          `More than ${MAX_TRACKLET_ALERTS.toLocaleString('en-US')} alerts have tracklets starting with ${prefix}: ` +
            'give a longer id or a more precise date.',
        );
      }
      return refs;
    };
    if (args['output-format'] === 'json' && selection.names === null) {
      const body = await answers.answer(catalog.version, prefix, async () =>
        referencedAlertsJson(reader, await find()),
      );
      return respondJsonBytes(c, body);
    }
    const refs = await find();
    const stored = await readReferencedAlertsInOrder(reader, refs, selection.stored);
    const rows = toApiAlertRows(stored, { selection, colour: false });
    return respondTable(c, rows, args['output-format'], `tracklet_${prefix}`, {
      columns: answerColumns(selection, ALERT_V_FIELDS),
    });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
