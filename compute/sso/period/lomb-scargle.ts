/**
 * Multiband Lomb–Scargle periodogram with one shared sinusoid and a free offset per band (VanderPlas & Ivezić 2015,
 * `nterms_base` = 1, `nterms_band` = 0), weighted by 1/σ², and the search of its best peaks. Light curves of Solar
 * System objects come in apparitions months apart: the search first sums the periodograms of the apparitions (a
 * grid as fine as the longest apparition needs, not the whole time span), then refines each peak on all points
 * together, coherently, with one offset per band and apparition. Pure.
 * Reference: VanderPlas J. T. & Ivezić Ž. 2015, ApJ 812, 18 (eq. 10-13, the "shared" model);
 * Zechmeister M. & Kürster M. 2009, A&A 496, 577 (generalised periodogram, floating mean); docs/references.md#socca.
 */

/** Light curve of one object for a period search; arrays of equal length, at least 3 finite points. */
export interface PeriodSearchSeries {
  /** Observation time (JD; any consistent origin). */
  readonly jd: ArrayLike<number>;
  /** Value to search a period in (mag), e.g. residuals of a phase-curve fit. */
  readonly valueMag: ArrayLike<number>;
  /** 1-sigma uncertainty of each value (mag), > 0. */
  readonly sigmaMag: ArrayLike<number>;
  /** Band (filter id) of each point: each band gets its own offset. */
  readonly band: ArrayLike<number>;
}

/** Frequency range of a search. */
export interface FrequencyGrid {
  /** Lowest frequency (cycles per day), > 0. */
  readonly minFrequencyPerDay: number;
  /** Highest frequency (cycles per day), > min. */
  readonly maxFrequencyPerDay: number;
  /** Grid points per peak width 1/T (T the time span of the points searched together); default 3. */
  readonly oversampling?: number;
}

/** One peak of a periodogram. */
export interface PeriodogramPeak {
  /** Frequency of the sinusoid (cycles per day). */
  readonly frequencyPerDay: number;
  /** Normalised power in [0, 1]: 1 − χ²(f)/χ²₀ (χ²₀ with the band offsets only). */
  readonly power: number;
  /** Reduced χ² of the model at that frequency: χ²(f)/(N − bands − 2). */
  readonly chi2red: number;
}

const DEFAULT_OVERSAMPLING = 3;
/**
 * Grid points per coherent peak width 1/T in the refinement: a coherent peak over apparitions years apart is
 * sharp, and 3 points per 1/T left phase errors of a radian at the ends of our test series (wrong yearly alias).
 */
const REFINE_OVERSAMPLING = 10;
/** Most frequencies of the summed grid: an apparition longer than ~3 years coarsens the grid instead of slowing it. */
const MAX_GRID_POINTS = 200_000;
/** A gap longer than this (days) separates two apparitions. */
export const APPARITION_GAP_DAYS = 60;
/** An apparition enters the summed periodogram with at least this many points more than its offsets. */
const MIN_EXTRA_POINTS = 4;

/** Centred data of one set of points: weights, values minus the weighted mean of their group, and χ²₀. */
interface Prepared {
  readonly t: Float64Array;
  readonly w: Float64Array;
  readonly y: Float64Array;
  /** Points are ordered by offset group: group g holds points groupStart[g] to groupStart[g + 1] − 1. */
  readonly groupStart: Int32Array;
  readonly groupCount: number;
  readonly chi2Zero: number;
  /** Largest time minus smallest (days). */
  readonly spanDays: number;
}

function isUsable(s: PeriodSearchSeries, i: number): boolean {
  return (
    Number.isFinite(s.jd[i]) &&
    Number.isFinite(s.valueMag[i]) &&
    s.sigmaMag[i] > 0 &&
    Number.isFinite(s.band[i])
  );
}

/** Points `rows` of the series, each offset group named by `groupKey`, ordered by group. */
function prepare(s: PeriodSearchSeries, rows: readonly number[], groupKey: (i: number) => string): Prepared {
  const byGroup = new Map<string, number[]>();
  for (const i of rows) {
    const key = groupKey(i);
    const list = byGroup.get(key);
    if (list) list.push(i);
    else byGroup.set(key, [i]);
  }
  const n = rows.length;
  const t = new Float64Array(n);
  const w = new Float64Array(n);
  const y = new Float64Array(n);
  const groupStart = new Int32Array(byGroup.size + 1);
  const t0 = n > 0 ? Math.min(...rows.map((i) => s.jd[i])) : 0;
  let spanDays = 0;
  let chi2Zero = 0;
  let k = 0;
  let g = 0;
  for (const list of byGroup.values()) {
    groupStart[g] = k;
    let sumW = 0;
    let sumWy = 0;
    for (const i of list) {
      t[k] = s.jd[i] - t0;
      spanDays = Math.max(spanDays, t[k]);
      w[k] = 1 / (s.sigmaMag[i] * s.sigmaMag[i]);
      y[k] = s.valueMag[i];
      sumW += w[k];
      sumWy += w[k] * y[k];
      k++;
    }
    for (let j = groupStart[g]; j < k; j++) {
      y[j] -= sumWy / sumW;
      chi2Zero += w[j] * y[j] * y[j];
    }
    g++;
  }
  groupStart[g] = k;
  return { t, w, y, groupStart, groupCount: byGroup.size, chi2Zero, spanDays };
}

