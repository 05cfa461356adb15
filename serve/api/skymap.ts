/**
 * `/api/v1/skymap` (alias `/api/v1/bayestar`, its older name): the objects of the store inside the credible region of a gravitational-wave sky map and a
 * time window around the event, densest first; or that region itself as an IVOA MOC (docs/references.md#api-bayestar). The map
 * is an uploaded FITS file (gzipped or not), the reference clients' Python bytes-literal text (decoded as data,
 * never evaluated), or an event name when a download URL is configured (serve/skymap-input.ts).
 *
 * The window is exactly [t0 − n_day_before, t0 + n_day_after] on the alert time `i:jd` (t0: the map's DATE-OBS
 * or MJD-OBS, or the `t0` argument); each object returns its latest alert in the region and the window.
 *
 * Reference: fink-object-api apps/routes/v1/ztf/skymap/{api.py,utils.py} (arguments `file`/`bayestar`,
 * `event_name`, `credible_level`, `n_day_before` = 1, `n_day_after` = 6); deviations in docs/api.md.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { formatMocAscii, formatMocJson, mocFromCredibleRegion } from '../../compute/skymap/index.js';
import { findRegionHits } from '../../data/queries/index.js';
import { readReferencedAlertsInOrder } from '../alert-ref-reads.js';
import { ALERT_V_FIELDS, answerColumns, toApiAlertRows } from '../alert-rows.js';
import {
  dateArg,
  type EndpointOptions,
  endpointHandler,
  numberArg,
  OUTPUT_FORMAT_ALIAS,
  OUTPUT_FORMATS,
  parseColumnSelection,
  uploadLimit,
  withoutEmptyArgs,
} from '../args/index.js';
import { respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import { skymapBytes, skymapRegion } from '../skymap-input.js';
import type { StoreReader } from '../store-reader.js';

/** Default days before and after the event (reference G2 defaults) and the longest window side accepted. */
export const DEFAULT_DAYS_BEFORE = 1;
export const DEFAULT_DAYS_AFTER = 6;
export const MAX_WINDOW_DAYS = 30;

const T0_FIELD = 'v:jdstartgw';
const DENSITY_FIELD = 'v:prob_density';
const GW_V_FIELDS = [...ALERT_V_FIELDS, T0_FIELD, DENSITY_FIELD];
const MOC_FORMATS = ['moc-json', 'moc-ascii'] as const;
const FORMATS = [...OUTPUT_FORMATS, ...MOC_FORMATS] as const;

const days = numberArg(
  (n) => n >= 0 && n <= MAX_WINDOW_DAYS,
  `a number of days from 0 to ${MAX_WINDOW_DAYS}`,
).meta({ unit: 'd' });

/** The arguments naming the map and its region (ZTF and LSST `/skymap`). */
export const SKYMAP_MAP_ARGS = {
  bayestar: z
    .string()
    .optional()
    .meta({
      description:
        "The sky map as the text of a Python bytes literal (str(open('bayestar.fits.gz', 'rb').read())), as " +
        "Fink's clients send it; decoded as data, never evaluated. Also accepted as text under `file`",
    }),
  event_name: z
    .string()
    .optional()
    .meta({
      description:
        'GraceDB event id (e.g. S200219ac). Answered only when the operator set SKYALERT_GRACEDB_URL (docs/api.md); ' +
        'otherwise a 400 saying to upload the map',
    }),
  credible_level: numberArg(
    (n) => n > 0 && n <= 1,
    'a probability more than 0 and at most 1',
    'required: a probability in (0, 1], e.g. 0.9',
  ).meta({
    description: 'Credible level of the region, more than 0 and at most 1 (0.9: the 90 % region)',
    examples: ['0.9'],
  }),
};

const schema = z.object({
  ...SKYMAP_MAP_ARGS,
  n_day_before: days
    .optional()
    .default(DEFAULT_DAYS_BEFORE)
    .meta({ description: `Days before the event time t0 where alerts are taken (0 to ${MAX_WINDOW_DAYS})` }),
  n_day_after: days
    .optional()
    .default(DEFAULT_DAYS_AFTER)
    .meta({
      description: `Days after t0 where alerts are taken (0 to ${MAX_WINDOW_DAYS}); the window is exactly [t0 − before, t0 + after] on i:jd`,
    }),
  t0: dateArg.optional().meta({
    description:
      "Event time (ISO UTC, JD or MJD) replacing the map's DATE-OBS / MJD-OBS; needed for maps without them",
  }),
  columns: z.string().optional().meta({
    description:
      'Comma-separated field names (unknown names ignored); v:jdstartgw and v:prob_density included when named',
  }),
  'output-format': z
    .enum(FORMATS, { message: `supported output formats: ${FORMATS.join(', ')}` })
    .optional()
    .default('json')
    .meta({
      aliases: [OUTPUT_FORMAT_ALIAS],
      description:
        'json, csv, parquet or votable for the objects; moc-json or moc-ascii for the credible region as an IVOA MOC 2.0',
    }),
});

