/**
 * LSST `/api/v1/statistics`: Fink's nightly counters of the Rubin stream, one row per night, ascending, as Fink's
 * route of that name: `f:night` (YYYYMMDD), the counters the publication step recorded in the catalog
 * (ingest/publish/lsst-statistics.ts: `f:alerts`, `f:alerts_<band>`, `f:objects`, `f:is_sso`, `f:is_first`,
 * `f:is_cataloged`, `f:in_tns`, the five flags, `f:visits`) as numbers, and the three version strings of the night's
 * first alert (null when its alerts carry none).
 *
 * Reference: fink-object-api apps/routes/v1/lsst/statistics/{api,utils,test}.py; fink-lsst-api.md §3.10, §4.4;
 * docs/api.md, "LSST API".
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { LsstFieldDoc, NightStatistics } from '../../../data/index.js';
import {
  LSST_VERSION_FIELDS,
  type NightVersions,
  readNightVersions,
} from '../../../data/queries/lsst/index.js';
import { endpointHandler, outputFormatArg, splitList } from '../../args/index.js';
import { respondTable } from '../../encode/index.js';
import type { LsstSnapshot, LsstStoreReader } from '../../lsst-store-reader.js';
import type { EndpointDoc } from '../../openapi.js';
import { STATISTICS_DATE_ARG } from '../statistics.js';

/** The night column (Fink's renamed row key). */
export const NIGHT_FIELD = 'f:night';
/** Keys of a catalog statistics row that are not counters of the answer. */
const NOT_COUNTERS = new Set(['key:time']);
const VERSION_FIELDS: ReadonlySet<string> = new Set(LSST_VERSION_FIELDS);

const schema = z.object({
  date: STATISTICS_DATE_ARG.meta({
    description:
      'Night(s), required: YYYYMMDD (a night), YYYYMM (a month), YYYY (a year) or an empty string (every night)',
    examples: ['20260101'],
  }),
  columns: z
    .string()
    .optional()
    .meta({
      description:
        'Comma-separated columns, or * for all (the default); unknown names are ignored; f:night is always ' +
        'returned. Counters: f:alerts, f:alerts_u … f:alerts_y (per band), f:objects (distinct diaObjects, Solar ' +
        'System sources excluded), f:is_sso, f:is_first, f:is_cataloged, f:in_tns, f:glint_trail, f:isDipole, ' +
        'f:pixelFlags_cr, f:pixelFlags_saturated, f:pixelFlags_streak (alerts whose flag is true), f:visits ' +
        '(distinct exposure midpoints); versions: ' +
        LSST_VERSION_FIELDS.join(', '),
      examples: ['f:night,f:alerts'],
    }),
  'output-format': outputFormatArg,
});

/** A counter of alerts of a night (a count). */
const counter = (doc: string): LsstFieldDoc => ({ type: 'long', doc });
/** A version string of a night's first alert (null when its alerts carry none). */
const version = (doc: string): LsstFieldDoc => ({ type: ['null', 'string'], doc });

/** The fields of an answer's rows, with their types and meaning (the `f:` family of the schema route). */
export const LSST_STATISTICS_FIELDS: Readonly<Record<string, LsstFieldDoc>> = {
  [NIGHT_FIELD]: { type: 'string', doc: 'Night of the observations, YYYYMMDD' },
  'f:alerts': counter('Alerts of the night'),
  ...Object.fromEntries(
    [...'ugrizy'].map((b) => [`f:alerts_${b}`, counter(`Alerts of the night in band ${b}`)]),
  ),
  'f:objects': counter('Distinct diaObjects of the night (Solar System sources excluded)'),
  'f:is_sso': counter('Alerts of a Solar System source'),
  'f:is_first': counter("Alerts that are their diaObject's first detection"),
  'f:is_cataloged': counter('Alerts with a SIMBAD or Gaia DR3 counterpart'),
  'f:in_tns': counter('Alerts with a TNS counterpart'),
  ...Object.fromEntries(
    ['glint_trail', 'isDipole', 'pixelFlags_cr', 'pixelFlags_saturated', 'pixelFlags_streak'].map((f) => [
      `f:${f}`,
      counter(`Alerts whose flag ${f} is true`),
    ]),
  ),
  'f:visits': counter('Distinct exposure midpoints (r:midpointMjdTai) of the night'),
  'f:fink_broker_version': version("Fink broker version of the night's first alert"),
  'f:fink_science_version': version("Fink science version of the night's first alert"),
  'f:lsst_schema_version': version("LSST alert schema version of the night's first alert"),
};

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_STATISTICS_ENDPOINT: EndpointDoc = {
  path: '/api/v1/statistics',
  methods: ['GET', 'POST'],
  summary:
    'Nightly counters of the Rubin alerts (alerts per band, objects, flags, visits), one row per night',
  args: schema,
};

/** The counters of `nights`, in their first-seen order. */
function counterNames(nights: readonly NightStatistics[]): string[] {
  const names = new Set<string>();
  for (const stats of nights) for (const k of Object.keys(stats)) if (!NOT_COUNTERS.has(k)) names.add(k);
  return [...names];
}

/** The app, mounted at /api/v1/statistics on an LSST store. */
export function lsstStatisticsApp(reader: LsstStoreReader): Hono {
  const app = new Hono();
  // the version strings of a catalog version's nights, read once per version
  let versions: { snap: LsstSnapshot; byNight: Promise<Map<string, NightVersions>> } | null = null;
  const versionsOf = (snap: LsstSnapshot) => {
    if (versions?.snap !== snap)
      versions = {
        snap,
        byNight: readNightVersions((sql, params) => reader.query(sql, params), snap.tables.sources),
      };
    return versions.byNight;
  };
  const handler = endpointHandler(schema, async (c, args) => {
    const snap = reader.snapshot();
    const { statistics } = snap.catalog;
    const nights = Object.keys(statistics)
      .filter((n) => n.startsWith(args.date))
      .sort();
    const all = [...counterNames(nights.map((n) => statistics[n])), ...LSST_VERSION_FIELDS];
    const asked = args.columns === undefined ? [] : splitList(args.columns);
    const wanted = asked.length === 0 || asked.includes('*') ? all : all.filter((c) => asked.includes(c));
    const byNight = wanted.some((c) => VERSION_FIELDS.has(c))
      ? await versionsOf(snap)
      : new Map<string, NightVersions>();
    const rows = nights.map((night) => {
      const row: Record<string, string | number | null> = { [NIGHT_FIELD]: night };
      const names: Readonly<Record<string, string | null>> | undefined = byNight.get(night);
      for (const c of wanted) row[c] = statistics[night][c] ?? names?.[c] ?? null;
      return row;
    });
    return respondTable(c, rows, args['output-format'], `statistics_${args.date || 'all'}`, {
      columns: [NIGHT_FIELD, ...wanted],
    });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
