/**
 * The `v:` fields of alert rows, computed at query time in full-column mode (reference §3): classification
 * (stored at ingestion), lastdate, firstdate, lapse, constellation, and for whole light curves (objects) the
 * colour and rate fields, computed per object.
 */
import {
  COLOUR_RATE_COLUMNS,
  type ColourRateFields,
  computeColourRate,
} from '../compute/derived/colour-rate.js';
import { constellationName } from '../compute/derived/constellation.js';
import { firstdate, lapseDays, lastdate } from '../compute/derived/dates.js';

type ApiRow = Record<string, unknown>;

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** Adds the per-alert v: fields to API rows (keyed by API names, e.g. `i:jd`). */
export function addAlertFields(rows: ApiRow[], classification: readonly (string | null)[]): void {
  rows.forEach((row, i) => {
    const jd = num(row['i:jd']);
    const start = num(row['i:jdstarthist']);
    row['v:classification'] = classification[i] ?? 'Unknown';
    row['v:lastdate'] = lastdate(jd);
    row['v:firstdate'] = firstdate(start);
    row['v:lapse'] = lapseDays(jd, start);
    const ra = num(row['i:ra']);
    const dec = num(row['i:dec']);
    row['v:constellation'] = ra !== null && dec !== null ? constellationName(ra, dec) : null;
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
