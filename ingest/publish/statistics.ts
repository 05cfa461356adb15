/**
 * The nightly statistics row (docs/references.md#api-statistics: `basic:raw`, `basic:sci`, `basic:n_g`, `basic:n_r`,
 * `basic:exposures`, `basic:fields`, `class:<label>`), computed from the staged alerts of one night.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { NightStatistics } from '../../data/index.js';

/** Computes the statistics of relation `st` (all staged alerts of the night) with validity flag `valid`. */
export async function computeNightStatistics(conn: DuckDBConnection): Promise<NightStatistics> {
  const basic = await conn.runAndReadAll(`
    SELECT count(*)::BIGINT AS raw,
           count(*) FILTER (WHERE valid)::BIGINT AS sci,
           count(*) FILTER (WHERE valid AND i_fid = 1)::BIGINT AS n_g,
           count(*) FILTER (WHERE valid AND i_fid = 2)::BIGINT AS n_r,
           count(DISTINCT i_jd)::BIGINT AS exposures,
           count(DISTINCT i_field)::BIGINT AS fields,
           count(DISTINCT i_objectId) FILTER (WHERE valid)::BIGINT AS objects
    FROM st`);
  const b = basic.getRowObjects()[0];
  const stats: Record<string, number> = {};
  for (const key of ['raw', 'sci', 'n_g', 'n_r', 'exposures', 'fields', 'objects'])
    stats[`basic:${key}`] = Number(b[key]);
  const classes = await conn.runAndReadAll(
    'SELECT classification, count(*)::BIGINT AS n FROM st WHERE valid GROUP BY 1 ORDER BY 1',
  );
  for (const row of classes.getRowObjects()) stats[`class:${String(row.classification)}`] = Number(row.n);
  return stats;
}
