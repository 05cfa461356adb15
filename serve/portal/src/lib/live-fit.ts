/**
 * Phase-curve fits made in the page for an object the SSOFT does not hold (too few detections for the monthly
 * table, or newer than it). The fit is the project's own (compute/sso/phase/fit-phase-curve.ts, the code the
 * SSOFT builder runs), fed with the reduced magnitudes and phase angles of `/api/v1/sso?withEphem=true`; it is
 * loaded on first use as its own chunk (it brings the least-squares solver).
 * Reference: docs/references.md#phase-fit-recipe (Fink's recipe), docs/sso.md ("Phase-curve fits and the SSOFT").
 */
import { fitParametersFromColumns, type PhaseFitParameters, type PhaseModel } from './phase-curve.js';
import type { SsoPoint } from './sso-points.js';

const RAD = Math.PI / 180;

/** Outcome of a fit in the page: the parameters, or why there are none. */
export type LiveFit =
  | {
      readonly ok: true;
      readonly parameters: PhaseFitParameters;
      /** The fit's SSOFT columns (parameters, `err_*` uncertainties, quality figures). */
      readonly columns: Readonly<Record<string, number>>;
    }
  | { readonly ok: false; readonly fitCode: number; readonly reason: string };

/**
 * Fits `model` to the points that have ephemerides (phase angle and reduced magnitude).
 * @returns the parameters with the SSOFT column semantics, or the fit's reason for failing (too few points, …).
 */
export async function fitInPage(model: PhaseModel, points: readonly SsoPoint[]): Promise<LiveFit> {
  const { fitPhaseCurve } = await import('../../../../compute/sso/phase/fit-phase-curve.js');
  const used = points.filter((p) => p.magRed !== null && p.phaseDeg !== null);
  const fit = fitPhaseCurve(model, {
    magRed: used.map((p) => p.magRed ?? Number.NaN),
    sigmaMag: used.map((p) => p.sigmapsf),
    phaseAngleRad: used.map((p) => (p.phaseDeg ?? Number.NaN) * RAD),
    fid: used.map((p) => p.fid),
    raRad: used.map((p) => p.raDeg * RAD),
    decRad: used.map((p) => p.decDeg * RAD),
    jd: used.map((p) => p.jd),
  });
  const parameters = fit.fit === 0 ? fitParametersFromColumns(model, fit.columns) : null;
  if (parameters === null)
    return {
      ok: false,
      fitCode: fit.fit,
      reason: fit.reason ?? `the fit did not succeed (fit code ${fit.fit})`,
    };
  return { ok: true, parameters, columns: fit.columns };
}
