/**
 * The nightly statistics table as Fink's `statistics_class` table holds it (docs/references.md#api-statistics):
 * one row per night keyed `ztf_YYYYMMDD`, the `basic:` counts, one `class:` count per label seen that night and
 * the two SIMBAD counts. The rows are kept in the catalog (`Catalog.statistics`, written at publication by
 * ingest/publish/statistics.ts); this file names the columns and builds the answers of `/api/v1/statistics`.
 */
import type { NightStatistics } from './catalog.js';

/** Row key column: `ztf_YYYYMMDD`. */
export const STATS_KEY_COLUMN = 'key:key';
/**
 * When the night's row was computed, in milliseconds since 1970-01-01 UTC (Fink's `key:time` is the HBase cell
 * time of the row, i.e. when it was written). Absent from rows computed before it was recorded (null).
 */
export const STATS_TIME_COLUMN = 'key:time';
/**
 * Fink's `basic:` counts, in order: alerts received, valid alerts (quality cut), valid alerts in g and in r,
 * distinct exposures (jd) and distinct fields of the valid alerts.
 */
export const STATS_BASIC_COLUMNS = [
  'basic:raw',
  'basic:sci',
  'basic:n_g',
  'basic:n_r',
  'basic:exposures',
  'basic:fields',
] as const;
/** Counts of ours, not Fink's: returned only when named in `columns` (distinct objects of the valid alerts). */
export const STATS_EXTRA_COLUMNS = ['basic:objects'] as const;
/** Prefix of the per-label counts of valid alerts (`class:SN candidate`, `class:QSO`, ...). */
export const STATS_CLASS_PREFIX = 'class:';
/**
 * The SIMBAD counts Fink writes every night beside the labels: valid alerts with a SIMBAD counterpart
 * (`simbad_tot`), and valid alerts whose `cdsxmatch` is in the extragalactic-host list (`simbad_gal`).
 */
export const STATS_SIMBAD_COLUMNS = ['class:simbad_tot', 'class:simbad_gal'] as const;

/** A value of the table: the row key, a count, the time, or null where a night has no such count. */
export type StatisticsValue = string | number | null;

/** A statistics answer: its columns (in order) and one row per night, every row holding every column. */
export interface StatisticsTable {
  readonly columns: readonly string[];
  readonly rows: readonly Record<string, StatisticsValue>[];
}

/** The `class:` columns of `rows`' nights, sorted. */
function classColumns(nights: readonly NightStatistics[]): string[] {
  const found = new Set<string>();
  for (const stats of nights)
    for (const key of Object.keys(stats)) if (key.startsWith(STATS_CLASS_PREFIX)) found.add(key);
  return [...found].sort();
}

/**
 * Every column that can be asked for: the keys, Fink's basic counts, ours, then the `class:` columns of any
 * night of `statistics`, sorted.
 */
export function statisticsSchema(statistics: Readonly<Record<string, NightStatistics>>): string[] {
  return [
    STATS_KEY_COLUMN,
    STATS_TIME_COLUMN,
    ...STATS_BASIC_COLUMNS,
    ...STATS_EXTRA_COLUMNS,
    ...classColumns(Object.values(statistics)),
  ];
}

/**
 * The rows of the nights whose YYYYMMDD starts with `datePrefix` (empty: every night), sorted by night.
 * Columns: `key:key` and `key:time` always; then, when `asked` is null, Fink's basic counts and the `class:`
 * columns of the nights answered (the labels seen on one of them, with the SIMBAD counts), or, when `asked` is a
 * list, those of its names that are basic counts (ours included) or `class:` columns of the nights answered,
 * in the table's order (other names are ignored). A count a night does not have (a label not seen that night)
 * is null, as in Fink's answer.
 *
 * @param datePrefix `YYYYMMDD`, `YYYYMM`, `YYYY` or empty, validated by the caller.
 */
export function statisticsTable(
  statistics: Readonly<Record<string, NightStatistics>>,
  datePrefix: string,
  asked: readonly string[] | null,
): StatisticsTable {
  const nights = Object.keys(statistics)
    .filter((night) => night.startsWith(datePrefix))
    .sort();
  const counts = [
    ...STATS_BASIC_COLUMNS,
    ...(asked === null ? [] : STATS_EXTRA_COLUMNS),
    ...classColumns(nights.map((n) => statistics[n])),
  ];
  const wanted = asked === null ? counts : counts.filter((c) => asked.includes(c));
  const columns = [STATS_KEY_COLUMN, STATS_TIME_COLUMN, ...wanted];
  const rows = nights.map((night) => {
    const stats = statistics[night];
    const row: Record<string, StatisticsValue> = {
      [STATS_KEY_COLUMN]: `ztf_${night}`,
      [STATS_TIME_COLUMN]: stats[STATS_TIME_COLUMN] ?? null,
    };
    for (const c of wanted) row[c] = stats[c] ?? null;
    return row;
  });
  return { columns, rows };
}
