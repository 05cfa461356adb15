/**
 * The nightly statistics rows (docs/references.md#api-statistics: `basic:raw`, `basic:sci`, `basic:n_g`, `basic:n_r`,
 * `basic:exposures`, `basic:fields`, `class:<label>`), computed from the staged alerts of the nights published.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { NightStatistics } from '../../data/index.js';

const BASIC_KEYS = ['raw', 'sci', 'n_g', 'n_r', 'exposures', 'fields', 'objects'] as const;

/**
 * Computes the statistics of each of `nights` from relation `st` (all staged alerts of those nights, with their
 * `night` and validity flag `valid`); a night without alerts gets a row of zeros.
 */
export async function computeNightsStatistics(
  conn: DuckDBConnection,
  nights: readonly number[],
): Promise<Map<number, NightStatistics>> {
  const stats = new Map<number, Record<string, number>>();
  for (const night of nights) stats.set(night, Object.fromEntries(BASIC_KEYS.map((k) => [`basic:${k}`, 0])));
  const basic = await conn.runAndReadAll(`
    SELECT night,
           count(*)::BIGINT AS raw,
           count(*) FILTER (WHERE valid)::BIGINT AS sci,
           count(*) FILTER (WHERE valid AND i_fid = 1)::BIGINT AS n_g,
           count(*) FILTER (WHERE valid AND i_fid = 2)::BIGINT AS n_r,
           count(DISTINCT i_jd)::BIGINT AS exposures,
           count(DISTINCT i_field)::BIGINT AS fields,
           count(DISTINCT i_objectId) FILTER (WHERE valid)::BIGINT AS objects
    FROM st GROUP BY night`);
  for (const b of basic.getRowObjects()) {
    const row = stats.get(Number(b.night));
    if (row) for (const key of BASIC_KEYS) row[`basic:${key}`] = Number(b[key]);
  }
  const classes = await conn.runAndReadAll(
    'SELECT night, classification, count(*)::BIGINT AS n FROM st WHERE valid GROUP BY 1, 2 ORDER BY 1, 2',
  );
  for (const r of classes.getRowObjects()) {
    const row = stats.get(Number(r.night));
    if (row) row[`class:${String(r.classification)}`] = Number(r.n);
  }
  return stats;
}
