/**
 * The columns a search result table can show (API field names of each object's latest alert), the ones shown by
 * default per kind of search, the `columns=` URL parameter that keeps a choice, and the fields the API is asked
 * for: the shown columns, plus the position (sky map) and the alert time (latest alert per object). Pure.
 */
import type { Action } from './search-query.js';

/** How a column's values read. */
export type ColumnFormat = 'text' | 'mag' | 'deg' | 'utc' | 'count' | 'days' | 'arcsec' | 'score';

/** A column of the results table: an API field, its header and how it reads. */
export interface ResultColumn {
  readonly field: string;
  readonly label: string;
  readonly format: ColumnFormat;
}

/** Always the first column (the link to the object page), always transferred. */
export const OBJECT_ID_FIELD = 'i:objectId';
/** Fields transferred whatever is shown: the position (sky map) and the alert time (latest alert per object). */
export const BASE_FIELDS: readonly string[] = [OBJECT_ID_FIELD, 'i:ra', 'i:dec', 'i:jd'];
/** The cone separation (added by the API to every cone answer). */
export const SEPARATION_FIELD = 'v:separation_degree';

/** Every column the chooser offers, in table order. */
export const RESULT_COLUMNS: readonly ResultColumn[] = [
  { field: 'v:classification', label: 'Class', format: 'text' },
  { field: 'i:ssnamenr', label: 'SSO', format: 'text' },
  { field: 'i:magpsf', label: 'Last mag', format: 'mag' },
  { field: 'i:sigmapsf', label: 'σ mag', format: 'mag' },
  { field: 'i:fid', label: 'Band (fid)', format: 'count' },
  { field: 'v:lastdate', label: 'Last alert (UTC)', format: 'utc' },
  { field: 'v:firstdate', label: 'First alert (UTC)', format: 'utc' },
  { field: 'v:lapse', label: 'Lapse (d)', format: 'days' },
  { field: 'i:ndethist', label: 'Detections', format: 'count' },
  { field: 'd:nalerthist', label: 'Alerts', format: 'count' },
  { field: 'i:ra', label: 'RA (deg)', format: 'deg' },
  { field: 'i:dec', label: 'Dec (deg)', format: 'deg' },
  { field: SEPARATION_FIELD, label: 'Separation (″)', format: 'arcsec' },
  { field: 'v:constellation', label: 'Constellation', format: 'text' },
  { field: 'd:cdsxmatch', label: 'SIMBAD type', format: 'text' },
  { field: 'd:tns', label: 'TNS', format: 'text' },
  { field: 'i:drb', label: 'Real/bogus (drb)', format: 'score' },
  { field: 'd:rf_snia_vs_nonia', label: 'RF SN Ia', format: 'score' },
  { field: 'd:snn_snia_vs_nonia', label: 'SNN SN Ia', format: 'score' },
  { field: 'd:mulens', label: 'Microlensing', format: 'score' },
  { field: 'd:anomaly_score', label: 'Anomaly score', format: 'score' },
  { field: 'd:tracklet', label: 'Tracklet', format: 'text' },
  { field: 'i:objectidps1', label: 'Pan-STARRS1 id', format: 'text' },
  { field: 'i:distpsnr1', label: 'PS1 distance (″)', format: 'score' },
];

const KNOWN = new Set(RESULT_COLUMNS.map((c) => c.field));

/** The columns shown when the URL does not choose, per kind of search. */
export function defaultColumns(action: Action): string[] {
  const list = ['v:classification', 'i:magpsf', 'v:lastdate', 'i:ndethist', 'i:ra', 'i:dec'];
  if (action === 'sso') list.splice(1, 0, 'i:ssnamenr');
  if (action === 'tracklet') list.splice(1, 0, 'd:tracklet');
  if (action === 'conesearch') list.push(SEPARATION_FIELD);
  return list;
}

/**
 * The columns of a `columns=` URL parameter (comma list of field names), unknown names left out.
 * @returns null when the parameter is absent or names no known column (the defaults apply).
 */
export function columnsFromParam(value: string | null): string[] | null {
  if (value === null) return null;
  const list = value
    .split(',')
    .map((f) => f.trim())
    .filter((f) => KNOWN.has(f));
  return list.length > 0 ? [...new Set(list)] : null;
}

/** The shown columns in table order (the chooser's order), whatever order they were chosen in. */
export function orderedColumns(fields: readonly string[]): ResultColumn[] {
  const chosen = new Set(fields);
  return RESULT_COLUMNS.filter((c) => chosen.has(c.field));
}

/**
 * The fields to ask the API for: {@link BASE_FIELDS} and the shown ones. The cone separation is never asked
 * for: the API adds it to every cone answer (`columns` would reject it elsewhere).
 */
export function requestFields(shown: readonly string[]): string[] {
  return [...new Set([...BASE_FIELDS, ...shown.filter((f) => f !== SEPARATION_FIELD)])];
}
