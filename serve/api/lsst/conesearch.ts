/**
 * LSST `/api/v1/conesearch`: the diaObjects within a cone, nearest first, one row each — its last alert's
 * diaSource with its diaObject record and `v:separation_degree` — as Fink's route of that name. The position is
 * the last alert's (`r:ra`, `r:dec`). `startdate`/`stopdate`/`window` keep the diaObjects first detected in the
 * window (the earliest diaSource the store holds for them), dates read as UTC and compared in TAI.
 *
 * Reference: fink-object-api apps/routes/v1/lsst/conesearch/{api,utils}.py; docs/api.md, "LSST API".
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { separationDeg } from '../../../compute/sky/index.js';
import { MJD_OFFSET, TAI_MINUS_UTC_S } from '../../../compute/time/index.js';
import { type BandQuery, readLastAlertsInBand } from '../../../data/queries/lsst/index.js';
import {
  columnsArg,
  countArg,
  dateArg,
  endpointHandler,
  outputFormatArg,
  parseColumnSelection,
  positiveDaysArg,
  splitList,
} from '../../args/index.js';
import { respondTable } from '../../encode/index.js';
import {
  float32Columns,
  lsstColumnCatalogue,
  lsstFieldLookup,
  SEPARATION_FIELD,
  servedColumns,
} from '../../lsst-fields.js';
import { LsstStoreReader } from '../../lsst-store-reader.js';
import type { EndpointDoc } from '../../openapi.js';
import { CONE_SHAPE, givenCone, timeWindow } from '../conesearch.js';

/** Default and largest `n` (objects); Fink's default is 1000. */
export const DEFAULT_LSST_CONE_N = 1000;
export const MAX_LSST_CONE_N = 10_000;
/** Columns a cone answer with a `columns` selection always carries, as Fink adds them. */
export const LSST_CONE_ALWAYS = ['r:ra', 'r:dec', 'r:midpointMjdTai'] as const;

const schema = z.object({
  ...CONE_SHAPE,
  n: countArg(MAX_LSST_CONE_N)
    .optional()
    .default(DEFAULT_LSST_CONE_N)
    .meta({
      description: `Most diaObjects returned (the nearest), at most ${MAX_LSST_CONE_N.toLocaleString('en-US')}`,
    }),
  startdate: dateArg.optional().meta({
    description:
      'Keep the diaObjects first detected at or after this date: ISO UTC (2026-01-01 10:00:00), JD or MJD ' +
      '(numbers ≥ 2,400,000 are JD), read as UTC; no default (no time condition)',
    examples: ['2025-12-01 00:00:00'],
  }),
  stopdate: dateArg.optional().meta({
    description: 'Keep the diaObjects first detected at or before this date (ISO UTC, JD or MJD)',
  }),
  window: positiveDaysArg.optional().meta({
    description: 'Length of the time window in days, from startdate (needs startdate; not with stopdate)',
  }),
  columns: columnsArg.meta({
    description:
      'Comma-separated field names (unknown names ignored; * = all); r:ra, r:dec, r:midpointMjdTai and ' +
      'v:separation_degree are always added, as Fink does',
  }),
  'output-format': outputFormatArg,
});

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_CONESEARCH_ENDPOINT: EndpointDoc = {
  path: '/api/v1/conesearch',
  methods: ['GET', 'POST'],
  summary: 'Rubin diaObjects within a cone, nearest first: the last alert of each with its separation',
  args: schema,
};

/** MJD TAI of a JD UTC (the dates of requests are UTC, Rubin's times TAI). */
export function mjdTaiOfJdUtc(jd: number): number {
  return jd - MJD_OFFSET + TAI_MINUS_UTC_S / 86_400;
}

/** The app, mounted at /api/v1/conesearch on an LSST store. */
export function lsstConesearchApp(reader: LsstStoreReader): Hono {
  const app = new Hono();
  const handler = endpointHandler(schema, { prepare: (raw) => givenCone(schema, raw) }, async (c, args) => {
    const window = timeWindow(args, null);
    const snapshot = reader.snapshot();
    const { sources, objects } = snapshot.tables;
    const catalogue = lsstColumnCatalogue([sources, objects], LSST_CONESEARCH_ENDPOINT.path);
    const asked = splitList(args.columns ?? '');
    const isFull = asked.length === 0 || asked.includes('*');
    const withAlways = isFull
      ? args.columns
      : [...asked, ...LSST_CONE_ALWAYS.filter((n) => !asked.includes(n))].join(',');
    const names = parseColumnSelection(withAlways, [SEPARATION_FIELD], catalogue).names;
    const sourceSet = new Set(sources.columns.map((col) => col.name));
    const objectSet = new Set(objects.columns.map((col) => col.name));
    const sourceNames = isFull ? servedColumns(sources) : (names ?? []).filter((n) => sourceSet.has(n));
    const objectNames = (isFull ? servedColumns(objects) : (names ?? [])).filter(
      (n) => objectSet.has(n) && !sourceSet.has(n),
    );
    const radiusDeg = args.radius;
    const readNames = [...new Set([...sourceNames, 'r:ra', 'r:dec'])];
    const band: BandQuery = {
      cone: { raDeg: args.ra, decDeg: args.dec, radiusDeg },
      decMinDeg: Math.max(-90, args.dec - radiusDeg),
      decMaxDeg: Math.min(90, args.dec + radiusDeg),
      firstMjdMin: window ? mjdTaiOfJdUtc(window.startJd) : Number.NEGATIVE_INFINITY,
      firstMjdMax: window ? mjdTaiOfJdUtc(window.stopJd) : Number.POSITIVE_INFINITY,
    };
    // the candidates from the parts' sky indexes, their rows from their blocks
    const blocks = LsstStoreReader.blocksOf(snapshot);
    const hits = readLastAlertsInBand(blocks, sources, objects, readNames, objectNames, band);
    const order = [...sourceNames, ...objectNames];
    const rows = hits
      .map((h) => ({
        row: h,
        sepDeg: separationDeg(args.ra, args.dec, h['r:ra'] as number, h['r:dec'] as number),
      }))
      .filter((h) => h.sepDeg <= radiusDeg)
      .sort((a, b) => a.sepDeg - b.sepDeg)
      .slice(0, args.n)
      .map(({ row, sepDeg }) => ({
        ...Object.fromEntries(order.map((n) => [n, row[n] ?? null])),
        [SEPARATION_FIELD]: sepDeg,
      }));
    const tables = [sources, objects];
    return respondTable(c, rows, args['output-format'], 'conesearch', {
      columns: [...order, SEPARATION_FIELD],
      fields: lsstFieldLookup(tables),
      float32Columns: float32Columns(tables),
    });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
