/**
 * Colour and rate fields of one object's light curve: `v:rate`, `v:sigma(rate)`, `v:g-r`, `v:sigma(g-r)`,
 * `v:rate(g-r)`, `v:sigma(rate(g-r))` (the definitions in use since 2024-01-18).
 *
 * Reference: docs/references.md#derived-fields (derived fields); fink-science-portal `extract_rate_and_color` (tolerance 0.3 d,
 * pandas `merge_asof(direction='nearest')`).
 */
import { lowerBound, upperBound } from '../sorted-search.js';

/** One valid alert of an object, as the colour and rate fields read it. */
export interface PhotometryPoint {
  /** JD (UTC) of the exposure start (`i:jd`). */
  readonly jd: number;
  /** ZTF filter (`i:fid`): 1 = g, 2 = r; other values take part in no difference. */
  readonly fid: number;
  /** Difference-image PSF magnitude (`i:magpsf`, mag; no DC correction). */
  readonly magpsf: number;
  /** 1-sigma uncertainty of `magpsf` (`i:sigmapsf`, mag). */
  readonly sigmapsf: number;
}

/** The six fields, each aligned with the input points; NaN where undefined. */
export interface ColourRateFields {
  /** `v:rate`: Δmagpsf/Δjd to the previous alert of the same filter (mag/day). */
  readonly rate: Float64Array;
  /** `v:sigma(rate)`: hypot(σᵢ, σᵢ₋₁)/Δjd (mag/day). */
  readonly sigmaRate: Float64Array;
  /** `v:g-r`: magpsf(g) − magpsf(r) of the nearest matched g epoch within the tolerance (mag). */
  readonly gMinusR: Float64Array;
  /** `v:sigma(g-r)`: hypot(σ_g, σ_r) of that epoch (mag). */
  readonly sigmaGMinusR: Float64Array;
  /** `v:rate(g-r)`: Δ(g−r)/Δjd between that matched g epoch and the previous one (mag/day). */
  readonly rateGMinusR: Float64Array;
  /** `v:sigma(rate(g-r))`: hypot(σ(g−r)ₖ, σ(g−r)ₖ₋₁)/Δjd (mag/day). */
  readonly sigmaRateGMinusR: Float64Array;
}

/** API names of the fields of {@link ColourRateFields}. */
export const COLOUR_RATE_COLUMNS = {
  rate: 'v:rate',
  sigmaRate: 'v:sigma(rate)',
  gMinusR: 'v:g-r',
  sigmaGMinusR: 'v:sigma(g-r)',
  rateGMinusR: 'v:rate(g-r)',
  sigmaRateGMinusR: 'v:sigma(rate(g-r))',
} as const satisfies Record<keyof ColourRateFields, string>;

/** Largest time between a g and an r alert forming a colour, and from an alert to a colour epoch (days). */
export const COLOUR_TOLERANCE_DAYS = 0.3;

const FID_G = 1;
const FID_R = 2;

/** A ratio, NaN unless finite (a zero Δjd gives NaN, not ±Infinity). */
function finiteRatio(numerator: number, denominator: number): number {
  const value = numerator / denominator;
  return Number.isFinite(value) ? value : Number.NaN;
}

/**
 * Index of the key nearest to x within `toleranceDays` (inclusive), −1 when none. On a tie the earlier key
 * wins, and among equal keys the last one backward and the first one forward, as pandas
 * `merge_asof(direction='nearest')`.
 */
function nearestWithin(sortedKeys: readonly number[], x: number, toleranceDays: number): number {
  const backward = upperBound(sortedKeys, x) - 1;
  const forward = lowerBound(sortedKeys, x);
  const backDiff = backward >= 0 ? x - sortedKeys[backward] : Number.POSITIVE_INFINITY;
  const foreDiff = forward < sortedKeys.length ? sortedKeys[forward] - x : Number.POSITIVE_INFINITY;
  const hasBack = backDiff <= toleranceDays;
  const hasFore = foreDiff <= toleranceDays;
  if (hasBack && hasFore) return backDiff <= foreDiff ? backward : forward;
  if (hasBack) return backward;
  return hasFore ? forward : -1;
}

