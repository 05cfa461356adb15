/**
 * The fixed part of a phase-curve fit, computed once per object: observations ordered band by band (ascending fid,
 * input order kept within a band), the basis functions at each phase angle and the trigonometry of each observed
 * position. Model and Jacobian evaluations over a parameter vector then cost a few multiplications per point.
 * Reference: docs/references.md#hg-model, #hg1g2-model, #shg1g2-model, #phase-fit-recipe.
 */
import { hg1g2Phi1, hg1g2Phi2, hg1g2Phi3, hgBasis } from './basis.js';
import { bandParameterCount, type PhaseFlavor, sharedParameterCount } from './fit-setup.js';

/** Observations of one object as the phase-curve fits take them; all arrays have the same length. */
export interface PhaseObservations {
  /** Reduced magnitude magpsf - 5 log10(Dobs Dhelio) (mag); NaN when the ephemeris is missing. */
  readonly magRed: ArrayLike<number>;
  /** Photometric uncertainty sigmapsf (mag), > 0; used only for chi2red and median_error_phot. */
  readonly sigmaMag: ArrayLike<number>;
  /** Phase angle (rad), [0, pi]. */
  readonly phaseAngleRad: ArrayLike<number>;
  /** ZTF filter id (1 = g, 2 = r, 3 = i). */
  readonly fid: ArrayLike<number>;
  /** Observed right ascension, J2000 (rad); used by sHG1G2 only. */
  readonly raRad: ArrayLike<number>;
  /** Observed declination, J2000 (rad); used by sHG1G2 only. */
  readonly decRad: ArrayLike<number>;
  /** Observation time (JD UTC). */
  readonly jd: ArrayLike<number>;
}

/** Precomputed per-point data of a fit, rows ordered band by band. */
export interface PhaseDesign {
  readonly flavor: PhaseFlavor;
  /** Number of points. */
  readonly n: number;
  /** Number of parameters. */
  readonly p: number;
  /** Number of leading shared spin parameters (3 for sHG1G2: R, alpha0, delta0; else 0). */
  readonly spinParameterCount: number;
  /** Distinct filter ids, ascending; band index b refers to fids[b]. */
  readonly fids: readonly number[];
  /** Index into the input arrays of each row. */
  readonly order: Int32Array;
  /** Band index of each row. */
  readonly band: Int32Array;
  /** Observed reduced magnitude of each row (mag). */
  readonly magRed: Float64Array;
  /** HG: Φ1; HG1G2, sHG1G2: φ1. */
  readonly basis1: Float64Array;
  /** HG: Φ2; HG1G2, sHG1G2: φ2. */
  readonly basis2: Float64Array;
  /** HG1G2, sHG1G2: φ3 (zeros for HG). */
  readonly basis3: Float64Array;
  readonly sinRa: Float64Array;
  readonly cosRa: Float64Array;
  readonly sinDec: Float64Array;
  readonly cosDec: Float64Array;
}

/** 2.5 / ln 10: d(-2.5 log10 x)/dx = -MAG_PER_LN / x. */
const MAG_PER_LN = 2.5 / Math.LN10;
/** Smallest flux term used in a magnitude (+25 mag); keeps the cost finite where wide G bounds allow flux <= 0. */
const FLUX_FLOOR = 1e-10;

/**
 * Orders the observations band by band and precomputes the basis functions and trigonometry.
 * @param flavor the model; @param obs the observations (finite values expected; NaN propagates).
 * @returns the design; `p` counts shared plus per-band parameters.
 * Reference: docs/references.md#phase-fit-recipe (residuals concatenated band by band in ascending fid order).
 */
export function buildPhaseDesign(flavor: PhaseFlavor, obs: PhaseObservations): PhaseDesign {
  const n = obs.magRed.length;
  const fids = [...new Set(Array.from(obs.fid))].sort((a, b) => a - b);
  const order = new Int32Array(n);
  const band = new Int32Array(n);
  let row = 0;
  fids.forEach((fid, b) => {
    for (let i = 0; i < n; i++) {
      if (obs.fid[i] !== fid) continue;
      order[row] = i;
      band[row] = b;
      row++;
    }
  });
  const arrays = Array.from({ length: 8 }, () => new Float64Array(n));
  const [magRed, basis1, basis2, basis3, sinRa, cosRa, sinDec, cosDec] = arrays;
  for (let k = 0; k < n; k++) {
    const i = order[k];
    const alpha = obs.phaseAngleRad[i];
    magRed[k] = obs.magRed[i];
    if (flavor === 'HG') {
      const phi = hgBasis(alpha);
      basis1[k] = phi.phi1;
      basis2[k] = phi.phi2;
    } else {
      basis1[k] = hg1g2Phi1(alpha);
      basis2[k] = hg1g2Phi2(alpha);
      basis3[k] = hg1g2Phi3(alpha);
    }
    if (flavor === 'SHG1G2') {
      sinRa[k] = Math.sin(obs.raRad[i]);
      cosRa[k] = Math.cos(obs.raRad[i]);
      sinDec[k] = Math.sin(obs.decRad[i]);
      cosDec[k] = Math.cos(obs.decRad[i]);
    }
  }
  const p = sharedParameterCount(flavor) + fids.length * bandParameterCount(flavor);
  return {
    flavor,
    n,
    p,
    spinParameterCount: sharedParameterCount(flavor),
    fids,
    order,
    band,
    magRed,
    basis1,
    basis2,
    basis3,
    sinRa,
    cosRa,
    sinDec,
    cosDec,
  };
}

