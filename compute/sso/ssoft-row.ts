/**
 * One object's row of the SSOFT table for one flavour: the phase-curve fit of its detections (reduced with the
 * ephemeris distances), the astrometry statistics (observed minus ephemeris positions), the obliquity of the spin
 * axis on the orbit (sHG1G2), its names and the table version. Pure.
 * Reference: docs/references.md#ssoft-build (steps 4-7), #ssoft-columns (columns).
 */
import type { GeometryEphemerides } from './ephemeris/index.js';
import type { OrbitElements } from './orbit.js';
import {
  fitPhaseCurve,
  fitSocca,
  lightTimeCorrectedJd,
  type PhaseBands,
  type PhaseFlavor,
  type PhaseObservations,
  type SoccaObservations,
  ZTF_PHASE_BANDS,
} from './phase/index.js';
import { astrometryStatistics, obliquityDeg, separationArcsec } from './ssoft-statistics.js';

const RAD_PER_DEG = Math.PI / 180;

/** The detections of one object, in any order (arrays of equal length). */
export interface SsoDetections {
  /** JD UTC of the exposure start. */
  readonly jd: ArrayLike<number>;
  readonly raDeg: ArrayLike<number>;
  readonly decDeg: ArrayLike<number>;
  readonly magpsf: ArrayLike<number>;
  readonly sigmapsf: ArrayLike<number>;
  /** Band code of each detection (ZTF fid; LSST 1-6 for u-y, `lsstBandCode`). */
  readonly fid: ArrayLike<number>;
}

/** Who the object is, as the table names it: its survey identifier, name and number. */
export type SsoftIdentity = (
  | {
      /** ZTF: the spelling the row is listed under (the one most detections carry), column `ssnamenr`. */
      readonly ssnamenr: string;
    }
  | {
      /** Rubin/LSST: the object's designation in the alerts (unpacked provisional), column `designation`. */
      readonly designation: string;
    }
) & {
  readonly ssoName: string | null;
  readonly ssoNumber: number | null;
};

/** The models of the table: the phase curves and SOCCA (spin, shape and rotation period). */
export type SsoftModel = PhaseFlavor | 'SOCCA';

/** A table row: column → value (NaN and null are written as null). */
export type SsoftRowValues = Record<string, number | string | null>;

/** The fit inputs: reduced magnitudes magpsf − 5 log10(Dobs·Dhelio) and phase angles in radians. */
export function phaseObservations(det: SsoDetections, eph: GeometryEphemerides): PhaseObservations {
  const n = det.jd.length;
  const magRed = new Float64Array(n);
  const phaseAngleRad = new Float64Array(n);
  const raRad = new Float64Array(n);
  const decRad = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    magRed[i] = det.magpsf[i] - 5 * Math.log10(eph.dobsAu[i] * eph.dhelioAu[i]);
    phaseAngleRad[i] = eph.phaseDeg[i] * RAD_PER_DEG;
    raRad[i] = det.raDeg[i] * RAD_PER_DEG;
    decRad[i] = det.decDeg[i] * RAD_PER_DEG;
  }
  return { magRed, sigmaMag: det.sigmapsf, phaseAngleRad, fid: det.fid, raRad, decRad, jd: det.jd };
}

/** The SOCCA fit inputs: the phase-curve inputs plus light-time corrected times. */
export function soccaObservations(det: SsoDetections, eph: GeometryEphemerides): SoccaObservations {
  const jdLightTime = Float64Array.from({ length: det.jd.length }, (_, i) =>
    lightTimeCorrectedJd(det.jd[i], eph.dobsAu[i]),
  );
  return { ...phaseObservations(det, eph), jdLightTime };
}

/**
 * The SSOFT row of one object for one flavour.
 * @param eph geometry ephemerides at the detections' epochs, same order as `det`.
 * @param elements the orbit (for the obliquity; null gives a null obliquity).
 * @param version table version YYYY.MM.
 * @param bands the survey's bands (column suffixes; default ZTF). SOCCA is fitted on ZTF bands only.
 * @returns every column of the flavour (data/ssoft-columns.ts); fit columns NaN when the fit failed (`fit` says why).
 *   SOCCA: Carry et al. 2024 (docs/references.md#socca).
 */
export function ssoftRow(
  flavor: SsoftModel,
  identity: SsoftIdentity,
  det: SsoDetections,
  eph: GeometryEphemerides,
  elements: OrbitElements | null,
  version: string,
  bands: PhaseBands = ZTF_PHASE_BANDS,
): SsoftRowValues {
  const fit =
    flavor === 'SOCCA'
      ? fitSocca(soccaObservations(det, eph))
      : fitPhaseCurve(flavor, phaseObservations(det, eph), { bands });
  const separations = Float64Array.from({ length: det.jd.length }, (_, i) =>
    separationArcsec(det.raDeg[i], det.decDeg[i], eph.raDeg[i], eph.decDeg[i]),
  );
  const astrometry = astrometryStatistics(separations);
  const row: SsoftRowValues = {
    ...fit.columns,
    ...('ssnamenr' in identity ? { ssnamenr: identity.ssnamenr } : { designation: identity.designation }),
    sso_name: identity.ssoName,
    sso_number: identity.ssoNumber,
    mean_astrometry: astrometry.meanArcsec,
    std_astrometry: astrometry.stdArcsec,
    skew_astrometry: astrometry.skew,
    kurt_astrometry: astrometry.kurtosis,
    flag: 0,
    version,
  };
  if (flavor === 'SHG1G2' || flavor === 'SOCCA') {
    const alpha0 = fit.columns.alpha0;
    const delta0 = fit.columns.delta0;
    row.obliquity =
      elements !== null && Number.isFinite(alpha0) && Number.isFinite(delta0)
        ? obliquityDeg(alpha0, delta0, elements.nodeDeg, elements.inclDeg)
        : null;
  }
  return row;
}