/**
 * Computes the colour and rate fields of one object's valid alerts.
 *
 * Rates: per filter (g and r), alerts sorted by jd, the difference to the previous alert of the same filter;
 * the first alert of each filter has NaN. Colour: each g alert is matched to the nearest r alert within
 * `toleranceDays` (ties to the earlier one); unmatched g alerts are dropped; g−r and its rate are computed
 * over the matched g epochs in time order; then every alert (any filter) takes the values of the nearest
 * matched g epoch within `toleranceDays`, NaN when there is none.
 *
 * @param points the object's valid alerts (upper limits excluded), in any order; points with a non-finite jd
 *   take part in nothing and get NaN everywhere.
 * @param toleranceDays matching tolerance (days, ≥ 0); default 0.3.
 * @returns six arrays aligned with `points`. A zero Δjd gives NaN (the reference's ±Infinity, written as
 *   null).
 *
 * Reference: docs/references.md#derived-fields; fink-science-portal `extract_rate_and_color`.
 */
export function computeColourRate(
  points: readonly PhotometryPoint[],
  toleranceDays: number = COLOUR_TOLERANCE_DAYS,
): ColourRateFields {
  const n = points.length;
  const fields: ColourRateFields = {
    rate: new Float64Array(n).fill(Number.NaN),
    sigmaRate: new Float64Array(n).fill(Number.NaN),
    gMinusR: new Float64Array(n).fill(Number.NaN),
    sigmaGMinusR: new Float64Array(n).fill(Number.NaN),
    rateGMinusR: new Float64Array(n).fill(Number.NaN),
    sigmaRateGMinusR: new Float64Array(n).fill(Number.NaN),
  };
  // Array.prototype.sort is stable: alerts at the same jd keep their input order.
  const order = [...points.keys()].filter((i) => Number.isFinite(points[i].jd));
  order.sort((a, b) => points[a].jd - points[b].jd);

  const byFilter = (fid: number) => order.filter((i) => points[i].fid === fid);
  const g = byFilter(FID_G);
  const r = byFilter(FID_R);
  for (const indices of [g, r]) {
    for (let k = 1; k < indices.length; k++) {
      const cur = points[indices[k]];
      const prev = points[indices[k - 1]];
      const dJd = cur.jd - prev.jd;
      fields.rate[indices[k]] = finiteRatio(cur.magpsf - prev.magpsf, dJd);
      fields.sigmaRate[indices[k]] = finiteRatio(Math.hypot(cur.sigmapsf, prev.sigmapsf), dJd);
    }
  }

  // Colour epochs: g alerts matched to an r alert with a magnitude (merge_asof keeps the g rows, then rows
  // whose
  // r magnitude is missing are dropped).
  const rJd = r.map((i) => points[i].jd);
  const epochJd: number[] = [];
  const epochColour: number[] = [];
  const epochSigma: number[] = [];
  for (const gi of g) {
    const k = nearestWithin(rJd, points[gi].jd, toleranceDays);
    if (k < 0 || Number.isNaN(points[r[k]].magpsf)) continue;
    epochJd.push(points[gi].jd);
    epochColour.push(points[gi].magpsf - points[r[k]].magpsf);
    epochSigma.push(Math.hypot(points[gi].sigmapsf, points[r[k]].sigmapsf));
  }
  const epochRate = epochJd.map((jd, k) =>
    k === 0 ? Number.NaN : finiteRatio(epochColour[k] - epochColour[k - 1], jd - epochJd[k - 1]),
  );
  const epochRateSigma = epochJd.map((jd, k) =>
    k === 0 ? Number.NaN : finiteRatio(Math.hypot(epochSigma[k], epochSigma[k - 1]), jd - epochJd[k - 1]),
  );

  for (const i of order) {
    const k = nearestWithin(epochJd, points[i].jd, toleranceDays);
    if (k < 0) continue;
    fields.gMinusR[i] = epochColour[k];
    fields.sigmaGMinusR[i] = epochSigma[k];
    fields.rateGMinusR[i] = epochRate[k];
    fields.sigmaRateGMinusR[i] = epochRateSigma[k];
  }
  return fields;
}
