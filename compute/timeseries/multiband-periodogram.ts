/**
 * Multiband Lomb–Scargle periodogram of a variable star: at each trial frequency, a weighted least-squares fit of
 * one offset per band plus a Fourier series shared by all bands (`nterms_base` harmonics) and, optionally, per-band
 * Fourier terms (`nterms_band`), as Fink's Science Portal offers (astropy `LombScargleMultiband`). Power is the
 * standard normalisation 1 − χ²(f)/χ²₀, χ²₀ that of the band offsets alone. Pure; O(frequencies × points × terms²).
 * Reference: VanderPlas J. T. & Ivezić Ž. 2015, ApJ 812, 18 (multiband model, eq. 10-13);
 * VanderPlas J. T. 2018, ApJS 236, 16, §7.1 (grid spacing 1/(n₀T)).
 */

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

/** Prepared points: times from the first point, weights 1/σ², values, band index. */
interface Prepared {
  readonly t: Float64Array;
  readonly w: Float64Array;
  readonly y: Float64Array;
  readonly bandIndex: Int32Array;
  readonly bands: readonly number[];
  readonly t0: number;
  readonly spanDays: number;
}

function prepare(s: MultibandSeries): Prepared {
  const keep: number[] = [];
  for (let i = 0; i < s.jd.length; i++) {
    if (
      Number.isFinite(s.jd[i]) &&
      Number.isFinite(s.value[i]) &&
      s.sigma[i] > 0 &&
      Number.isFinite(s.band[i])
    )
      keep.push(i);
  }
  const bands = [...new Set(keep.map((i) => s.band[i]))].sort((a, b) => a - b);
  const n = keep.length;
  const t0 = n > 0 ? Math.min(...keep.map((i) => s.jd[i])) : 0;
  const t = new Float64Array(n);
  const w = new Float64Array(n);
  const y = new Float64Array(n);
  const bandIndex = new Int32Array(n);
  keep.forEach((i, k) => {
    t[k] = s.jd[i] - t0;
    w[k] = 1 / (s.sigma[i] * s.sigma[i]);
    y[k] = s.value[i];
    bandIndex[k] = bands.indexOf(s.band[i]);
  });
  const spanDays = n > 0 ? Math.max(...t) : 0;
  return { t, w, y, bandIndex, bands, t0, spanDays };
}

/** Columns of the design: band offsets, shared cos/sin per harmonic, then per-band cos/sin per harmonic. */
function parameterCount(bands: number, base: number, band: number): number {
  return bands + 2 * base + 2 * band * bands;
}

/**
 * Fills `row` with the design row of point k given cos(ωt) and sin(ωt): harmonics by the angle-addition recurrence.
 */
function designRow(
  row: Float64Array,
  p: Prepared,
  k: number,
  c1: number,
  s1: number,
  base: number,
  band: number,
) {
  row.fill(0);
  const b = p.bandIndex[k];
  const nb = p.bands.length;
  row[b] = 1;
  let c = c1;
  let s = s1;
  const harmonics = Math.max(base, band);
  for (let h = 0; h < harmonics; h++) {
    if (h < base) {
      row[nb + 2 * h] = c;
      row[nb + 2 * h + 1] = s;
    }
    if (h < band) {
      const at = nb + 2 * base + 2 * (b * band + h);
      row[at] = c;
      row[at + 1] = s;
    }
    const next = c * c1 - s * s1;
    s = s * c1 + c * s1;
    c = next;
  }
}

/**
 * Solves the symmetric positive system A x = v in place by Cholesky (A is m×m row-major, overwritten).
 * @returns x, or null when A is not positive definite (degenerate frequency, e.g. aliasing on few points).
 */
function solveSymmetric(a: Float64Array, v: Float64Array, m: number): Float64Array | null {
  for (let j = 0; j < m; j++) {
    let d = a[j * m + j];
    for (let k = 0; k < j; k++) d -= a[j * m + k] * a[j * m + k];
    if (!(d > 1e-12 * Math.abs(a[j * m + j]))) return null;
    const l = Math.sqrt(d);
    a[j * m + j] = l;
    for (let i = j + 1; i < m; i++) {
      let x = a[i * m + j];
      for (let k = 0; k < j; k++) x -= a[i * m + k] * a[j * m + k];
      a[i * m + j] = x / l;
    }
  }
  const x = Float64Array.from(v);
  for (let i = 0; i < m; i++) {
    let z = x[i];
    for (let k = 0; k < i; k++) z -= a[i * m + k] * x[k];
    x[i] = z / a[i * m + i];
  }
  for (let i = m - 1; i >= 0; i--) {
    let z = x[i];
    for (let k = i + 1; k < m; k++) z -= a[k * m + i] * x[k];
    x[i] = z / a[i * m + i];
  }
  return x;
}

/** χ² of the band offsets alone (weighted mean per band). */
function chi2OfOffsets(p: Prepared): number {
  const sw = new Float64Array(p.bands.length);
  const swy = new Float64Array(p.bands.length);
  for (let k = 0; k < p.t.length; k++) {
    sw[p.bandIndex[k]] += p.w[k];
    swy[p.bandIndex[k]] += p.w[k] * p.y[k];
  }
  let chi2 = 0;
  for (let k = 0; k < p.t.length; k++) {
    const r = p.y[k] - swy[p.bandIndex[k]] / sw[p.bandIndex[k]];
    chi2 += p.w[k] * r * r;
  }
  return chi2;
}