/** Usable points in time order, cut into apparitions at gaps longer than APPARITION_GAP_DAYS. */
function apparitions(s: PeriodSearchSeries): number[][] {
  const rows: number[] = [];
  for (let i = 0; i < s.jd.length; i++) if (isUsable(s, i)) rows.push(i);
  rows.sort((a, b) => s.jd[a] - s.jd[b]);
  const out: number[][] = [];
  for (const i of rows) {
    const last = out[out.length - 1];
    if (last && s.jd[i] - s.jd[last[last.length - 1]] <= APPARITION_GAP_DAYS) last.push(i);
    else out.push([i]);
  }
  return out;
}

/**
 * χ² reduction of the shared sinusoid given the point-wise cos and sin at one frequency. The group offsets are
 * eliminated by centring cos and sin on their weighted group means (y is centred already).
 */
function chi2Reduction(d: Prepared, cos: Float64Array, sin: Float64Array): number {
  const { groupStart, w, y } = d;
  let yc = 0;
  let ys = 0;
  let cc = 0;
  let ss = 0;
  let cs = 0;
  for (let g = 0; g < d.groupCount; g++) {
    let sw = 0;
    let sc = 0;
    let sl = 0;
    let scc = 0;
    let sss = 0;
    let scs = 0;
    for (let k = groupStart[g]; k < groupStart[g + 1]; k++) {
      const c = cos[k];
      const s = sin[k];
      const wc = w[k] * c;
      const ws = w[k] * s;
      sw += w[k];
      sc += wc;
      sl += ws;
      scc += wc * c;
      sss += ws * s;
      scs += wc * s;
      yc += wc * y[k];
      ys += ws * y[k];
    }
    cc += scc - (sc * sc) / sw;
    ss += sss - (sl * sl) / sw;
    cs += scs - (sc * sl) / sw;
  }
  const det = cc * ss - cs * cs;
  if (!(det > 1e-12 * cc * ss)) return 0;
  return (ss * yc * yc - 2 * cs * yc * ys + cc * ys * ys) / det;
}

/** χ² reduction at one frequency (cycles/day). */
function reductionAt(d: Prepared, frequencyPerDay: number): number {
  const n = d.t.length;
  const cos = new Float64Array(n);
  const sin = new Float64Array(n);
  const omega = 2 * Math.PI * frequencyPerDay;
  for (let k = 0; k < n; k++) {
    cos[k] = Math.cos(omega * d.t[k]);
    sin[k] = Math.sin(omega * d.t[k]);
  }
  return chi2Reduction(d, cos, sin);
}

/** Adds the χ² reduction of `d` at fMin + j·step (j < out.length) to out[j]. */
function addGridReductions(d: Prepared, fMin: number, step: number, out: Float64Array): void {
  const n = d.t.length;
  // cos and sin of each point advance by a fixed rotation per grid step (angle-addition recurrence)
  const cos = new Float64Array(n);
  const sin = new Float64Array(n);
  const stepCos = new Float64Array(n);
  const stepSin = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    cos[k] = Math.cos(2 * Math.PI * fMin * d.t[k]);
    sin[k] = Math.sin(2 * Math.PI * fMin * d.t[k]);
    stepCos[k] = Math.cos(2 * Math.PI * step * d.t[k]);
    stepSin[k] = Math.sin(2 * Math.PI * step * d.t[k]);
  }
  for (let j = 0; j < out.length; j++) {
    out[j] += chi2Reduction(d, cos, sin);
    for (let k = 0; k < n; k++) {
      const c = cos[k];
      const s = sin[k];
      cos[k] = c * stepCos[k] - s * stepSin[k];
      sin[k] = s * stepCos[k] + c * stepSin[k];
    }
  }
}

/** All usable points with one offset per band and apparition (the coherent model). */
function prepareCoherent(series: PeriodSearchSeries): Prepared {
  const seasons = apparitions(series);
  const season = new Map<number, number>();
  seasons.forEach((rows, a) => {
    for (const i of rows) season.set(i, a);
  });
  return prepare(series, seasons.flat(), (i) => `${series.band[i]}/${season.get(i)}`);
}

/**
 * The coherent sinusoid at one frequency on all points (one offset per band and apparition).
 * @param series the light curve; @param frequencyPerDay the frequency (cycles/day), > 0.
 * @returns its power in [0, 1] and reduced χ² (N − offsets − 2 degrees of freedom; NaN without any).
 */