/** The file part of an upload (ZTF and LSST `/skymap`). */
export const SKYMAP_UPLOAD = {
  field: 'file',
  description:
    'The sky map as a FITS file, gzipped or not (flat HEALPix PROB map, RING or NESTED, or multi-order ' +
    'UNIQ/PROBDENSITY map): a multipart/form-data part named `file`, or the whole body as ' +
    'application/octet-stream with the other arguments in the query string; in a JSON body or a query ' +
    'string, `file` is the bytes-literal text that `bayestar` takes (Fink lists the map as `file`)',
};

/** The skymap endpoint's entry in the API index and OpenAPI (docs/references.md#api-bayestar). */
export const SKYMAP_ENDPOINT: EndpointDoc = {
  path: '/api/v1/skymap',
  methods: ['GET', 'POST'],
  summary:
    'Objects inside the credible region of a gravitational-wave sky map and a time window, or the region as a MOC',
  args: schema,
  upload: SKYMAP_UPLOAD,
  contentTypes: [
    'application/json',
    'text/csv; charset=utf-8',
    'application/vnd.apache.parquet',
    'application/x-votable+xml',
    'text/plain; charset=utf-8',
  ],
};

/** `/api/v1/bayestar`: the same endpoint under its older name. */
export const BAYESTAR_ENDPOINT: EndpointDoc = {
  ...SKYMAP_ENDPOINT,
  path: '/api/v1/bayestar',
  summary: 'Alias of /api/v1/skymap (its older name), same arguments and answers',
};

/**
 * The arguments with a `file` given as text (JSON body, query string) moved to `bayestar`, which takes that
 * text; 400 when both are given.
 */
export function fileTextAsBayestar(raw: Record<string, unknown>): Record<string, unknown> {
  if (raw.file === undefined) return raw;
  if (raw.bayestar !== undefined)
    throw new ApiError(400, 'Give the sky map once: in `file` or in `bayestar`, not both.');
  const { file, ...rest } = raw;
  return { ...rest, bayestar: file };
}

/** The skymap endpoint app, mounted at /api/v1/skymap and /api/v1/bayestar. */
export function skymapApp(reader: StoreReader): Hono {
  const app = new Hono();
  app.use('/', uploadLimit());
  const options: EndpointOptions = {
    upload: SKYMAP_UPLOAD,
    prepare: (raw) => fileTextAsBayestar(withoutEmptyArgs(raw)),
  };
  const handler = endpointHandler(schema, options, async (c, args, file) => {
    const bytes = await skymapBytes(file, args.bayestar, args.event_name);
    const { map, region } = skymapRegion(bytes, args.credible_level);
    const format = args['output-format'];
    if (format === 'moc-json' || format === 'moc-ascii') {
      const moc = mocFromCredibleRegion(map, region);
      return format === 'moc-json'
        ? c.body(formatMocJson(moc), 200, { 'content-type': 'application/json' })
        : c.body(formatMocAscii(moc), 200, {
            'content-type': 'text/plain; charset=utf-8',
            'content-disposition': 'attachment; filename="bayestar_moc.txt"',
          });
    }
    const t0Jd = args.t0 ?? map.t0Jd;
    if (t0Jd === null)
      throw new ApiError(
        400,
        'The sky map has no DATE-OBS or MJD-OBS: give the event time in `t0` (ISO, JD or MJD).',
      );
    const window = { startJd: t0Jd - args.n_day_before, stopJd: t0Jd + args.n_day_after };
    const hits = findRegionHits(reader.layout, reader.current(), reader.skyBlocks(), map, region, window);
    const selection = parseColumnSelection(args.columns, GW_V_FIELDS);
    const density = new Map(hits.map((h) => [h.candid, h.probDensityDeg2]));
    const stored = await readReferencedAlertsInOrder(reader, hits, selection.stored);
    const rows = toApiAlertRows(stored, {
      selection,
      colour: false,
      extra: (s) => ({ [T0_FIELD]: t0Jd, [DENSITY_FIELD]: density.get(s.i_candid as bigint) ?? null }),
    });
    const name = map.objectName ? `bayestar_${map.objectName}` : 'bayestar';
    return respondTable(c, rows, format, name, { columns: answerColumns(selection, GW_V_FIELDS) });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