/** Normal equations at one frequency from each point's cos(ωt), sin(ωt); returns coefficients and χ². */
function fitAt(
  p: Prepared,
  cos: Float64Array,
  sin: Float64Array,
  base: number,
  band: number,
): { coefficients: Float64Array; chi2: number } | null {
  const m = parameterCount(p.bands.length, base, band);
  const a = new Float64Array(m * m);
  const v = new Float64Array(m);
  const row = new Float64Array(m);
  let yy = 0;
  for (let k = 0; k < p.t.length; k++) {
    designRow(row, p, k, cos[k], sin[k], base, band);
    const w = p.w[k];
    const wy = w * p.y[k];
    yy += wy * p.y[k];
    for (let i = 0; i < m; i++) {
      const wi = w * row[i];
      if (wi === 0) continue;
      v[i] += row[i] * wy;
      for (let j = 0; j <= i; j++) a[i * m + j] += wi * row[j];
    }
  }
  const coefficients = solveSymmetric(a, v, m);
  if (coefficients === null) return null;
  let explained = 0;
  for (let i = 0; i < m; i++) explained += coefficients[i] * v[i];
  // v was not changed by the solver (it copies): χ² = yᵀWy − βᵀXᵀWy at the least-squares β
  return { coefficients, chi2: Math.max(0, yy - explained) };
}

function trigAt(p: Prepared, frequencyPerDay: number): { cos: Float64Array; sin: Float64Array } {
  const omega = 2 * Math.PI * frequencyPerDay;
  return { cos: p.t.map((t) => Math.cos(omega * t)), sin: p.t.map((t) => Math.sin(omega * t)) };
}

function hasEnoughPoints(p: Prepared, base: number, band: number): boolean {
  return p.t.length > parameterCount(p.bands.length, base, band) && p.spanDays > 0;
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
  const base = terms.ntermsBase ?? 1;
  const band = terms.ntermsBand ?? 0;
  const p = prepare(series);
  if (!hasEnoughPoints(p, base, band)) return null;
  const { cos, sin } = trigAt(p, frequencyPerDay);
  const fit = fitAt(p, cos, sin, base, band);
  if (fit === null) return null;
  const chi2Zero = chi2OfOffsets(p);
  const omega = 2 * Math.PI * frequencyPerDay;
  const m = parameterCount(p.bands.length, base, band);
  const row = new Float64Array(m);
  const one: Prepared = { ...p, t: new Float64Array(1), bandIndex: new Int32Array(1) };
  const predict = (jd: number, b: number): number => {
    const index = p.bands.indexOf(b);
    if (index < 0) return Number.NaN;
    one.bandIndex[0] = index;
    const phase = omega * (jd - p.t0);
    designRow(row, one, 0, Math.cos(phase), Math.sin(phase), base, band);
    let value = 0;
    for (let i = 0; i < m; i++) value += row[i] * fit.coefficients[i];
    return value;
  };
  return {
    frequencyPerDay,
    power: chi2Zero > 0 ? 1 - fit.chi2 / chi2Zero : 0,
    chi2: fit.chi2,
    chi2Zero,
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
  const base = options.ntermsBase ?? 1;
  const band = options.ntermsBand ?? 0;
  const p = prepare(series);
  if (!hasEnoughPoints(p, base, band)) return null;
  const chi2Zero = chi2OfOffsets(p);
  if (!(chi2Zero > 0)) return null;
  const fMin = 1 / options.maxPeriodDays;
  const fMax = 1 / options.minPeriodDays;
  const step = Math.max(
    1 / ((options.oversampling ?? DEFAULT_OVERSAMPLING) * p.spanDays * Math.max(base, band)),
    (fMax - fMin) / (options.maxFrequencies ?? DEFAULT_MAX_FREQUENCIES),
  );
  const count = Math.floor((fMax - fMin) / step) + 1;
  const frequencyPerDay = Float64Array.from({ length: count }, (_, j) => fMin + j * step);
  const power = new Float64Array(count);
  // cos and sin of each point advance by a fixed rotation per grid step (angle-addition recurrence)
  const { cos, sin } = trigAt(p, fMin);
  const { cos: stepCos, sin: stepSin } = trigAt(p, step);
  let bestIndex = 0;
  for (let j = 0; j < count; j++) {
    const fit = fitAt(p, cos, sin, base, band);
    power[j] = fit === null ? 0 : 1 - fit.chi2 / chi2Zero;
    if (power[j] > power[bestIndex]) bestIndex = j;
    for (let k = 0; k < cos.length; k++) {
      const c = cos[k];
      cos[k] = c * stepCos[k] - sin[k] * stepSin[k];
      sin[k] = sin[k] * stepCos[k] + c * stepSin[k];
    }
  }
  let best = { frequencyPerDay: frequencyPerDay[bestIndex], power: power[bestIndex] };
  for (let r = -REFINE_STEPS; r <= REFINE_STEPS; r++) {
    const f = frequencyPerDay[bestIndex] + (r * step) / REFINE_STEPS;
    if (f <= 0 || r === 0) continue;
    const { cos: c, sin: s } = trigAt(p, f);
    const fit = fitAt(p, c, s, base, band);
    const value = fit === null ? 0 : 1 - fit.chi2 / chi2Zero;
    if (value > best.power) best = { frequencyPerDay: f, power: value };
  }
  return {
    frequencyPerDay,
    power,
    best: { ...best, periodDays: 1 / best.frequencyPerDay },
    pointCount: p.t.length,
    bandCount: p.bands.length,
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
