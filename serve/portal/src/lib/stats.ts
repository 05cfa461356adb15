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

/**
 * Why a filter text is not a date the page can ask for, in words for the field's message; null when it is one
 * (empty, a year, a month 01-12, or a night that exists in the calendar).
 */
export function statsDateProblem(text: string): string | null {
  const digits = statsDateArg(text);
  if (digits === null)
    return `“${text.trim()}” is not a date: give a year (2024), a month (202403 or 2024-03) or a night (20240318 or 2024-03-18), or nothing for every night.`;
  if (digits.length >= 6) {
    const month = Number(digits.slice(4, 6));
    if (month < 1 || month > 12) return `Month ${digits.slice(4, 6)} does not exist: months are 01 to 12.`;
  }
  if (digits.length === 8) {
    const [y, m, d] = [Number(digits.slice(0, 4)), Number(digits.slice(4, 6)), Number(digits.slice(6, 8))];
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    if (d < 1 || d > last)
      return `${digits.slice(0, 4)}-${digits.slice(4, 6)} has no day ${digits.slice(6, 8)} (days 01 to ${last}).`;
  }
  return null;
}

/** Nights further apart than this (days) are not joined by a line: the survey did not observe in between. */
export const STATS_MAX_GAP_DAYS = 31;

const DAY_MS = 86_400_000;

/**
 * A series with a null inserted between two nights more than `maxGapDays` apart, so that a line chart
 * (`connectgaps: false`) is broken across seasons or years without data.
 * @param nights ISO dates, ascending; @param values one per night.
 */
export function gapBrokenSeries(
  nights: readonly string[],
  values: readonly number[],
  maxGapDays = STATS_MAX_GAP_DAYS,
): { x: (string | null)[]; y: (number | null)[] } {
  const x: (string | null)[] = [];
  const y: (number | null)[] = [];
  nights.forEach((night, i) => {
    if (i > 0 && (Date.parse(night) - Date.parse(nights[i - 1])) / DAY_MS > maxGapDays) {
      x.push(null);
      y.push(null);
    }
    x.push(night);
    y.push(values[i]);
  });
  return { x, y };
}

/**
 * Twelve colours told apart at a glance (Paul Tol's "muted" qualitative scheme, 9 colours, plus three of his
 * "bright" scheme), one per class drawn, so no two classes of a chart share a colour (Plotly's default cycles
 * after 10, so the 11th trace took the first one's colour). Reference: P. Tol, "Colour schemes", SRON/EPS/TN/09-002.
 */
export const CLASS_COLOURS: readonly string[] = [
  '#332288',
  '#88CCEE',
  '#44AA99',
  '#117733',
  '#999933',
  '#DDCC77',
  '#CC6677',
  '#882255',
  '#AA4499',
  '#4477AA',
  '#EE6677',
  '#BBBBBB',
];

/**
 * The date axis of the nightly charts: whole days as ticks when the nights span a month or less (a single night
 * is shown as that day, ±1 day, rather than as hours around midnight); Plotly's own ticks otherwise.
 */
export function nightAxis(nights: readonly string[]): Record<string, unknown> {
  if (nights.length === 0) return { type: 'date' };
  const first = Date.parse(nights[0]);
  const last = Date.parse(nights[nights.length - 1]);
  if ((last - first) / DAY_MS > 31) return { type: 'date' };
  const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
  return {
    type: 'date',
    range: [iso(first - DAY_MS), iso(last + DAY_MS)],
    dtick: DAY_MS * Math.max(1, Math.ceil((last - first) / DAY_MS / 10)),
    tickformat: '%Y-%m-%d',
  };
}
