/**
 * SSOFT columns of one object that follow from its observations and its phase-curve fit: band parameters with
 * their uncertainties, spin and shape (sHG1G2), goodness of fit, and the observation statistics. Pure.
 * Reference: docs/references.md#phase-fit-recipe (reported statistics) and #ssoft-columns (columns).
 */
import type { PhaseFlavor } from './fit-setup.js';
import { shapeFromResiduals } from './models.js';
import { bandSuffix, type PhaseBands, ZTF_PHASE_BANDS } from './phase-bands.js';
import { absCosAspectRows, type PhaseDesign, type PhaseObservations } from './phase-design.js';

const DEG_PER_RAD = 180 / Math.PI;

function minOf(values: ArrayLike<number>): number {
  let out = Number.NaN;
  for (let i = 0; i < values.length; i++) if (!(values[i] >= out)) out = values[i];
  return out;
}

function maxOf(values: ArrayLike<number>): number {
  let out = Number.NaN;
  for (let i = 0; i < values.length; i++) if (!(values[i] <= out)) out = values[i];
  return out;
}

/** Median as numpy computes it (mean of the two middle values for an even count); NaN for no value. Sorts. */
function medianOf(values: Float64Array): number {
  if (values.length === 0) return Number.NaN;
  const s = values.sort();
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Band codes that get columns: the survey's codes always, plus any other code present, ascending.
 * @param fid band code of each observation; @param survey the survey's bands (default ZTF: 1 and 2).
 */
export function columnBands(fid: ArrayLike<number>, survey: PhaseBands = ZTF_PHASE_BANDS): number[] {
  const bands: number[] = [...survey.codes];
  for (let i = 0; i < fid.length; i++) if (!bands.includes(fid[i])) bands.push(fid[i]);
  return bands.sort((a, b) => a - b);
}

/** Observation statistics of one set of rows (all points, or one band); non-finite values skipped. */
function fillObservationColumns(
  cols: Record<string, number>,
  suffix: string,
  obs: PhaseObservations,
  rows: Int32Array,
): void {
  const phases = new Float64Array(rows.length);
  const jds = new Float64Array(rows.length);
  const sigmas = new Float64Array(rows.length);
  let phaseCount = 0;
  let jdCount = 0;
  let sigmaCount = 0;
  for (const i of rows) {
    const phase = obs.phaseAngleRad[i] * DEG_PER_RAD;
    if (Number.isFinite(phase)) phases[phaseCount++] = phase;
    if (Number.isFinite(obs.jd[i])) jds[jdCount++] = obs.jd[i];
    if (Number.isFinite(obs.sigmaMag[i])) sigmas[sigmaCount++] = obs.sigmaMag[i];
  }
  const finitePhases = phases.subarray(0, phaseCount);
  const finiteJds = jds.subarray(0, jdCount);
  cols[`n_obs${suffix}`] = rows.length === 0 ? Number.NaN : rows.length;
  cols[`min_phase${suffix}`] = minOf(finitePhases);
  cols[`max_phase${suffix}`] = maxOf(finitePhases);
  cols[`median_error_phot${suffix}`] = medianOf(sigmas.subarray(0, sigmaCount));
  cols[`n_days${suffix}`] = maxOf(finiteJds) - minOf(finiteJds);
  if (suffix === '') cols.last_jd = maxOf(finiteJds);
}

/**
 * Observation statistics over all points and per band: n_obs, min_phase, max_phase (deg), median_error_phot
 * (mag), n_days (days between first and last observation), and last_jd (JD UTC). Non-finite values are ignored;
 * a band without observations gets NaN in every column (n_obs included).
 * @param obs the observations.
 * @param cols object the columns are added to (default a new one), after its existing keys.
 * @param survey the survey's bands (column suffixes; default ZTF).
 * @returns `cols`, column name to value.
 * Reference: docs/references.md#phase-fit-recipe (reported statistics), #ssoft-build item 4 (n_days, last_jd), #ssoft-columns.
 */
export function observationColumns(
  obs: PhaseObservations,
  cols: Record<string, number> = {},
  survey: PhaseBands = ZTF_PHASE_BANDS,
): Record<string, number> {
  const n = obs.magRed.length;
  fillObservationColumns(
    cols,
    '',
    obs,
    Int32Array.from({ length: n }, (_, i) => i),
  );
  for (const fid of columnBands(obs.fid, survey)) {
    let count = 0;
    for (let i = 0; i < n; i++) if (obs.fid[i] === fid) count++;
    const rows = new Int32Array(count);
    count = 0;
    for (let i = 0; i < n; i++) if (obs.fid[i] === fid) rows[count++] = i;
    fillObservationColumns(cols, `_${bandSuffix(survey, fid)}`, obs, rows);
  }
  return cols;
}

/** Names of the fitted-parameter columns of one band (without the `_fid` suffix). */
function bandParameterNames(flavor: PhaseFlavor): string[] {
  return flavor === 'HG' ? ['H', 'G'] : ['H', 'G1', 'G2'];
}

/**
 * Fit columns set to NaN: band parameters and their errors, chi2red, rms (+ per band) and, for sHG1G2, R, alpha0,
 * delta0 (+ alt, + errors), a_b, a_c and the |cos Λ| statistics. Used as the template every fit fills.
 * @param flavor the model; @param bands band codes (`columnBands`); @param survey their suffixes (default ZTF).
 * Reference: docs/references.md#ssoft-columns (flavour columns).
 */
export function emptyFitColumns(
  flavor: PhaseFlavor,
  bands: readonly number[],
  survey: PhaseBands = ZTF_PHASE_BANDS,
): Record<string, number> {
  const cols: Record<string, number> = {};
  for (const code of bands) {
    const b = bandSuffix(survey, code);
    for (const name of bandParameterNames(flavor)) {
      cols[`${name}_${b}`] = Number.NaN;
      cols[`err_${name}_${b}`] = Number.NaN;
    }
    cols[`rms_${b}`] = Number.NaN;
  }
  cols.chi2red = Number.NaN;
  cols.rms = Number.NaN;
  if (flavor === 'SHG1G2') {
    for (const name of ['R', 'alpha0', 'delta0']) {
      cols[name] = Number.NaN;
      cols[`err_${name}`] = Number.NaN;
    }
    for (const name of ['alpha0_alt', 'delta0_alt', 'a_b', 'a_c']) cols[name] = Number.NaN;
    for (const name of ['min_cos_lambda', 'mean_cos_lambda', 'max_cos_lambda']) cols[name] = Number.NaN;
  }
  return cols;
}

/**
 * Fills the fit columns from a converged solution.
 * @param cols template from `emptyFitColumns`, modified in place.
 * @param d the design; @param params solution (angles in rad); @param errors 1-sigma errors, same order.
 * @param residualsMag f = model - observed per design row (mag).
 * @param sigmaMag sigmapsf of the input observations (mag), input order.
 * @param survey the survey's bands (column suffixes; default ZTF).
 * Reference: docs/references.md#phase-fit-recipe: chi2red = Σ(f/σ)² / (N - p - 1) with each residual paired with its own σ (not
 *   the upstream ordering quirk); rms = sqrt(mean f²); alpha0, delta0 and errors in degrees; |cos Λ| statistics
 *   (classic, absolute value); a_b, a_c from `shapeFromResiduals`.
 */
export function fillFitColumns(
  cols: Record<string, number>,
  d: PhaseDesign,
  params: readonly number[],
  errors: ArrayLike<number>,
  residualsMag: Float64Array,
  sigmaMag: ArrayLike<number>,
  survey: PhaseBands = ZTF_PHASE_BANDS,
): void {
  const shared = d.flavor === 'SHG1G2' ? 3 : 0;
  const names = bandParameterNames(d.flavor);
  d.fids.forEach((fid, b) => {
    names.forEach((name, j) => {
      const idx = shared + b * names.length + j;
      cols[`${name}_${bandSuffix(survey, fid)}`] = params[idx];
      cols[`err_${name}_${bandSuffix(survey, fid)}`] = errors[idx];
    });
  });
  let chi2 = 0;
  let sumSq = 0;
  const bandSumSq = new Float64Array(d.fids.length);
  const bandCount = new Float64Array(d.fids.length);
  for (let k = 0; k < d.n; k++) {
    const f = residualsMag[k];
    chi2 += (f / sigmaMag[d.order[k]]) ** 2;
    sumSq += f * f;
    bandSumSq[d.band[k]] += f * f;
    bandCount[d.band[k]]++;
  }
  cols.chi2red = chi2 / (d.n - d.p - 1);
  cols.rms = Math.sqrt(sumSq / d.n);
  d.fids.forEach((fid, b) => {
    cols[`rms_${bandSuffix(survey, fid)}`] = Math.sqrt(bandSumSq[b] / bandCount[b]);
  });
  if (d.flavor !== 'SHG1G2') return;
  const [r, alpha0Rad, delta0Rad] = params;
  cols.R = r;
  cols.err_R = errors[0];
  cols.alpha0 = alpha0Rad * DEG_PER_RAD;
  cols.delta0 = delta0Rad * DEG_PER_RAD;
  cols.err_alpha0 = errors[1] * DEG_PER_RAD;
  cols.err_delta0 = errors[2] * DEG_PER_RAD;
  cols.alpha0_alt = (cols.alpha0 + 180) % 360;
  cols.delta0_alt = -cols.delta0;
  const shape = shapeFromResiduals(residualsMag, r);
  cols.a_b = shape.aB;
  cols.a_c = shape.aC;
  const absCos = absCosAspectRows(d, alpha0Rad, delta0Rad);
  cols.min_cos_lambda = minOf(absCos);
  cols.max_cos_lambda = maxOf(absCos);
  cols.mean_cos_lambda = absCos.reduce((a, b) => a + b, 0) / d.n;
}
