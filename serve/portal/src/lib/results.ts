/**
 * Search results as one row per object, whatever endpoint answered: explorer gives one (latest) alert per
 * object, latests / sso / tracklet give alerts, grouped here by object. Pure functions, no DOM.
 */
import { jdToIsoText } from '../../../../compute/time/jd.js';
import type { ApiRow } from './api.js';
import type { ResultColumn } from './result-columns.js';

/** One object of a search result. */
export interface ResultRow {
  readonly objectId: string;
  readonly classification: string | null;
  /** Magnitude of the latest alert (mag, difference PSF). */
  readonly lastMag: number | null;
  /** JD (UTC) of the latest alert. */
  readonly lastJd: number | null;
  /** Alerts of the object: `d:nalerthist` when the rows carry it, else the rows of the answer. */
  readonly alerts: number;
  readonly raDeg: number | null;
  readonly decDeg: number | null;
  /** Distance to the cone centre (arcsec); null outside cone searches. */
  readonly separationArcsec: number | null;
  /** Solar System name of the alerts (`i:ssnamenr`), null when none. */
  readonly ssnamenr: string | null;
  /** The object's latest alert in the answer, every field it holds. */
  readonly latest: ApiRow;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
}

/**
 * Groups alert rows by object, keeping each object's latest alert.
 * @returns one row per object, in order of first appearance in the answer.
 */
export function toResultRows(rows: readonly ApiRow[]): ResultRow[] {
  const byObject = new Map<string, { latest: ApiRow; count: number; nalert: number | null }>();
  for (const row of rows) {
    const id = text(row['i:objectId']);
    if (id === null) continue;
    const seen = byObject.get(id);
    const nalert = num(row['d:nalerthist']);
    if (!seen) {
      byObject.set(id, { latest: row, count: 1, nalert });
      continue;
    }
    seen.count += 1;
    if (nalert !== null) seen.nalert = Math.max(seen.nalert ?? 0, nalert);
    if ((num(row['i:jd']) ?? -Infinity) > (num(seen.latest['i:jd']) ?? -Infinity)) seen.latest = row;
  }
  return [...byObject.entries()].map(([objectId, { latest, count, nalert }]) => {
    const separationDeg = num(latest['v:separation_degree']);
    return {
      objectId,
      classification: text(latest['v:classification']),
      lastMag: num(latest['i:magpsf']),
      lastJd: num(latest['i:jd']),
      alerts: Math.max(nalert ?? 0, count),
      raDeg: num(latest['i:ra']),
      decDeg: num(latest['i:dec']),
      separationArcsec: separationDeg === null ? null : separationDeg * 3600,
      ssnamenr: text(latest['i:ssnamenr']),
      latest,
    };
  });
}

/** A UTC date and time of a JD for tables, `YYYY-MM-DD hh:mm:ss`. */
export function jdText(jd: number | null): string {
  return jd === null ? '' : jdToIsoText(jd).replace('T', ' ').slice(0, 19);
}

/** Sort keys of result rows. */
export type ResultSortKey =
  | 'objectId'
  | 'classification'
  | 'lastMag'
  | 'lastJd'
  | 'alerts'
  | 'separationArcsec';

/** The value a result row sorts by for a column (nulls sort last). */
export function resultSortValue(row: ResultRow, key: ResultSortKey): number | string | null {
  return row[key];
}

/**
 * Sorts result rows by one column; null values go last in both directions; ties keep their order.
 * @returns a new array.
 */
export function sortResults(rows: readonly ResultRow[], key: ResultSortKey, descending = false): ResultRow[] {
  const sign = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const va = resultSortValue(a, key);
    const vb = resultSortValue(b, key);
    if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
    if (typeof va === 'number' && typeof vb === 'number') return sign * (va - vb);
    return sign * String(va).localeCompare(String(vb));
  });
}

/** True for a value that holds nothing: null, absent, NaN, or the texts `nan`, `None`, `null` some fields carry. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (typeof value === 'number') return !Number.isFinite(value);
  return typeof value === 'string' && /^(nan|none|null)$/i.test(value.trim());
}

/**
 * A cell of the results table: the column's field of the object's latest alert, as text (empty when blank).
 * 64-bit ids read as exact strings (lib/exact-json.ts) are shown as they are.
 */
export function cellText(row: ResultRow, column: ResultColumn): string {
  const value = row.latest[column.field];
  if (isBlank(value)) return '';
  if (typeof value !== 'number') return String(value);
  switch (column.format) {
    case 'mag':
      return value.toFixed(2);
    case 'deg':
      return value.toFixed(5);
    case 'days':
      return value.toFixed(2);
    case 'arcsec':
      return (value * 3600).toFixed(2);
    case 'score':
      return String(Number(value.toPrecision(4)));
    case 'utc':
      return jdText(value);
    default:
      return String(value);
  }
}

/** The value a cell sorts by: its number, else its text; null when blank. */
export function cellSortValue(row: ResultRow, column: ResultColumn): number | string | null {
  const value = row.latest[column.field];
  if (isBlank(value)) return null;
  return typeof value === 'number' ? value : String(value);
}
