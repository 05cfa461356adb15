/**
 * Multiband Lomb–Scargle periodogram with one shared sinusoid and a free offset per band (VanderPlas & Ivezić 2015,
 * `nterms_base` = 1, `nterms_band` = 0), weighted by 1/σ², and the search of its best peaks. Light curves of Solar
 * System objects come in apparitions months apart: the search first sums the periodograms of the apparitions (a
 * grid as fine as the longest apparition needs, not the whole time span), then refines each peak on all points
 * together, coherently, with one offset per band and apparition. Pure.
 * Reference: VanderPlas J. T. & Ivezić Ž. 2015, ApJ 812, 18 (eq. 10-13, the "shared" model);
 * Zechmeister M. & Kürster M. 2009, A&A 496, 577 (generalised periodogram, floating mean); docs/references.md#socca.
 * The sums at each frequency are compute/timeseries/harmonic-sums.ts, shared with the variable-star periodogram.
 */
import {
  fitHarmonics,
  type GroupedPoints,
  groupPoints,
  type HarmonicTerms,
  isUsablePoint,
  type PointColumns,
  scanGrid,
  trigAt,
} from '../../timeseries/index.js';

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

const SHARED_SINUSOID: HarmonicTerms = { base: 1, band: 0 };

function columnsOf(s: PeriodSearchSeries): PointColumns {
  return { jd: s.jd, value: s.valueMag, sigma: s.sigmaMag, band: s.band };
}

/** Usable points in time order, cut into apparitions at gaps longer than APPARITION_GAP_DAYS. */
function apparitions(s: PeriodSearchSeries): number[][] {
  const columns = columnsOf(s);
  const rows: number[] = [];
  for (let i = 0; i < s.jd.length; i++) if (isUsablePoint(columns, i)) rows.push(i);
  rows.sort((a, b) => s.jd[a] - s.jd[b]);
  const out: number[][] = [];
  for (const i of rows) {
    const last = out[out.length - 1];
    if (last && s.jd[i] - s.jd[last[last.length - 1]] <= APPARITION_GAP_DAYS) last.push(i);
    else out.push([i]);
  }
  return out;
}

/** χ² reduction of the shared sinusoid at one frequency (cycles/day); 0 where it is degenerate. */
function reductionAt(d: GroupedPoints, frequencyPerDay: number): number {
  const { cos, sin } = trigAt(d, frequencyPerDay);
  return fitHarmonics(d, cos, sin, SHARED_SINUSOID)?.reduction ?? 0;
}

/** All usable points with one offset per band and apparition (the coherent model). */
function prepareCoherent(series: PeriodSearchSeries): GroupedPoints {
  const seasons = apparitions(series);
  const season = new Map<number, number>();
  seasons.forEach((rows, a) => {
    for (const i of rows) season.set(i, a);
  });
  return groupPoints(columnsOf(series), seasons.flat(), (i) => `${series.band[i]}/${season.get(i)}`);
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
  const columns = columnsOf(series);
  const parts = apparitions(series)
    .map((rows) => groupPoints(columns, rows, (i) => String(series.band[i])))
    .filter((d) => d.t.length >= d.groupCount + MIN_EXTRA_POINTS && d.chi2Zero > 0 && d.spanDays > 0);
  const empty = { frequencyPerDay: new Float64Array(0), power: new Float64Array(0) };
  if (parts.length === 0) return empty;
  const longest = Math.max(...parts.map((d) => d.spanDays));
  const range = grid.maxFrequencyPerDay - grid.minFrequencyPerDay;
  const step = Math.max(1 / ((grid.oversampling ?? DEFAULT_OVERSAMPLING) * longest), range / MAX_GRID_POINTS);
  const count = Math.floor(range / step) + 1;
  const power = new Float64Array(count);
  for (const d of parts)
    scanGrid(d, grid.minFrequencyPerDay, step, count, SHARED_SINUSOID, (j, reduction) => {
      power[j] += reduction;
    });
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
  const all = prepareCoherent(series);
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
