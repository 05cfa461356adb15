/**
 * The sums of every Lomb–Scargle periodogram of the project (the variable-star view's multiband periodogram,
 * compute/timeseries/multiband-periodogram.ts, and the Solar System period search, compute/sso/period/): at one
 * frequency, the weighted least-squares fit of a Fourier series (harmonics shared by all bands, and optionally
 * per-band harmonics) plus one free offset per group of points (a band, or a band in one apparition). The offsets
 * are eliminated by centring each column on its weighted group mean (Frisch–Waugh–Lovell), so the system solved has
 * only the harmonic terms: 2 unknowns for one shared sinusoid whatever the number of groups. Pure.
 * Reference: VanderPlas J. T. & Ivezić Ž. 2015, ApJ 812, 18 (multiband model, eq. 10-13); Zechmeister M. &
 * Kürster M. 2009, A&A 496, 577 (floating mean).
 */
import { choleskyLower, solveCholesky } from '../linalg/index.js';

/** Relative pivot below which the normal equations count as singular (a degenerate frequency, e.g. aliasing on few points). */
const SINGULAR_PIVOT_RATIO = 1e-12;

/** Harmonics of the model: `base` shared by all bands (≥ 1), `band` more for each band (≥ 0). */
export interface HarmonicTerms {
  readonly base: number;
  readonly band: number;
}

/** Points of a fit with one offset per group: times from t0, weights 1/σ², values centred on their group's mean. */
export interface GroupedPoints {
  /** Days since t0 (the earliest point). */
  readonly t: Float64Array;
  /** Weights 1/σ² (1/value unit²). */
  readonly w: Float64Array;
  /** Values minus the weighted mean of their group. */
  readonly y: Float64Array;
  /** Group of each point, 0 … groupCount − 1. */
  readonly group: Int32Array;
  /** Band index (0 … bandCount − 1) of each group: per-band harmonics are per band, not per group. */
  readonly groupBand: Int32Array;
  /** Weighted mean value of each group (the offsets of the model without harmonics). */
  readonly groupMean: Float64Array;
  readonly groupCount: number;
  /** Band values in the order of the band indices (increasing). */
  readonly bands: readonly number[];
  readonly bandCount: number;
  /** χ² of the group offsets alone (χ²₀ of the normalised power). */
  readonly chi2Zero: number;
  /** JD of the earliest point, and the time span (days). */
  readonly t0: number;
  readonly spanDays: number;
}

/** A series of points: time (JD), value and its 1σ, band. */
export interface PointColumns {
  readonly jd: ArrayLike<number>;
  readonly value: ArrayLike<number>;
  readonly sigma: ArrayLike<number>;
  readonly band: ArrayLike<number>;
}

/** Whether point i can enter a fit: finite time, value and band, σ > 0. */
export function isUsablePoint(s: PointColumns, i: number): boolean {
  return (
    Number.isFinite(s.jd[i]) && Number.isFinite(s.value[i]) && s.sigma[i] > 0 && Number.isFinite(s.band[i])
  );
}

/**
 * Points `rows` of `s` (usable ones) with their offset groups: `groupKey(i)` names the group of point i (groups in
 * order of first appearance); bands are indexed in increasing band value.
 */
export function groupPoints(
  s: PointColumns,
  rows: readonly number[],
  groupKey: (i: number) => string,
): GroupedPoints {
  const n = rows.length;
  const groups = new Map<string, number>();
  const bands = [...new Set(rows.map((i) => s.band[i]))].sort((a, b) => a - b);
  const t = new Float64Array(n);
  const w = new Float64Array(n);
  const y = new Float64Array(n);
  const group = new Int32Array(n);
  const groupBandList: number[] = [];
  const t0 = n > 0 ? Math.min(...rows.map((i) => s.jd[i])) : 0;
  let spanDays = 0;
  rows.forEach((i, k) => {
    const key = groupKey(i);
    let g = groups.get(key);
    if (g === undefined) {
      g = groups.size;
      groups.set(key, g);
      groupBandList.push(bands.indexOf(s.band[i]));
    }
    group[k] = g;
    t[k] = s.jd[i] - t0;
    spanDays = Math.max(spanDays, t[k]);
    w[k] = 1 / (s.sigma[i] * s.sigma[i]);
    y[k] = s.value[i];
  });
  const sw = new Float64Array(groups.size);
  const swy = new Float64Array(groups.size);
  for (let k = 0; k < n; k++) {
    sw[group[k]] += w[k];
    swy[group[k]] += w[k] * y[k];
  }
  const groupMean = sw.map((v, g) => swy[g] / v);
  let chi2Zero = 0;
  for (let k = 0; k < n; k++) {
    y[k] -= groupMean[group[k]];
    chi2Zero += w[k] * y[k] * y[k];
  }
  return {
    t,
    w,
    y,
    group,
    groupBand: Int32Array.from(groupBandList),
    groupMean,
    groupCount: groups.size,
    bands,
    bandCount: bands.length,
    chi2Zero,
    t0,
    spanDays,
  };
}

/**
 * Added to the diagonal of the normal equations for each per-band harmonic coefficient (1/value unit²): the
 * per-band harmonics of all bands sum to the shared ones, so without it the model with `band` > 0 is degenerate
 * at every frequency. astropy's `LombScargleMultiband` default `reg_band`.
 */
export const BAND_TERM_REGULARIZATION = 1e-6;

