/**
 * Multiband Lomb–Scargle periodogram of a variable star: at each trial frequency, a weighted least-squares fit of
 * one offset per band plus a Fourier series shared by all bands (`nterms_base` harmonics) and, optionally, per-band
 * Fourier terms (`nterms_band`), as Fink's Science Portal offers (astropy `LombScargleMultiband`). Power is the
 * standard normalisation 1 − χ²(f)/χ²₀, χ²₀ that of the band offsets alone. The sums and the fit at each frequency
 * are compute/timeseries/harmonic-sums.ts (shared with the Solar System period search). Pure;
 * O(frequencies × points × terms²).
 * Reference: VanderPlas J. T. & Ivezić Ž. 2015, ApJ 812, 18 (multiband model, eq. 10-13);
 * VanderPlas J. T. 2018, ApJS 236, 16, §7.1 (grid spacing 1/(n₀T)).
 */

import {
  fitHarmonics,
  type GroupedPoints,
  groupPoints,
  type HarmonicTerms,
  harmonicCount,
  harmonicRow,
  isUsablePoint,
  scanGrid,
  trigAt,
} from './harmonic-sums.js';

/** A multiband light curve; arrays of equal length. Points with a non-finite value or σ ≤ 0 are skipped. */
export interface MultibandSeries {
  /** Observation time (JD, any consistent origin). */
  readonly jd: ArrayLike<number>;
  /** Magnitude (mag) or any other brightness. */
  readonly value: ArrayLike<number>;
  /** 1σ uncertainty of each value (same unit), > 0. */
  readonly sigma: ArrayLike<number>;
  /** Band of each point (e.g. ZTF fid): each band has its own offset. */
  readonly band: ArrayLike<number>;
}

/** Settings of the model and of the frequency grid. */
export interface PeriodogramOptions {
  /** Shortest and longest trial periods (days), 0 < min < max. */
  readonly minPeriodDays: number;
  readonly maxPeriodDays: number;
  /** Harmonics shared by all bands, ≥ 1 (default 1). */
  readonly ntermsBase?: number;
  /** Harmonics of each band on top of the shared ones, ≥ 0 (default 0). */
  readonly ntermsBand?: number;
  /** Grid points per peak width 1/T (T the time span) of the highest harmonic, default 10. */
  readonly oversampling?: number;
  /** Most grid frequencies: a longer grid is coarsened (default 200,000). */
  readonly maxFrequencies?: number;
}

/** A periodogram and its highest peak. */
export interface Periodogram {
  /** Trial frequencies (cycles/day), increasing. */
  readonly frequencyPerDay: Float64Array;
  /** Normalised power in [0, 1] at each frequency. */
  readonly power: Float64Array;
  /** Highest peak, refined between grid points: frequency (cycles/day), period (days), power. */
  readonly best: { readonly frequencyPerDay: number; readonly periodDays: number; readonly power: number };
  /** Points used and bands among them. */
  readonly pointCount: number;
  readonly bandCount: number;
}

/** Fitted model at one frequency: `predict(jd, band)` gives the model value there (NaN for an unknown band). */
export interface MultibandFit {
  readonly frequencyPerDay: number;
  /** Normalised power 1 − χ²/χ²₀ in [0, 1]. */
  readonly power: number;
  /** χ² of the fit and χ²₀ of the offsets alone. */
  readonly chi2: number;
  readonly chi2Zero: number;
  readonly predict: (jd: number, band: number) => number;
}

const DEFAULT_OVERSAMPLING = 10;
const DEFAULT_MAX_FREQUENCIES = 200_000;
/** Sub-steps of a grid step searched around the best grid point. */
const REFINE_STEPS = 20;

/** The usable points, one offset group per band. */
function prepare(s: MultibandSeries): GroupedPoints {
  const columns = { jd: s.jd, value: s.value, sigma: s.sigma, band: s.band };
  const rows: number[] = [];
  for (let i = 0; i < s.jd.length; i++) if (isUsablePoint(columns, i)) rows.push(i);
  return groupPoints(columns, rows, (i) => String(s.band[i]));
}

function termsOf(options: Pick<PeriodogramOptions, 'ntermsBase' | 'ntermsBand'>): HarmonicTerms {
  return { base: options.ntermsBase ?? 1, band: options.ntermsBand ?? 0 };
}

/** More points than parameters (band offsets and harmonic coefficients), over some time. */
function hasEnoughPoints(p: GroupedPoints, terms: HarmonicTerms): boolean {
  return p.t.length > p.bandCount + harmonicCount(p.bandCount, terms) && p.spanDays > 0;
}

/**
 * The model fitted at one frequency.
 * @param series the light curve; @param frequencyPerDay trial frequency (cycles/day), > 0.
 * @param terms `ntermsBase` (default 1) and `ntermsBand` (default 0).
 * @returns the fit, or null with too few points (no more than the parameters) or a singular fit.
 */
