/**
 * The nightly statistics rows (data/statistics.ts; docs/references.md#api-statistics), computed from the staged
 * alerts of the nights published as fink-broker's `archive_statistics.py` computes them: `basic:raw` over every
 * alert received, the other counts over the valid alerts (quality cut), one `class:<label>` per label seen, and
 * the two SIMBAD counts.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  EG_HOST_LABELS,
  EG_HOST_LABELS_LATER,
  isSimbadClassification,
  UNKNOWN_CLASS,
} from '../../compute/classify/index.js';
import {
  type NightStatistics,
  STATS_BASIC_COLUMNS,
  STATS_CLASS_PREFIX,
  STATS_EXTRA_COLUMNS,
  STATS_SIMBAD_COLUMNS,
  STATS_TIME_COLUMN,
} from '../../data/index.js';

/**
 * The `cdsxmatch` values `class:simbad_gal` counts: fink-utils' `return_list_of_eg_host()` as fink-broker calls it
 * (its newest list, later labels included), which holds `Unknown` and the failed cross-matches besides the
 * galaxy types.
 */
const SIMBAD_GAL_LABELS: ReadonlySet<string> = new Set([...EG_HOST_LABELS, ...EG_HOST_LABELS_LATER]);

/**
 * Computes the statistics of each of `nights` from relation `st` (all staged alerts of those nights, with their
 * `night`, validity flag `valid` and `classification`); a night without alerts gets a row of zeros. Each row
 * records when it was computed (`key:time`, ms since 1970 UTC).
 */
export async function computeNightsStatistics(
  conn: DuckDBConnection,
  nights: readonly number[],
): Promise<Map<number, NightStatistics>> {
  const computedAtMs = Date.now();
  const zeros = [...STATS_BASIC_COLUMNS, ...STATS_EXTRA_COLUMNS, ...STATS_SIMBAD_COLUMNS].map((c) => [c, 0]);
  const stats = new Map<number, Record<string, number>>();
  for (const night of nights)
    stats.set(night, { [STATS_TIME_COLUMN]: computedAtMs, ...Object.fromEntries(zeros) });
  const basic = await conn.runAndReadAll(`
    SELECT night,
           count(*)::BIGINT AS raw,
           count(*) FILTER (WHERE valid)::BIGINT AS sci,
           count(*) FILTER (WHERE valid AND i_fid = 1)::BIGINT AS n_g,
           count(*) FILTER (WHERE valid AND i_fid = 2)::BIGINT AS n_r,
           count(DISTINCT i_jd) FILTER (WHERE valid)::BIGINT AS exposures,
           count(DISTINCT i_field) FILTER (WHERE valid)::BIGINT AS fields,
           count(DISTINCT i_objectId) FILTER (WHERE valid)::BIGINT AS objects
    FROM st GROUP BY night`);
  for (const b of basic.getRowObjects()) {
    const row = stats.get(Number(b.night));
    if (!row) continue;
    for (const column of [...STATS_BASIC_COLUMNS, ...STATS_EXTRA_COLUMNS])
      row[column] = Number(b[column.slice(column.indexOf(':') + 1)]);
  }
  const classes = await conn.runAndReadAll(
    'SELECT night, classification, count(*)::BIGINT AS n FROM st WHERE valid GROUP BY 1, 2 ORDER BY 1, 2',
  );
  for (const r of classes.getRowObjects()) {
    const row = stats.get(Number(r.night));
    if (row) row[`${STATS_CLASS_PREFIX}${String(r.classification)}`] = Number(r.n);
  }
  const xmatch = await conn.runAndReadAll(
    'SELECT night, d_cdsxmatch AS cds, count(*)::BIGINT AS n FROM st WHERE valid GROUP BY 1, 2',
  );
  const [simbadTot, simbadGal] = STATS_SIMBAD_COLUMNS;
  for (const r of xmatch.getRowObjects()) {
    const row = stats.get(Number(r.night));
    if (!row) continue;
    // a null or empty cdsxmatch is the ingestion default Unknown, as for the classification
    const cds = r.cds === null || r.cds === '' ? UNKNOWN_CLASS : String(r.cds);
    if (isSimbadClassification(cds)) row[simbadTot] += Number(r.n);
    if (SIMBAD_GAL_LABELS.has(cds)) row[simbadGal] += Number(r.n);
  }
  return stats;
}