/** Number of harmonic coefficients: 2 per shared harmonic, 2 per band and per-band harmonic. */
export function harmonicCount(bandCount: number, terms: HarmonicTerms): number {
  return 2 * terms.base + 2 * terms.band * bandCount;
}

/**
 * Fills `row` with the harmonic columns of a point of band index `bandIndex` given cos(ωt), sin(ωt): shared
 * cos/sin per harmonic, then per-band cos/sin per harmonic (harmonics by the angle-addition recurrence).
 */
export function harmonicRow(
  row: Float64Array,
  bandIndex: number,
  c1: number,
  s1: number,
  terms: HarmonicTerms,
): void {
  row.fill(0);
  let c = c1;
  let s = s1;
  for (let h = 0; h < Math.max(terms.base, terms.band); h++) {
    if (h < terms.base) {
      row[2 * h] = c;
      row[2 * h + 1] = s;
    }
    if (h < terms.band) {
      const at = 2 * terms.base + 2 * (bandIndex * terms.band + h);
      row[at] = c;
      row[at + 1] = s;
    }
    const next = c * c1 - s * s1;
    s = s * c1 + c * s1;
    c = next;
  }
}

/** The least-squares harmonics at one frequency. */
export interface HarmonicFit {
  /** Harmonic coefficients in the order of {@link harmonicRow}. */
  readonly coefficients: Float64Array;
  /** Offset of each group (value unit): the model is offset + harmonics. */
  readonly offsets: Float64Array;
  /** χ²₀ − χ²(f) ≥ 0: what the harmonics explain. */
  readonly reduction: number;
}

/**
 * The weighted least-squares fit of the harmonics and group offsets at one frequency, from each point's cos(ωt)
 * and sin(ωt).
 * @returns the fit, or null when the harmonic columns are degenerate at that frequency.
 */
export function fitHarmonics(
  p: GroupedPoints,
  cos: ArrayLike<number>,
  sin: ArrayLike<number>,
  terms: HarmonicTerms,
): HarmonicFit | null {
  const m = harmonicCount(p.bandCount, terms);
  const a = new Float64Array(m * m);
  const v = new Float64Array(m);
  const row = new Float64Array(m);
  // per group: Σw and Σw·x of each column, to centre the columns on their group means
  const sw = new Float64Array(p.groupCount);
  const swx = new Float64Array(p.groupCount * m);
  for (let k = 0; k < p.t.length; k++) {
    const g = p.group[k];
    harmonicRow(row, p.groupBand[g], cos[k], sin[k], terms);
    const w = p.w[k];
    sw[g] += w;
    for (let i = 0; i < m; i++) {
      const wi = w * row[i];
      if (wi === 0) continue;
      swx[g * m + i] += wi;
      v[i] += wi * p.y[k];
      for (let j = 0; j <= i; j++) a[i * m + j] += wi * row[j];
    }
  }
  for (let g = 0; g < p.groupCount; g++) {
    for (let i = 0; i < m; i++) {
      const xi = swx[g * m + i];
      if (xi === 0) continue;
      for (let j = 0; j <= i; j++) a[i * m + j] -= (xi * swx[g * m + j]) / sw[g];
    }
  }
  for (let i = 2 * terms.base; i < m; i++) a[i * m + i] += BAND_TERM_REGULARIZATION;
  const factor = choleskyLower(a, m, SINGULAR_PIVOT_RATIO);
  const coefficients = factor && solveCholesky(factor, v, m);
  if (coefficients === null) return null;
  // χ²₀ − χ² = βᵀv + βᵀRβ for the regularised β (R the diagonal above)
  let reduction = 0;
  for (let i = 0; i < m; i++) reduction += coefficients[i] * v[i];
  for (let i = 2 * terms.base; i < m; i++) reduction += BAND_TERM_REGULARIZATION * coefficients[i] ** 2;
  const offsets = new Float64Array(p.groupCount);
  for (let g = 0; g < p.groupCount; g++) {
    let explained = 0;
    for (let i = 0; i < m; i++) explained += (coefficients[i] * swx[g * m + i]) / sw[g];
    offsets[g] = p.groupMean[g] - explained;
  }
  return { coefficients, offsets, reduction: Math.max(0, reduction) };
}

/** cos(2πft) and sin(2πft) of each point at frequency f (cycles/day). */
export function trigAt(p: GroupedPoints, frequencyPerDay: number): { cos: Float64Array; sin: Float64Array } {
  const omega = 2 * Math.PI * frequencyPerDay;
  return { cos: p.t.map((t) => Math.cos(omega * t)), sin: p.t.map((t) => Math.sin(omega * t)) };
}

/**
 * The χ² reduction at every frequency fMin + j·step, j < count (0 where the fit is degenerate), passed to
 * `each(j, reduction)`. cos and sin of each point advance by a fixed rotation per grid step (angle-addition
 * recurrence): one cos and sin per point for the whole grid.
 */
export function scanGrid(
  p: GroupedPoints,
  fMin: number,
  step: number,
  count: number,
  terms: HarmonicTerms,
  each: (j: number, reduction: number) => void,
): void {
  const { cos, sin } = trigAt(p, fMin);
  const { cos: stepCos, sin: stepSin } = trigAt(p, step);
  for (let j = 0; j < count; j++) {
    each(j, fitHarmonics(p, cos, sin, terms)?.reduction ?? 0);
    for (let k = 0; k < cos.length; k++) {
      const c = cos[k];
      cos[k] = c * stepCos[k] - sin[k] * stepSin[k];
      sin[k] = sin[k] * stepCos[k] + c * stepSin[k];
    }
  }
}