export function fitMultiband(
  series: MultibandSeries,
  frequencyPerDay: number,
  terms: Pick<PeriodogramOptions, 'ntermsBase' | 'ntermsBand'> = {},
): MultibandFit | null {
  const harmonics = termsOf(terms);
  const p = prepare(series);
  if (!hasEnoughPoints(p, harmonics)) return null;
  const { cos, sin } = trigAt(p, frequencyPerDay);
  const fit = fitHarmonics(p, cos, sin, harmonics);
  if (fit === null) return null;
  const omega = 2 * Math.PI * frequencyPerDay;
  const row = new Float64Array(harmonicCount(p.bandCount, harmonics));
  // one group per band: group g is the band of groupBand[g]
  const groupOfBand = new Map<number, number>();
  p.groupBand.forEach((bandIndex, g) => {
    groupOfBand.set(bandIndex, g);
  });
  const predict = (jd: number, b: number): number => {
    const g = groupOfBand.get(p.bands.indexOf(b));
    if (g === undefined) return Number.NaN;
    const phase = omega * (jd - p.t0);
    harmonicRow(row, p.groupBand[g], Math.cos(phase), Math.sin(phase), harmonics);
    let value = fit.offsets[g];
    for (let i = 0; i < row.length; i++) value += row[i] * fit.coefficients[i];
    return value;
  };
  const chi2 = Math.max(0, p.chi2Zero - fit.reduction);
  return {
    frequencyPerDay,
    power: p.chi2Zero > 0 ? 1 - chi2 / p.chi2Zero : 0,
    chi2,
    chi2Zero: p.chi2Zero,
    predict,
  };
}

/**
 * The multiband periodogram on a grid from 1/maxPeriod to 1/minPeriod with step 1/(oversampling · T · h), h the
 * highest harmonic (its peaks are h times narrower), and its highest peak refined over ± one grid step.
 * @param series the light curve; @param options periods searched (days), harmonics, grid.
 * @returns the periodogram, or null when the points are too few (no more than the parameters of the model), span
 *   no time, or do not vary.
 */
export function multibandPeriodogram(
  series: MultibandSeries,
  options: PeriodogramOptions,
): Periodogram | null {
  const terms = termsOf(options);
  const p = prepare(series);
  if (!hasEnoughPoints(p, terms)) return null;
  const chi2Zero = p.chi2Zero;
  if (!(chi2Zero > 0)) return null;
  const fMin = 1 / options.maxPeriodDays;
  const fMax = 1 / options.minPeriodDays;
  const step = Math.max(
    1 / ((options.oversampling ?? DEFAULT_OVERSAMPLING) * p.spanDays * Math.max(terms.base, terms.band)),
    (fMax - fMin) / (options.maxFrequencies ?? DEFAULT_MAX_FREQUENCIES),
  );
  const count = Math.floor((fMax - fMin) / step) + 1;
  const frequencyPerDay = Float64Array.from({ length: count }, (_, j) => fMin + j * step);
  const power = new Float64Array(count);
  let bestIndex = 0;
  scanGrid(p, fMin, step, count, terms, (j, reduction) => {
    power[j] = Math.min(1, reduction / chi2Zero);
    if (power[j] > power[bestIndex]) bestIndex = j;
  });
  let best = { frequencyPerDay: frequencyPerDay[bestIndex], power: power[bestIndex] };
  for (let r = -REFINE_STEPS; r <= REFINE_STEPS; r++) {
    const f = frequencyPerDay[bestIndex] + (r * step) / REFINE_STEPS;
    if (f <= 0 || r === 0) continue;
    const { cos, sin } = trigAt(p, f);
    const value = Math.min(1, (fitHarmonics(p, cos, sin, terms)?.reduction ?? 0) / chi2Zero);
    if (value > best.power) best = { frequencyPerDay: f, power: value };
  }
  return {
    frequencyPerDay,
    power,
    best: { ...best, periodDays: 1 / best.frequencyPerDay },
    pointCount: p.t.length,
    bandCount: p.bandCount,
  };
}

/**
 * Weighted variance of the times (days²), weights 1/σ², of the usable points; used by the false-alarm estimate.
 */
export function weightedTimeVariance(series: MultibandSeries): number {
  const p = prepare(series);
  let sw = 0;
  let swt = 0;
  for (let k = 0; k < p.t.length; k++) {
    sw += p.w[k];
    swt += p.w[k] * p.t[k];
  }
  const mean = swt / sw;
  let v = 0;
  for (let k = 0; k < p.t.length; k++) v += p.w[k] * (p.t[k] - mean) ** 2;
  return sw > 0 ? v / sw : 0;
}
