/**
 * Phase curves for the Solar System tab: reduced magnitudes, the fitted parameters of a fit (an SSOFT row or a fit
 * made in the page, both with the SSOFT column names), and model curves sampled over a phase-angle range. The
 * model magnitudes are the project's own (compute/sso/phase/models.ts: pure, DOM-free, bundled as is), so the
 * portal draws exactly the functions the fits were made with.
 * Reference: docs/references.md#reduced-magnitude, #hg-model, #hg1g2-model, #shg1g2-model; Carry et al. 2024, A&A 687, A38.
 */
import { cosAspectAngle, hg1g2Mag, hgMag } from '../../../../compute/sso/phase/models.js';

/** The phase-curve models of the tab (the SSOFT flavours). */
export const PHASE_MODELS = ['HG', 'HG1G2', 'SHG1G2'] as const;
export type PhaseModel = (typeof PHASE_MODELS)[number];

/** ZTF bands of the fits: 1 = g, 2 = r (SSOFT column suffixes `_1`, `_2`). */
export const FIT_BANDS = [1, 2] as const;
export type FitBand = (typeof FIT_BANDS)[number];

/** The model's label as papers write it. */
export function modelLabel(model: PhaseModel): string {
  return model === 'SHG1G2' ? 'sHG1G2' : model;
}

/** Parameters of one band: H (mag) and the phase parameters of the model (G, or G1 and G2). */
export interface BandParameters {
  readonly hMag: number;
  readonly errHMag: number | null;
  /** Phase slope G (HG). */
  readonly g: number | null;
  readonly g1: number | null;
  readonly g2: number | null;
}

/** A phase-curve fit: per-band parameters, shared spin (sHG1G2) and the fit's quality figures. */
export interface PhaseFitParameters {
  readonly model: PhaseModel;
  readonly bands: Partial<Record<FitBand, BandParameters>>;
  /** Oblateness R (sHG1G2), (0, 1]. */
  readonly r: number | null;
  /** Spin axis, equatorial J2000 (deg) (sHG1G2). */
  readonly alpha0Deg: number | null;
  readonly delta0Deg: number | null;
  readonly chi2red: number | null;
  /** RMS of the residuals, all bands (mag). */
  readonly rmsMag: number | null;
  readonly nObs: number | null;
  /** Fink fit code: 0 success. */
  readonly fitCode: number | null;
}

