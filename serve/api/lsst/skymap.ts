/**
 * LSST `/api/v1/skymap`: the diaObjects with an alert inside the credible region of a gravitational-wave sky map
 * and a time window around the event, densest first, one row each — its latest such alert's diaSource with its
 * diaObject record and `v:startgwMjdTai` (the event time, MJD TAI) — as Fink's LSST route of that name. The map
 * comes as ZTF's route takes it (serve/skymap-input.ts): an upload, the clients' Python bytes literal (read as
 * data, never evaluated) or a GraceDB event name when the operator configured the download.
 *
 * The window is [t0 − n_day_before, t0 + n_day_after] on `r:midpointMjdTai`, t0 the map's DATE-OBS (or MJD-OBS,
 * or `t0`) in TAI; the region's cells are degraded to the sources' order-29 index (`v:hpix29`).
 *
 * Reference: fink-object-api apps/routes/v1/lsst/skymap/{api,utils,test}.py; fink-lsst-api.md §3.9, §7.1–3;
 * docs/api.md, "LSST API".
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { credibleRegionRanges, probDensityAt } from '../../../compute/skymap/index.js';
import { readAlertsInSkyRegion } from '../../../data/queries/lsst/index.js';
import {
  columnsArg,
  dateArg,
  type EndpointOptions,
  endpointHandler,
  numberArg,
  outputFormatArg,
  parseColumnSelection,
  splitList,
  uploadLimit,
  withoutEmptyArgs,
} from '../../args/index.js';
import { respondTable } from '../../encode/index.js';
import { ApiError } from '../../errors.js';
import { float32Columns, lsstColumnCatalogue, lsstFieldLookup, servedColumns } from '../../lsst-fields.js';
import type { LsstStoreReader } from '../../lsst-store-reader.js';
import type { EndpointDoc } from '../../openapi.js';
import { skymapBytes, skymapRegion } from '../../skymap-input.js';
import { fileTextAsBayestar, SKYMAP_MAP_ARGS, SKYMAP_UPLOAD } from '../skymap.js';
import { mjdTaiOfJdUtc } from './conesearch.js';

/** Defaults and largest values of the window (days), as Fink documents them. */
export const LSST_DAYS_BEFORE = { default: 1, max: 7 } as const;
export const LSST_DAYS_AFTER = { default: 6, max: 14 } as const;
/** The event time added to each row (MJD TAI), Fink's name. */
export const START_GW_FIELD = 'v:startgwMjdTai';

const days = (max: number) => numberArg((n) => n >= 0 && n <= max, `a number of days from 0 to ${max}`);

const schema = z.object({
  ...SKYMAP_MAP_ARGS,
  n_day_before: days(LSST_DAYS_BEFORE.max)
    .optional()
    .default(LSST_DAYS_BEFORE.default)
    .meta({ description: `Days before the event time t0 (0 to ${LSST_DAYS_BEFORE.max})`, unit: 'd' }),
  n_day_after: days(LSST_DAYS_AFTER.max)
    .optional()
    .default(LSST_DAYS_AFTER.default)
    .meta({
      description:
        `Days after t0 (0 to ${LSST_DAYS_AFTER.max}); alerts are taken in exactly [t0 − before, t0 + after] on ` +
        'r:midpointMjdTai',
      unit: 'd',
    }),
  t0: dateArg.optional().meta({
    description:
      "Event time (ISO UTC, JD or MJD) replacing the map's DATE-OBS / MJD-OBS; needed for maps without them",
  }),
  columns: columnsArg.meta({
    description: `Comma-separated field names (unknown names ignored; * = all); ${START_GW_FIELD} is always added`,
  }),
  'output-format': outputFormatArg,
});

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_SKYMAP_ENDPOINT: EndpointDoc = {
  path: '/api/v1/skymap',
  methods: ['GET', 'POST'],
  summary: 'Rubin diaObjects inside the credible region of a gravitational-wave sky map and a time window',
  args: schema,
  upload: SKYMAP_UPLOAD,
};

/** The app, mounted at /api/v1/skymap on an LSST store. */
export function lsstSkymapApp(reader: LsstStoreReader): Hono {
  const app = new Hono();
  app.use('/', uploadLimit());
  const options: EndpointOptions = {
    upload: SKYMAP_UPLOAD,
    prepare: (raw) => fileTextAsBayestar(withoutEmptyArgs(raw)),
  };
  const handler = endpointHandler(schema, options, async (c, args, file) => {
    const { map, region } = skymapRegion(
      await skymapBytes(file, args.bayestar, args.event_name),
      args.credible_level,
    );
    const t0Jd = args.t0 ?? map.t0Jd;
    if (t0Jd === null)
      throw new ApiError(
        400,
        'The sky map has no DATE-OBS or MJD-OBS: give the event time in `t0` (ISO, JD or MJD).',
      );
    const t0Mjd = mjdTaiOfJdUtc(t0Jd);
    const { sources, objects } = reader.snapshot().tables;
    const asked = splitList(args.columns ?? '');
    const isFull = asked.length === 0 || asked.includes('*');
    const catalogue = lsstColumnCatalogue([sources, objects], LSST_SKYMAP_ENDPOINT.path);
    const names = parseColumnSelection(args.columns, [START_GW_FIELD], catalogue).names ?? [];
    const sourceSet = new Set(sources.columns.map((col) => col.name));
    const objectSet = new Set(objects.columns.map((col) => col.name));
    const sourceNames = isFull ? servedColumns(sources) : names.filter((n) => sourceSet.has(n));
    const objectNames = (isFull ? servedColumns(objects) : names).filter(
      (n) => objectSet.has(n) && !sourceSet.has(n),
    );
    const hits = await readAlertsInSkyRegion(
      (sql, params) => reader.query(sql, params),
      sources,
      objects,
      [...new Set([...sourceNames, 'r:ra', 'r:dec', 'r:diaObjectId'])],
      objectNames,
      {
        ranges29: credibleRegionRanges(map, region, map.maxOrder),
        mjdMin: t0Mjd - args.n_day_before,
        mjdMax: t0Mjd + args.n_day_after,
      },
    );
    const order = [...sourceNames, ...objectNames];
    const density = (h: Record<string, unknown>) =>
      probDensityAt(map, h['r:ra'] as number, h['r:dec'] as number)?.perSr ?? 0;
    const rows = hits
      .map((h) => ({ h, perSr: density(h), id: h['r:diaObjectId'] as bigint }))
      .sort((a, b) => b.perSr - a.perSr || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map(({ h }) => ({
        ...Object.fromEntries(order.map((n) => [n, h[n] ?? null])),
        [START_GW_FIELD]: t0Mjd,
      }));
    const tables = [sources, objects];
    const name = map.objectName ? `skymap_${map.objectName}` : 'skymap';
    return respondTable(c, rows, args['output-format'], name, {
      columns: [...order, START_GW_FIELD],
      fields: lsstFieldLookup(tables),
      float32Columns: float32Columns(tables),
    });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
