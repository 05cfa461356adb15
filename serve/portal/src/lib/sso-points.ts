/**
 * The rows of `/api/v1/sso?withEphem=true` as typed points for the Solar System tab: the alert's measurement and
 * position, the ephemeris prediction (VMag, SDSS g/r, RA/Dec, distances, phase angle) and the reduced magnitude.
 * Field names and units: docs/sso.md ("/api/v1/sso").
 */
import type { FitBand } from './phase-curve.js';
import { reducedMag } from './phase-curve.js';

/** One detection of a Solar System object with its ephemeris. */
export interface SsoPoint {
  readonly jd: number;
  /** ZTF filter id: 1 g, 2 r, 3 i. */
  readonly fid: number;
  readonly magpsf: number;
  readonly sigmapsf: number;
  /** Observed position (deg). */
  readonly raDeg: number;
  readonly decDeg: number;
  /** Ephemeris position, astrometric J2000 (deg); null without ephemerides. */
  readonly raEphDeg: number | null;
  readonly decEphDeg: number | null;
  /** Predicted V (mag) and the predicted magnitude in the alert's band (SDSS g or r, else V). */
  readonly vMag: number | null;
  readonly predictedMag: number | null;
  /** Phase angle (deg), distances (AU). */
  readonly phaseDeg: number | null;
  readonly dobsAu: number | null;
  readonly dhelioAu: number | null;
  /** m − 5 log10(r Δ) (mag). */
  readonly magRed: number | null;
  /** Observed minus sHG1G2 model from the API's fit (mag), when asked with withResiduals. */
  readonly residualShg1g2: number | null;
}

function num(row: Readonly<Record<string, unknown>>, key: string): number | null {
  const v = row[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * Points of `/sso` rows, in the rows' order; rows without a finite jd, magpsf, fid, ra and dec are left out.
 * The predicted magnitude of a g alert is `SDSS:g`, of an r alert `SDSS:r`, else `VMag` (comets have no colours).
 */
export function ssoPoints(rows: readonly Readonly<Record<string, unknown>>[]): SsoPoint[] {
  const points: SsoPoint[] = [];
  for (const row of rows) {
    const jd = num(row, 'i:jd');
    const fid = num(row, 'i:fid');
    const magpsf = num(row, 'i:magpsf');
    const raDeg = num(row, 'i:ra');
    const decDeg = num(row, 'i:dec');
    if (jd === null || fid === null || magpsf === null || raDeg === null || decDeg === null) continue;
    const vMag = num(row, 'VMag');
    const sdss = fid === 1 ? num(row, 'SDSS:g') : fid === 2 ? num(row, 'SDSS:r') : null;
    const dobsAu = num(row, 'Dobs');
    const dhelioAu = num(row, 'Dhelio');
    points.push({
      jd,
      fid,
      magpsf,
      sigmapsf: num(row, 'i:sigmapsf') ?? Number.NaN,
      raDeg,
      decDeg,
      raEphDeg: num(row, 'RA'),
      decEphDeg: num(row, 'Dec'),
      vMag,
      predictedMag: sdss ?? vMag,
      phaseDeg: num(row, 'Phase'),
      dobsAu,
      dhelioAu,
      magRed:
        num(row, 'i:magpsf_red') ??
        (dobsAu !== null && dhelioAu !== null ? reducedMag(magpsf, dhelioAu, dobsAu) : null),
      residualShg1g2: num(row, 'residuals_shg1g2'),
    });
  }
  return points;
}

/** The ZTF band names by filter id. */
export const BAND_NAMES: Readonly<Record<number, string>> = { 1: 'g', 2: 'r', 3: 'i' };

/** The points of one band, sorted by jd. */
export function bandPoints(points: readonly SsoPoint[], fid: number): SsoPoint[] {
  return points.filter((p) => p.fid === fid).sort((a, b) => a.jd - b.jd);
}

/** The fit bands present in the points (g, r), in order. */
export function presentFitBands(points: readonly SsoPoint[]): FitBand[] {
  const out: FitBand[] = [];
  if (points.some((p) => p.fid === 1)) out.push(1);
  if (points.some((p) => p.fid === 2)) out.push(2);
  return out;
}

/** True when the rows carry ephemerides (an orbit was known): at least one point has a phase angle. */
export function hasEphemerides(points: readonly SsoPoint[]): boolean {
  return points.some((p) => p.phaseDeg !== null && p.magRed !== null);
}
