/**
 * The nightly statistics of an LSST night (Fink's LSST counters, fink-broker `bin/rubin/archive_statistics.py`;
 * reference/fink-lsst-api.md §4.4), from the alerts staged for the night (work relations of lsst-part-writer.ts).
 * Differences from Fink (docs/surveys.md): `objects` counts the distinct diaObjects of the night's alerts, Solar
 * System sources excluded (Fink subtracts 1 for their null group, also on nights without one); the five flag
 * counters count the alerts whose flag is true (Fink's `select(flag).count()` counts every alert). The three
 * version strings are not counters and are left out; a counter whose columns no staged schema has is 0.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { NightStatistics } from '../../data/index.js';
import type { LsstRelationColumns } from './lsst-part-writer.js';

/** Rubin's bands, for the `alerts_<band>` counters. */
export const LSST_BANDS = ['u', 'g', 'r', 'i', 'z', 'y'] as const;

/** The diaSource flags Fink counts. */
const FLAG_COLUMNS = [
  'glint_trail',
  'isDipole',
  'pixelFlags_cr',
  'pixelFlags_saturated',
  'pixelFlags_streak',
];

/** Prefix of the LSST statistics keys (as Fink's LSST statistics route names its columns: `f:alerts`). */
const KEY = 'f:';

/**
 * The statistics row of the night whose alerts are in the work relations (`l_sources`, `l_objects`, `l_sso`):
 * `f:alerts`, `f:alerts_<band>`, `f:objects`, `f:is_sso`, `f:is_first`, `f:is_cataloged`, `f:in_tns`, the flag
 * counters and `f:visits` (distinct exposure midpoints), as counts.
 */
export async function computeLsstStatistics(
  conn: DuckDBConnection,
  columns: LsstRelationColumns,
): Promise<NightStatistics> {
  const source = (c: string): string => (columns.get('lsst_sources')?.includes(c) ? `s."${c}"` : 'NULL');
  const object = (c: string): string => (columns.get('lsst_objects')?.includes(c) ? `o."${c}"` : 'NULL');
  const counters: [string, string][] = [
    ['alerts', 'count(*)'],
    ...LSST_BANDS.map((b): [string, string] => [
      `alerts_${b}`,
      `count(*) FILTER (WHERE ${source('r:band')} = '${b}')`,
    ]),
    [
      'objects',
      `count(DISTINCT ${source('r:diaObjectId')}) FILTER (WHERE coalesce(${source('r:diaObjectId')}, 0) <> 0)`,
    ],
    ['is_sso', 'count(*) FILTER (WHERE sso.has_sso)'],
    // Fink's is_first: nDiaSources = 1 (null for a Solar System source, which has no diaObject)
    ['is_first', `count(*) FILTER (WHERE coalesce(${object('f:is_first')}, ${object('r:nDiaSources')} = 1))`],
    ['is_cataloged', `count(*) FILTER (WHERE ${object('f:is_cataloged')})`],
    ['in_tns', `count(${source('f:xm_tns_fullname')})`],
    ...FLAG_COLUMNS.map((f): [string, string] => [f, `count(*) FILTER (WHERE ${source(`r:${f}`)})`]),
    ['visits', `count(DISTINCT ${source('r:midpointMjdTai')})`],
  ];
  const reader = await conn.runAndReadAll(`
    SELECT ${counters.map(([name, sql]) => `(${sql})::BIGINT AS "${name}"`).join(', ')}
    FROM l_sources s
    LEFT JOIN l_objects o USING (alert_id)
    LEFT JOIN (SELECT DISTINCT alert_id, true AS has_sso FROM l_sso) sso USING (alert_id)`);
  const row = reader.getRowObjects()[0];
  return Object.fromEntries(counters.map(([name]) => [`${KEY}${name}`, Number(row[name])]));
}