function num(row: Readonly<Record<string, unknown>>, key: string): number | null {
  const v = row[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * The fit parameters held by a row with SSOFT column names (`H_1`, `G_1`, `G1_2`, `R`, `alpha0`, `chi2red`, …).
 * @returns null when the fit failed (`fit` != 0) or no band has a finite H and its phase parameters.
 * Reference: data/ssoft-columns.ts (column names and units); docs/references.md#ssoft-columns.
 */
export function fitParametersFromColumns(
  model: PhaseModel,
  row: Readonly<Record<string, unknown>>,
): PhaseFitParameters | null {
  const fitCode = num(row, 'fit');
  if (fitCode !== null && fitCode !== 0) return null;
  const bands: Partial<Record<FitBand, BandParameters>> = {};
  for (const band of FIT_BANDS) {
    const hMag = num(row, `H_${band}`);
    const g = model === 'HG' ? num(row, `G_${band}`) : null;
    const g1 = model === 'HG' ? null : num(row, `G1_${band}`);
    const g2 = model === 'HG' ? null : num(row, `G2_${band}`);
    if (hMag === null || (model === 'HG' ? g === null : g1 === null || g2 === null)) continue;
    bands[band] = { hMag, errHMag: num(row, `err_H_${band}`), g, g1, g2 };
  }
  if (Object.keys(bands).length === 0) return null;
  const spin = model === 'SHG1G2';
  const parameters: PhaseFitParameters = {
    model,
    bands,
    r: spin ? num(row, 'R') : null,
    alpha0Deg: spin ? num(row, 'alpha0') : null,
    delta0Deg: spin ? num(row, 'delta0') : null,
    chi2red: num(row, 'chi2red'),
    rmsMag: num(row, 'rms'),
    nObs: num(row, 'n_obs'),
    fitCode,
  };
  if (spin && (parameters.r === null || parameters.alpha0Deg === null || parameters.delta0Deg === null))
    return null;
  return parameters;
}

const RAD = Math.PI / 180;

/**
 * Reduced magnitude: the magnitude the object would have at 1 AU from the Sun and the observer.
 * @param magpsf observed magnitude (mag); @param dhelioAu Sun distance r (AU); @param dobsAu observer distance Δ (AU).
 * @returns m − 5 log10(r Δ) (mag); null when a distance is not positive or a value is not finite.
 * Reference: docs/references.md#reduced-magnitude.
 */
export function reducedMag(magpsf: number, dhelioAu: number, dobsAu: number): number | null {
  if (!Number.isFinite(magpsf) || !(dhelioAu > 0) || !(dobsAu > 0)) return null;
  return magpsf - 5 * Math.log10(dhelioAu * dobsAu);
}

/**
 * Mean |cos Λ| of the aspect angle between a spin axis and the observed directions.
 * @param raDeg, decDeg observed positions (deg), equal length; @param alpha0Deg, delta0Deg spin axis (deg).
 * @returns mean |cos Λ| in [0, 1]; null without a finite position.
 * Reference: Carry et al. 2024, A&A 687, A38, eq. 5.
 */
export function meanAbsCosAspect(
  raDeg: readonly number[],
  decDeg: readonly number[],
  alpha0Deg: number,
  delta0Deg: number,
): number | null {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < raDeg.length; i++) {
    const c = cosAspectAngle(raDeg[i] * RAD, decDeg[i] * RAD, alpha0Deg * RAD, delta0Deg * RAD);
    if (Number.isFinite(c)) {
      sum += Math.abs(c);
      n++;
    }
  }
  return n === 0 ? null : sum / n;
}

/**
 * Model reduced magnitude of one band at a phase angle. sHG1G2 needs the aspect: its spin term
 * 2.5 log10(1 − (1 − R)|cos Λ|) is added to the HG1G2 magnitude of the band's H, G1, G2.
 * @param phaseAngleDeg phase angle (deg), [0, 180); @param absCosAspect |cos Λ| in [0, 1] (sHG1G2 only).
 * @returns reduced magnitude (mag); null when the band has no parameters or the model has no finite value there.
 * Reference: compute/sso/phase/models.ts (`hgMag`, `hg1g2Mag`, `shg1g2Mag`); docs/references.md#hg-model, #hg1g2-model, #shg1g2-model.
 */
export function modelMag(
  fit: PhaseFitParameters,
  band: FitBand,
  phaseAngleDeg: number,
  absCosAspect = 0,
): number | null {
  const p = fit.bands[band];
  if (!p) return null;
  const alphaRad = phaseAngleDeg * RAD;
  let mag: number;
  if (fit.model === 'HG') mag = hgMag(alphaRad, { hMag: p.hMag, g: p.g ?? Number.NaN });
  else {
    mag = hg1g2Mag(alphaRad, { hMag: p.hMag, g1: p.g1 ?? Number.NaN, g2: p.g2 ?? Number.NaN });
    if (fit.model === 'SHG1G2') mag += 2.5 * Math.log10(1 - (1 - (fit.r ?? Number.NaN)) * absCosAspect);
  }
  return Number.isFinite(mag) ? mag : null;
}

/** A model curve: phase angles (deg) and reduced magnitudes (mag), points without a model value left out. */
export interface ModelCurve {
  readonly phaseDeg: number[];
  readonly magRed: number[];
}

/**
 * Samples a band's model between two phase angles (inclusive) at `steps` + 1 evenly spaced angles.
 * @param fromDeg, toDeg phase range (deg), from <= to; @param absCosAspect for sHG1G2 (e.g. the mean of the data).
 * @returns the curve; empty when the band has no parameters.
 */
export function modelCurve(
  fit: PhaseFitParameters,
  band: FitBand,
  fromDeg: number,
  toDeg: number,
  steps = 100,
  absCosAspect = 0,
): ModelCurve {
  const curve: ModelCurve = { phaseDeg: [], magRed: [] };
  for (let k = 0; k <= steps; k++) {
    const phase = fromDeg + ((toDeg - fromDeg) * k) / steps;
    const mag = modelMag(fit, band, phase, absCosAspect);
    if (mag === null) continue;
    curve.phaseDeg.push(phase);
    curve.magRed.push(mag);
  }
  return curve;
}

/** The phase range drawn for the models: from 0 to a little beyond the largest observed phase (deg). */
export function curveRangeDeg(phasesDeg: readonly number[]): { fromDeg: number; toDeg: number } {
  const finite = phasesDeg.filter(Number.isFinite);
  if (finite.length === 0) return { fromDeg: 0, toDeg: 30 };
  return { fromDeg: 0, toDeg: Math.min(179, Math.ceil(Math.max(...finite) * 1.1 + 1)) };
}
