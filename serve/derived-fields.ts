/**
 * The `v:` fields of alert rows, computed at query time in full-column mode (reference §3): classification
 * (stored at ingestion), lastdate, firstdate, lapse and constellation.
 */
import { jdToIsoText } from '../compute/time/jd.js';
import { constellationName } from '../compute/derived/constellation.js';

/** Adds v: fields to API rows (rows keyed by API names, e.g. `i:jd`). */
export function addDerivedFields(rows: Record<string, unknown>[], classification: readonly (string | null)[]): void {
  rows.forEach((row, i) => {
    const jd = row['i:jd'] as number;
    const start = row['i:jdstarthist'];
    row['v:classification'] = classification[i] ?? 'Unknown';
    row['v:lastdate'] = jdToIsoText(jd);
    row['v:firstdate'] = typeof start === 'number' ? jdToIsoText(start) : null;
    row['v:lapse'] = typeof start === 'number' ? jd - start : null;
    row['v:constellation'] = constellationName(row['i:ra'] as number, row['i:dec'] as number);
  });
}
