/**
 * One object's row of the monthly bulk table of Solar System light curves (`/api/v1/ssobulk`): its detections
 * (as the SSOFT job read and fitted them), their ephemerides, the object's sHG1G2 SSOFT row and the residuals of
 * the detections against that fit. Pure.
 * Reference: fink-broker `bin/ztf/extract_ssobulk.py` (aggregated light curves joined with the sHG1G2 SSOFT,
 * residuals per band); docs/api.md#ssobulk.
 */
import type { GeometryEphemerides } from './ephemeris/index.js';
import { shg1g2Mag } from './phase/index.js';
import type { SsoDetections, SsoftRowValues } from './ssoft-row.js';

const RAD_PER_DEG = Math.PI / 180;

/** The bulk row of one object: the light curve arrays (detection order), then the SSOFT values. */
export interface SsobulkRow {
  /** The ZTF spelling the SSOFT row is listed under. */
  readonly ssnamenr: string;
  /** Observed positions (deg, J2000). */
  readonly cra: readonly number[];
  readonly cdec: readonly number[];
  /** PSF magnitude and its error (mag). */
  readonly cmagpsf: readonly number[];
  readonly csigmapsf: readonly number[];
  /** ZTF filter id: 1 g, 2 r. */
  readonly cfid: readonly number[];
  /** JD UTC of the exposure start. */
  readonly cjd: readonly number[];
  /** Observer-object and Sun-object distances (au), phase angle (deg), ephemeris RA and Dec (deg, J2000). */
  readonly Dobs: readonly number[];
  readonly Dhelio: readonly number[];
  readonly Phase: readonly number[];
  readonly RA: readonly number[];
  readonly DEC: readonly number[];
  /** The object's sHG1G2 SSOFT row (data/ssoft-columns.ts), `ssnamenr` included. */
  readonly ssoft: SsoftRowValues;
  /**
   * Reduced magnitude magpsf − 5 log10(Dobs·Dhelio) minus the sHG1G2 model of the detection's band (mag), one per
   * detection; empty when the SSOFT fit failed (`fit` ≠ 0), as the reference leaves it.
   */
  readonly residuals_shg1g2: readonly number[];
}

/** A number of an SSOFT row, NaN when absent or not a number. */
function numberOf(row: SsoftRowValues, name: string): number {
  const v = row[name];
  return typeof v === 'number' ? v : Number.NaN;
}

/**
 * Residuals of detections against an sHG1G2 SSOFT row, per band with the band's H, G1, G2 and the shared R,
 * alpha0, delta0 of the row.
 * @param det the detections; @param eph their ephemerides (same order).
 * @param shg1g2 the object's sHG1G2 row (angles in deg, as the table holds them).
 * @returns observed minus model reduced magnitude (mag) per detection; empty when `fit` ≠ 0; NaN for a detection
 *   whose band has no parameters.
 */
export function shg1g2RowResiduals(
  det: SsoDetections,
  eph: GeometryEphemerides,
  shg1g2: SsoftRowValues,
): number[] {
  if (numberOf(shg1g2, 'fit') !== 0) return [];
  const shared = {
    r: numberOf(shg1g2, 'R'),
    alpha0Rad: numberOf(shg1g2, 'alpha0') * RAD_PER_DEG,
    delta0Rad: numberOf(shg1g2, 'delta0') * RAD_PER_DEG,
  };
  return Array.from({ length: det.jd.length }, (_, i) => {
    const band = det.fid[i];
    const magRed = det.magpsf[i] - 5 * Math.log10(eph.dobsAu[i] * eph.dhelioAu[i]);
    const model = shg1g2Mag(
      eph.phaseDeg[i] * RAD_PER_DEG,
      det.raDeg[i] * RAD_PER_DEG,
      det.decDeg[i] * RAD_PER_DEG,
      {
        ...shared,
        hMag: numberOf(shg1g2, `H_${band}`),
        g1: numberOf(shg1g2, `G1_${band}`),
        g2: numberOf(shg1g2, `G2_${band}`),
      },
    );
    return magRed - model;
  });
}

/**
 * The bulk row of one object.
 * @param det its detections; @param eph their geometry ephemerides (same order).
 * @param shg1g2 its sHG1G2 SSOFT row, computed from the same detections and ephemerides.
 */
export function ssobulkRow(det: SsoDetections, eph: GeometryEphemerides, shg1g2: SsoftRowValues): SsobulkRow {
  return {
    ssnamenr: String(shg1g2.ssnamenr),
    cra: Array.from(det.raDeg),
    cdec: Array.from(det.decDeg),
    cmagpsf: Array.from(det.magpsf),
    csigmapsf: Array.from(det.sigmapsf),
    cfid: Array.from(det.fid),
    cjd: Array.from(det.jd),
    Dobs: Array.from(eph.dobsAu),
    Dhelio: Array.from(eph.dhelioAu),
    Phase: Array.from(eph.phaseDeg),
    RA: Array.from(eph.raDeg),
    DEC: Array.from(eph.decDeg),
    ssoft: shg1g2,
    residuals_shg1g2: shg1g2RowResiduals(det, eph, shg1g2),
  };
}