/**
 * Model magnitudes of every row and, optionally, their partial derivatives over the parameters.
 * @param d the design; @param params parameter vector in `parameterSetup` order (angles in rad).
 * @param modelOut receives the model reduced magnitude of each row (mag), length n.
 * @param jacobianOut when given, receives dm/dθ row-major (n × p); the flux term is floored at 1e-10 and its
 *   derivative taken at the floored value.
 * Reference: docs/references.md#hg-model, #hg1g2-model, #shg1g2-model (model equations); derivatives by hand.
 */
export function evaluatePhaseModel(
  d: PhaseDesign,
  params: ArrayLike<number>,
  modelOut: Float64Array,
  jacobianOut?: Float64Array,
): void {
  const shared = sharedParameterCount(d.flavor);
  const perBand = bandParameterCount(d.flavor);
  const isSpin = d.flavor === 'SHG1G2';
  const oneMinusR = isSpin ? 1 - params[0] : 0;
  const cosA0 = isSpin ? Math.cos(params[1]) : 0;
  const sinA0 = isSpin ? Math.sin(params[1]) : 0;
  const cosD0 = isSpin ? Math.cos(params[2]) : 0;
  const sinD0 = isSpin ? Math.sin(params[2]) : 0;
  const p = d.p;
  if (jacobianOut) jacobianOut.fill(0);
  for (let k = 0; k < d.n; k++) {
    const off = shared + d.band[k] * perBand;
    const h = params[off];
    const a1 = d.basis1[k];
    const a2 = d.basis2[k];
    const a3 = d.basis3[k];
    let flux: number;
    let dFluxG1: number;
    let dFluxG2 = 0;
    if (perBand === 2) {
      flux = a1 + params[off + 1] * (a2 - a1);
      dFluxG1 = a2 - a1;
    } else {
      flux = a3 + params[off + 1] * (a1 - a3) + params[off + 2] * (a2 - a3);
      dFluxG1 = a1 - a3;
      dFluxG2 = a2 - a3;
    }
    if (flux < FLUX_FLOOR) flux = FLUX_FLOOR;
    const row = k * p;
    if (!isSpin) {
      modelOut[k] = h - MAG_PER_LN * Math.log(flux);
    } else {
      const cosDiff = d.cosRa[k] * cosA0 + d.sinRa[k] * sinA0;
      const sinDiff = d.sinRa[k] * cosA0 - d.cosRa[k] * sinA0;
      const c = d.sinDec[k] * sinD0 + d.cosDec[k] * cosD0 * cosDiff;
      const sign = c < 0 ? -1 : 1;
      const absC = sign * c;
      const s = 1 - oneMinusR * absC;
      // -2.5 log10(flux) + 2.5 log10(s) with one logarithm.
      modelOut[k] = h - MAG_PER_LN * Math.log(flux / s);
      if (jacobianOut) {
        const dMdAbsC = (-MAG_PER_LN * oneMinusR) / s;
        jacobianOut[row] = (MAG_PER_LN * absC) / s;
        jacobianOut[row + 1] = dMdAbsC * sign * d.cosDec[k] * cosD0 * sinDiff;
        jacobianOut[row + 2] = dMdAbsC * sign * (d.sinDec[k] * cosD0 - d.cosDec[k] * sinD0 * cosDiff);
      }
    }
    if (jacobianOut) {
      jacobianOut[row + off] = 1;
      jacobianOut[row + off + 1] = (-MAG_PER_LN * dFluxG1) / flux;
      if (perBand === 3) jacobianOut[row + off + 2] = (-MAG_PER_LN * dFluxG2) / flux;
    }
  }
}

/**
 * |cos Λ| of every row for a spin axis.
 * @param d the design (sHG1G2); @param alpha0Rad, delta0Rad spin axis, J2000 (rad).
 * @returns |cos Λ| in [0, 1] per row.
 * Reference: Carry et al. 2024, A&A 687, A38, eq. 5; docs/references.md#shg1g2-model.
 */
export function absCosAspectRows(d: PhaseDesign, alpha0Rad: number, delta0Rad: number): Float64Array {
  const out = new Float64Array(d.n);
  const cosA0 = Math.cos(alpha0Rad);
  const sinA0 = Math.sin(alpha0Rad);
  const cosD0 = Math.cos(delta0Rad);
  const sinD0 = Math.sin(delta0Rad);
  for (let k = 0; k < d.n; k++) {
    const cosDiff = d.cosRa[k] * cosA0 + d.sinRa[k] * sinA0;
    out[k] = Math.abs(d.sinDec[k] * sinD0 + d.cosDec[k] * cosD0 * cosDiff);
  }
  return out;
}