export function sinusoidAt(series: PeriodSearchSeries, frequencyPerDay: number): PeriodogramPeak {
  const all = prepareCoherent(series);
  const reduction = reductionAt(all, frequencyPerDay);
  const dof = all.t.length - all.groupCount - 2;
  return {
    frequencyPerDay,
    power: all.chi2Zero > 0 ? reduction / all.chi2Zero : 0,
    chi2red: dof > 0 ? (all.chi2Zero - reduction) / dof : Number.NaN,
  };
}

/**
 * Summed periodogram of the apparitions: each apparition has its own sinusoid (amplitude and phase) and band
 * offsets; power = Σ χ² reductions / Σ χ²₀ in [0, 1]. The grid step is 1/(oversampling · longest apparition), or
 * coarser so that the grid has at most 200,000 points.
 * @param series the light curve (non-finite points and σ <= 0 are skipped).
 * @param grid frequency range (cycles/day) and oversampling.
 * @returns frequencies (cycles/day) and powers; empty arrays when no apparition has enough points (offsets + 4)
 *   or the values are constant.
 * Reference: VanderPlas & Ivezić 2015, ApJ 812, 18, eq. 13 (normalised power).
 */
export function multibandPeriodogram(
  series: PeriodSearchSeries,
  grid: FrequencyGrid,
): { frequencyPerDay: Float64Array; power: Float64Array } {
  const parts = apparitions(series)
    .map((rows) => prepare(series, rows, (i) => String(series.band[i])))
    .filter((d) => d.t.length >= d.groupCount + MIN_EXTRA_POINTS && d.chi2Zero > 0 && d.spanDays > 0);
  const empty = { frequencyPerDay: new Float64Array(0), power: new Float64Array(0) };
  if (parts.length === 0) return empty;
  const longest = Math.max(...parts.map((d) => d.spanDays));
  const range = grid.maxFrequencyPerDay - grid.minFrequencyPerDay;
  const step = Math.max(1 / ((grid.oversampling ?? DEFAULT_OVERSAMPLING) * longest), range / MAX_GRID_POINTS);
  const count = Math.floor(range / step) + 1;
  const power = new Float64Array(count);
  for (const d of parts) addGridReductions(d, grid.minFrequencyPerDay, step, power);
  const chi2Zero = parts.reduce((sum, d) => sum + d.chi2Zero, 0);
  for (let j = 0; j < count; j++) power[j] /= chi2Zero;
  const frequencyPerDay = Float64Array.from({ length: count }, (_, j) => grid.minFrequencyPerDay + j * step);
  return { frequencyPerDay, power };
}

/**
 * The highest peaks of the summed periodogram, each refined coherently on all points (one sinusoid, one offset
 * per band and apparition) over ± one grid step around it, on a grid of 1/(10 · whole time span).
 * @param series the light curve; @param grid the search range; @param maxPeaks peaks to return, >= 1.
 * @returns up to maxPeaks peaks, highest summed power first (refined frequency, coherent power and reduced χ²);
 *   [] when the periodogram is empty (too few points, constant values or no time span).
 * Reference: VanderPlas 2018, ApJS 236, 16, §7.1 (grid spacing and peak refinement).
 */
export function periodogramPeaks(
  series: PeriodSearchSeries,
  grid: FrequencyGrid,
  maxPeaks: number,
): PeriodogramPeak[] {
  const { frequencyPerDay, power } = multibandPeriodogram(series, grid);
  const m = power.length;
  if (m === 0) return [];
  const maxima: number[] = [];
  for (let j = 0; j < m; j++) {
    const left = j === 0 ? -1 : power[j - 1];
    const right = j === m - 1 ? -1 : power[j + 1];
    if (power[j] >= left && power[j] > right) maxima.push(j);
  }
  maxima.sort((a, b) => power[b] - power[a]);
  const seasons = apparitions(series);
  const season = new Map<number, number>();
  seasons.forEach((rows, a) => {
    for (const i of rows) season.set(i, a);
  });
  const all = prepare(series, seasons.flat(), (i) => `${series.band[i]}/${season.get(i)}`);
  const coarseStep = m > 1 ? frequencyPerDay[1] - frequencyPerDay[0] : 0;
  const fineStep = 1 / (REFINE_OVERSAMPLING * Math.max(all.spanDays, 1e-9));
  const halfSteps = Math.max(1, Math.ceil(coarseStep / fineStep));
  const dof = all.t.length - all.groupCount - 2;
  return maxima.slice(0, maxPeaks).map((j) => {
    let best = frequencyPerDay[j];
    let bestReduction = reductionAt(all, best);
    for (let r = -halfSteps; r <= halfSteps; r++) {
      const f = frequencyPerDay[j] + r * fineStep;
      if (f <= 0) continue;
      const reduction = reductionAt(all, f);
      if (reduction > bestReduction) {
        bestReduction = reduction;
        best = f;
      }
    }
    return {
      frequencyPerDay: best,
      power: all.chi2Zero > 0 ? bestReduction / all.chi2Zero : 0,
      chi2red: (all.chi2Zero - bestReduction) / dof,
    };
  });
}
