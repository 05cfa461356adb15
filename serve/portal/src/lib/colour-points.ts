/**
 * The g − r colour of an object over time, as the API's `v:g-r` defines it: each valid g alert matched to the
 * nearest valid r alert within 0.3 day, colour of the difference magnitudes (compute/derived `computeColourRate`,
 * after fink-science-portal `extract_rate_and_color`). Pure, no DOM.
 */
import { computeColourRate } from '../../../../compute/derived/colour-rate.js';
import type { ApiRow } from './api.js';
import { numberField } from './object-rows.js';

/** One colour epoch: the g alert's time and id, g − r and its error (mag). */
export interface ColourPoint {
  readonly jd: number;
  readonly candid: string;
  readonly gMinusRMag: number;
  readonly errorMag: number;
}

/**
 * The colour epochs of an object's rows (`objects` with `withupperlim=true`; upper limits and bad-quality points
 * are left out), in time order. Empty when no g alert has an r alert within 0.3 day.
 */
export function colourPoints(rows: readonly ApiRow[]): ColourPoint[] {
  const valid = rows.filter(
    (r) =>
      (r['d:tag'] ?? 'valid') === 'valid' &&
      numberField(r, 'i:jd') !== null &&
      numberField(r, 'i:magpsf') !== null &&
      numberField(r, 'i:sigmapsf') !== null,
  );
  const points = valid.map((r) => ({
    jd: numberField(r, 'i:jd') as number,
    fid: numberField(r, 'i:fid') ?? 0,
    magpsf: numberField(r, 'i:magpsf') as number,
    sigmapsf: numberField(r, 'i:sigmapsf') as number,
  }));
  const fields = computeColourRate(points);
  const out: ColourPoint[] = [];
  points.forEach((p, i) => {
    // a g alert that formed a colour epoch carries its own epoch's colour (distance 0 to itself)
    if (p.fid !== 1 || !Number.isFinite(fields.gMinusR[i])) return;
    out.push({
      jd: p.jd,
      candid: String(valid[i]['i:candid']),
      gMinusRMag: fields.gMinusR[i],
      errorMag: fields.sigmaGMinusR[i],
    });
  });
  return out.sort((a, b) => a.jd - b.jd);
}
