/**
 * Query behind the three version strings of LSST `/api/v1/statistics` (Fink's `fink_broker_version`,
 * `fink_science_version`, `lsst_schema_version`, taken from a night's first alert; reference/fink-lsst-api.md
 * §4.4): they are not counts, so the catalog's statistics rows do not hold them, and they are read from the
 * alerts' own `f:` columns when the store holds them (Fink's data transfers carry them; Rubin's raw alerts do not).
 */
import type { QueryFn } from '../objects.js';
import { columnSql, hasColumn, type LsstTable, relationSql } from './tables.js';

/** The version fields of a statistics row, in Fink's names. */
export const LSST_VERSION_FIELDS = [
  'f:fink_broker_version',
  'f:fink_science_version',
  'f:lsst_schema_version',
] as const;

/** The version strings of one night (null where its alerts carry none). */
export type NightVersions = Readonly<Record<(typeof LSST_VERSION_FIELDS)[number], string | null>>;

/**
 * The version strings of each night of the sources table, from its earliest alert (`v:alert` true, smallest
 * `r:midpointMjdTai`) carrying them.
 *
 * @returns by night (YYYYMMDD as a string); empty when the table holds none of the version columns.
 */
export async function readNightVersions(
  query: QueryFn,
  sources: LsstTable,
): Promise<Map<string, NightVersions>> {
  const held = LSST_VERSION_FIELDS.filter((f) => hasColumn(sources, f));
  const needed = ['v:night', 'v:alert', 'r:midpointMjdTai'];
  if (held.length === 0 || sources.files.length === 0 || !needed.every((c) => hasColumn(sources, c)))
    return new Map();
  const mjd = columnSql(sources, 'r:midpointMjdTai');
  const rows = await query(
    `
    SELECT CAST(${columnSql(sources, 'v:night')} AS VARCHAR) AS night,
      ${held.map((f, i) => `arg_min(${columnSql(sources, f)}, ${mjd}) FILTER (WHERE ${columnSql(sources, f)} IS NOT NULL) AS v${i}`).join(', ')}
    FROM ${relationSql(sources)} WHERE ${columnSql(sources, 'v:alert')}
    GROUP BY ALL`,
    [],
  );
  const out = new Map<string, NightVersions>();
  for (const r of rows) {
    const entry = Object.fromEntries(LSST_VERSION_FIELDS.map((f) => [f, null])) as Record<
      string,
      string | null
    >;
    held.forEach((f, i) => {
      const v = r[`v${i}`];
      entry[f] = v === null || v === undefined ? null : String(v);
    });
    out.set(String(r.night), entry as NightVersions);
  }
  return out;
}
