/**
 * The `v:` fields of alert rows, computed at query time in full-column mode (docs/references.md#derived-fields): classification
 * (stored at ingestion), lastdate, firstdate, lapse, constellation, and for whole light curves (objects) the
 * colour and rate fields, computed per object.
 */
import {
  alertVFieldsOfRow,
  COLOUR_RATE_COLUMNS,
  type ColourRateFields,
  computeColourRate,
} from '../compute/derived/index.js';

type ApiRow = Record<string, unknown>;

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** Adds the per-alert v: fields to API rows (keyed by API names, e.g. `i:jd`). */
export function addAlertFields(rows: ApiRow[], classification: readonly (string | null)[]): void {
  rows.forEach((row, i) => {
    Object.assign(row, alertVFieldsOfRow(row, classification[i] ?? null));
  });
}

/** Adds the colour and rate fields, computed per object over the given rows (valid alerts only). */
export function addColourRateFields(rows: ApiRow[]): void {
  const byObject = new Map<unknown, number[]>();
  rows.forEach((row, i) => {
    const list = byObject.get(row['i:objectId']);
    if (list) list.push(i);
    else byObject.set(row['i:objectId'], [i]);
  });
  for (const indices of byObject.values()) {
    const fields = computeColourRate(
      indices.map((i) => ({
        jd: num(rows[i]['i:jd']) ?? Number.NaN,
        fid: num(rows[i]['i:fid']) ?? 0,
        magpsf: num(rows[i]['i:magpsf']) ?? Number.NaN,
        sigmapsf: num(rows[i]['i:sigmapsf']) ?? Number.NaN,
      })),
    );
    indices.forEach((rowIndex, k) => {
      for (const [key, name] of Object.entries(COLOUR_RATE_COLUMNS) as [keyof ColourRateFields, string][]) {
        rows[rowIndex][name] = fields[key][k];
      }
    });
  }
}
