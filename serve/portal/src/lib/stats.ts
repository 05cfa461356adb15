/**
 * The nightly statistics of `/api/v1/statistics` as series for the statistics page: one value per night for the
 * `basic:` counts, for each `class:` label and for the two SIMBAD counts, totals per class, and cumulative sums.
 * Reference: docs/references.md#api-statistics (columns); serve/api/statistics.ts (`key:key` = `ztf_YYYYMMDD`;
 * a label not seen on a night is null in that night's row, or absent).
 */

/**
 * Nightly counts: the nights (ISO dates, ascending) and, per column, one value per night (0 when absent or
 * null). `simbad` holds `class:simbad_tot` and `class:simbad_gal` (as `tot`, `gal`), which are not labels.
 */
export interface StatsSeries {
  readonly nights: string[];
  readonly basic: Record<string, number[]>;
  readonly classes: Record<string, number[]>;
  readonly simbad: Record<string, number[]>;
}

/** The `class:` columns that count SIMBAD matches rather than alerts of one label. */
const SIMBAD_PREFIX = 'class:simbad_';

const KEY = /^[a-z]+_(\d{4})(\d{2})(\d{2})$/;

/** The night of a statistics row key (`ztf_20240301` → `2024-03-01`); null when the key is not a night. */
export function nightOfKey(key: unknown): string | null {
  const m = typeof key === 'string' ? KEY.exec(key) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** Series of the rows (any order; rows without a night key are left out). */
export function statsSeries(rows: readonly Readonly<Record<string, unknown>>[]): StatsSeries {
  const dated = rows
    .map((row) => ({ row, night: nightOfKey(row['key:key']) }))
    .filter((r): r is { row: Readonly<Record<string, unknown>>; night: string } => r.night !== null)
    .sort((a, b) => a.night.localeCompare(b.night));
  const basic: Record<string, number[]> = {};
  const classes: Record<string, number[]> = {};
  const simbad: Record<string, number[]> = {};
  dated.forEach(({ row }, i) => {
    for (const [key, value] of Object.entries(row)) {
      const isSimbad = key.startsWith(SIMBAD_PREFIX);
      const target = key.startsWith('basic:')
        ? basic
        : isSimbad
          ? simbad
          : key.startsWith('class:')
            ? classes
            : null;
      if (target === null) continue;
      const name = isSimbad ? key.slice(SIMBAD_PREFIX.length) : key.slice(key.indexOf(':') + 1);
      target[name] ??= new Array<number>(dated.length).fill(0);
      target[name][i] = typeof value === 'number' && Number.isFinite(value) ? value : 0;
    }
  });
  return { nights: dated.map((d) => d.night), basic, classes, simbad };
}

/** Running sum. */
export function cumulative(values: readonly number[]): number[] {
  let sum = 0;
  return values.map((v) => {
    sum += v;
    return sum;
  });
}

/** Total of each class over all nights, largest first (ties by name). */
export function classTotals(series: StatsSeries): { label: string; total: number }[] {
  return Object.entries(series.classes)
    .map(([label, values]) => ({ label, total: values.reduce((s, v) => s + v, 0) }))
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
}

/** The `date` argument of the page's filter: empty, YYYY, YYYYMM or YYYYMMDD (dashes allowed); null if invalid. */
export function statsDateArg(text: string): string | null {
  const digits = text.trim().replace(/-/g, '');
  return /^(?:\d{4}|\d{6}|\d{8})?$/.test(digits) ? digits : null;
}
