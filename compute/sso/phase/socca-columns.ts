/**
 * The SOCCA fit's inputs and its SSOFT columns: which points enter the fit, the parameter vector's layout, the
 * column template and its filling from a solution. Pure.
 * Reference: docs/references.md#socca, #ssoft-columns; fink-utils `sso/spins.py` (`fit_spin` outputs).
 */
import { cosAspectAngle } from './models.js';
import { columnBands, observationColumns } from './phase-columns.js';
import type { PhaseObservations } from './phase-design.js';

/** Observations of a SOCCA fit: those of the phase-curve fits plus light-time corrected times. */
export interface SoccaObservations extends PhaseObservations {
  /** Observation time corrected for the light time, jd − Dobs/c (JD); see `lightTimeCorrectedJd`. */
  readonly jdLightTime: ArrayLike<number>;
}

/** Fewest points of a band for the band to enter the fit (fewer: its points are left out). */
export const MIN_BAND_POINTS = 6;
/** Index of the shared parameters in the solver vector. */
export const ALPHA0 = 0;
export const DELTA0 = 1;
export const PERIOD = 2;
export const A_B = 3;
export const A_C = 4;
export const PHI0 = 5;
export const SHARED = 6;

const DEG_PER_RAD = 180 / Math.PI;
export const HOURS_PER_DAY = 24;

/** Bands and their points, as the fit orders them. */
export interface BandLayout {
  /** Number of points. */
  readonly n: number;
  /** Distinct filter ids, ascending. */
  readonly fids: readonly number[];
  /** Index into fids of each point. */
  readonly band: Int32Array;
}

/** The points of the bands with at least MIN_BAND_POINTS points (H, G1 and G2 of a band need more than three). */
export function pointsOfWellSampledBands(obs: SoccaObservations): SoccaObservations {
  const counts = new Map<number, number>();
  for (let k = 0; k < obs.fid.length; k++) counts.set(obs.fid[k], (counts.get(obs.fid[k]) ?? 0) + 1);
  const keep: number[] = [];
  for (let k = 0; k < obs.fid.length; k++) if ((counts.get(obs.fid[k]) ?? 0) >= MIN_BAND_POINTS) keep.push(k);
  const pick = (a: ArrayLike<number>) => Float64Array.from(keep, (k) => a[k]);
  return {
    magRed: pick(obs.magRed),
    sigmaMag: pick(obs.sigmaMag),
    phaseAngleRad: pick(obs.phaseAngleRad),
    fid: pick(obs.fid),
    raRad: pick(obs.raRad),
    decRad: pick(obs.decRad),
    jd: pick(obs.jd),
    jdLightTime: pick(obs.jdLightTime),
  };
}

/** Column template: every SOCCA fit column NaN, observation statistics filled. */
export function templateColumns(obs: SoccaObservations): Record<string, number> {
  const cols: Record<string, number> = {};
  for (const b of columnBands(obs.fid)) {
    for (const name of ['H', 'G1', 'G2']) {
      cols[`${name}_${b}`] = Number.NaN;
      cols[`err_${name}_${b}`] = Number.NaN;
    }
    cols[`rms_${b}`] = Number.NaN;
  }
  for (const name of ['period', 'a_b', 'a_c', 'phi0', 'alpha0', 'delta0']) {
    cols[name] = Number.NaN;
    cols[`err_${name}`] = Number.NaN;
  }
  for (const name of ['alpha0_alt', 'delta0_alt', 'period_chi2red', 'chi2red', 'rms'])
    cols[name] = Number.NaN;
  for (const name of ['min_cos_lambda', 'mean_cos_lambda', 'max_cos_lambda']) cols[name] = Number.NaN;
  return observationColumns(obs, cols);
}

/** Wraps an angle (rad) into [0, 2π). */
function wrapTwoPi(rad: number): number {
  const w = rad % (2 * Math.PI);
  return w < 0 ? w + 2 * Math.PI : w;
}

/**
 * The reported pole and phase: (alpha0, delta0) in [0, 2π) × [−π/2, π/2], phi0 in [−π/2, π/2) (the ellipsoid
 * looks the same after half a turn).
 */
function reportedAngles(x: Float64Array): { alpha0Rad: number; delta0Rad: number; phi0Rad: number } {
  const phi0Rad = (wrapTwoPi(x[PHI0] + Math.PI / 2) % Math.PI) - Math.PI / 2;
  return { alpha0Rad: wrapTwoPi(x[ALPHA0]), delta0Rad: x[DELTA0], phi0Rad };
}

/** Fills the fit columns from a solution (errors in the solver's units, residuals model − observed). */
export function fillColumns(
  cols: Record<string, number>,
  d: BandLayout,
  obs: SoccaObservations,
  x: Float64Array,
  errors: Float64Array,
  residuals: Float64Array,
): void {
  const angles = reportedAngles(x);
  cols.alpha0 = angles.alpha0Rad * DEG_PER_RAD;
  cols.delta0 = angles.delta0Rad * DEG_PER_RAD;
  cols.err_alpha0 = errors[ALPHA0] * DEG_PER_RAD;
  cols.err_delta0 = errors[DELTA0] * DEG_PER_RAD;
  cols.alpha0_alt = (cols.alpha0 + 180) % 360;
  cols.delta0_alt = -cols.delta0;
  cols.period = x[PERIOD] * HOURS_PER_DAY;
  cols.err_period = errors[PERIOD] * HOURS_PER_DAY;
  cols.a_b = x[A_B];
  cols.err_a_b = errors[A_B];
  cols.a_c = x[A_C];
  cols.err_a_c = errors[A_C];
  cols.phi0 = angles.phi0Rad;
  cols.err_phi0 = errors[PHI0];
  d.fids.forEach((fid, b) => {
    ['H', 'G1', 'G2'].forEach((name, j) => {
      cols[`${name}_${fid}`] = x[SHARED + 3 * b + j];
      cols[`err_${name}_${fid}`] = errors[SHARED + 3 * b + j];
    });
  });
  let chi2 = 0;
  let sumSq = 0;
  const bandSumSq = new Float64Array(d.fids.length);
  const bandCount = new Float64Array(d.fids.length);
  let minCos = Number.POSITIVE_INFINITY;
  let maxCos = 0;
  let sumCos = 0;
  for (let k = 0; k < d.n; k++) {
    const f = residuals[k];
    chi2 += (f / obs.sigmaMag[k]) ** 2;
    sumSq += f * f;
    bandSumSq[d.band[k]] += f * f;
    bandCount[d.band[k]]++;
    const c = Math.abs(cosAspectAngle(obs.raRad[k], obs.decRad[k], angles.alpha0Rad, angles.delta0Rad));
    minCos = Math.min(minCos, c);
    maxCos = Math.max(maxCos, c);
    sumCos += c;
  }
  cols.chi2red = chi2 / (d.n - x.length - 1);
  cols.rms = Math.sqrt(sumSq / d.n);
  d.fids.forEach((fid, b) => {
    cols[`rms_${fid}`] = Math.sqrt(bandSumSq[b] / bandCount[b]);
  });
  cols.min_cos_lambda = minCos;
  cols.max_cos_lambda = maxCos;
  cols.mean_cos_lambda = sumCos / d.n;
}
