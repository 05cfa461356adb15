/**
 * Intensity stretches that map stamp pixel values to display levels in [0, 1], as the reference cutout service
 * offers them (sigmoid by default; linear, sqrt, power, log, asinh through astropy's `simple_norm`). Pure.
 *
 * Deviation from the reference, on purpose: there `pmin`/`pmax` had no effect because explicit vmin/vmax were
 * passed to `simple_norm` (docs/references.md#api-cutouts). Here the non-sigmoid stretches clip at the `pmin` and
 * `pmax` percentiles of the finite pixels, as the arguments promise. NaN pixels are left out of every statistic
 * and come out as 0 (the reference turned them into the value 0 before stretching).
 */

/** Stretch names accepted by the cutout endpoint. */
export const STRETCHES = ['sigmoid', 'linear', 'sqrt', 'power', 'log', 'asinh'] as const;
export type Stretch = (typeof STRETCHES)[number];

/** Exponent of the power stretch, y = x^2 (the reference's choice). */
export const POWER_EXPONENT = 2;
/** Parameter a of the log stretch, y = log(a x + 1) / log(a + 1) (astropy LogStretch default). */
export const LOG_A = 1000;
/** Parameter a of the asinh stretch, y = asinh(x / a) / asinh(1 / a) (astropy AsinhStretch default). */
export const ASINH_A = 0.1;
/** Default lower and upper clipping percentiles (the reference's defaults). */
export const DEFAULT_PMIN_PERCENT = 0.5;
export const DEFAULT_PMAX_PERCENT = 99.5;

/** How to stretch. */
export interface StretchOptions {
  readonly stretch: Stretch;
  /** Lower clipping percentile, 0-100, below `pmaxPercent`; ignored by sigmoid. Default 0.5. */
  readonly pminPercent?: number;
  /** Upper clipping percentile, 0-100, above `pminPercent`; ignored by sigmoid. Default 99.5. */
  readonly pmaxPercent?: number;
}

/**
 * The `percent` percentile of ascending finite values, interpolating linearly between ranks (numpy's default
 * 'linear' method: rank = percent / 100 × (n − 1)).
 * `percent` is 0-100. Returns NaN for an empty array.
 * Reference: Hyndman & Fan (1996), The American Statistician 50(4), 361, definition 7.
 */
export function percentileOfSorted(sorted: Float64Array, percent: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const rank = (Math.min(100, Math.max(0, percent)) / 100) * (n - 1);
  const lo = Math.floor(rank);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (rank - lo) * (sorted[hi] - sorted[lo]);
}

function finiteValues(data: ArrayLike<number>): Float64Array {
  const out = new Float64Array(data.length);
  let n = 0;
  for (let i = 0; i < data.length; i++) if (Number.isFinite(data[i])) out[n++] = data[i];
  return out.subarray(0, n);
}

function curve(stretch: Exclude<Stretch, 'sigmoid'>): (x: number) => number {
  switch (stretch) {
    case 'linear':
      return (x) => x;
    case 'sqrt':
      return Math.sqrt;
    case 'power':
      return (x) => x ** POWER_EXPONENT;
    case 'log': {
      const norm = Math.log(LOG_A + 1);
      return (x) => Math.log(LOG_A * x + 1) / norm;
    }
    case 'asinh': {
      const norm = Math.asinh(1 / ASINH_A);
      return (x) => Math.asinh(x / ASINH_A) / norm;
    }
  }
}

/**
 * Stretches pixel values to display levels in [0, 1].
 * sigmoid: z-score with the mean and population standard deviation of the finite pixels, then 1 / (1 + e^−z)
 * (a uniform image gives 0.5). Other stretches: x = (v − vmin) / (vmax − vmin) clipped to [0, 1], with vmin and
 * vmax the `pminPercent` and `pmaxPercent` percentiles of the finite pixels (when they are equal, x is 1 above
 * vmin and 0 elsewhere), then the stretch curve. Non-finite pixels give 0; an image with no finite pixel gives
 * all 0. Returns a new array of the same length.
 * Throws RangeError when the percentiles are outside 0-100 or pmin ≥ pmax.
 * Reference: astropy.visualization (v6) LinearStretch, SqrtStretch, PowerStretch, LogStretch, AsinhStretch;
 * docs/references.md#api-cutouts (sigmoid normaliser).
 */
export function stretchPixels(data: ArrayLike<number>, options: StretchOptions): Float64Array {
  const pmin = options.pminPercent ?? DEFAULT_PMIN_PERCENT;
  const pmax = options.pmaxPercent ?? DEFAULT_PMAX_PERCENT;
  if (!(pmin >= 0 && pmax <= 100 && pmin < pmax))
    throw new RangeError(`percentiles must satisfy 0 ≤ pmin < pmax ≤ 100, got pmin=${pmin} pmax=${pmax}`);
  const out = new Float64Array(data.length);
  const finite = finiteValues(data);
  if (finite.length === 0) return out;

  if (options.stretch === 'sigmoid') {
    let sum = 0;
    for (const v of finite) sum += v;
    const mean = sum / finite.length;
    let squares = 0;
    for (const v of finite) squares += (v - mean) ** 2;
    const std = Math.sqrt(squares / finite.length);
    for (let i = 0; i < data.length; i++) {
      const v = data[i];
      if (!Number.isFinite(v)) continue;
      out[i] = std > 0 ? 1 / (1 + Math.exp(-(v - mean) / std)) : 0.5;
    }
    return out;
  }

  finite.sort();
  const vmin = percentileOfSorted(finite, pmin);
  const vmax = percentileOfSorted(finite, pmax);
  const range = vmax - vmin;
  const f = curve(options.stretch);
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (!Number.isFinite(v)) continue;
    const x = range > 0 ? Math.min(1, Math.max(0, (v - vmin) / range)) : v > vmin ? 1 : 0;
    out[i] = f(x);
  }
  return out;
}
