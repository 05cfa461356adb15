/**
 * Light-curve values of an object's alerts: difference magnitude, DC magnitude (the reference source's flux added
 * back) and DC apparent flux, with propagated errors, per band and per quality tag. Pure functions, no DOM.
 * Reference: docs/references.md#dc-magnitude (m_DC = −2.5·log10(10^(−0.4·magnr) + s·10^(−0.4·magpsf)), s = +1 when
 * isdiffpos = 't' else −1; f = 3631 Jy·10^(−0.4·m_DC); points with a DC error above 1 mag hidden).
 */
import { dcMagnitude, differenceFluxMjy, fluxMjy } from '../../../../compute/photometry/index.js';
import type { ApiRow } from './api.js';

export {
  AB_ZERO_POINT_JY,
  dcMagnitude,
  fluxMjy,
  type MagWithError,
} from '../../../../compute/photometry/index.js';

/** How the light curve is drawn. */
export type LightCurveMode = 'diffmag' | 'dcmag' | 'diffflux' | 'dcflux';
/** Quality tag of a point (`d:tag` with `withupperlim=true`). */
export type PointTag = 'valid' | 'upperlim' | 'badquality';
/** ZTF filter ids: 1 = g, 2 = r, 3 = i. */
export type Fid = 1 | 2 | 3;

/** Largest DC magnitude error kept (mag); larger ones are hidden, as the reference does. */
export const MAX_DC_ERROR_MAG = 1;

/** Band names of the filter ids. */
export const BAND_NAMES: Readonly<Record<Fid, string>> = { 1: 'g', 2: 'r', 3: 'i' };

/** One point of the light curve. */
export interface LightCurvePoint {
  /** JD (UTC) of the exposure. */
  readonly jd: number;
  readonly fid: Fid;
  readonly tag: PointTag;
  /** Magnitude (mag) or flux (mJy) depending on the mode; for an upper limit, `diffmaglim`. */
  readonly value: number;
  /** 1σ error in the same unit; null for upper limits or when unknown. */
  readonly error: number | null;
  /** Alert id (exact digits), null for upper limits. */
  readonly candid: string | null;
  /** True for a negative difference (`isdiffpos` = 'f'). */
  readonly negative: boolean;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function tagOf(row: ApiRow): PointTag {
  const tag = row['d:tag'];
  return tag === 'upperlim' || tag === 'badquality' ? tag : 'valid';
}

/**
 * The points of a light curve in one mode.
 * @param rows the object's rows from `objects` with `withupperlim=true` (i:jd, i:fid, i:magpsf, i:sigmapsf,
 *   i:isdiffpos, i:magnr, i:sigmagnr, i:diffmaglim, d:tag).
 * @returns points sorted by time. Upper limits only in `diffmag` mode (at `diffmaglim`); `diffflux` is the signed
 *   difference flux (mJy, negative for a negative subtraction); in DC modes points
 *   without a reference magnitude or with a DC error above {@link MAX_DC_ERROR_MAG} are left out.
 */
export function lightCurvePoints(rows: readonly ApiRow[], mode: LightCurveMode): LightCurvePoint[] {
  const points: LightCurvePoint[] = [];
  for (const row of rows) {
    const jd = num(row['i:jd']);
    const fid = num(row['i:fid']);
    if (jd === null || (fid !== 1 && fid !== 2 && fid !== 3)) continue;
    const tag = tagOf(row);
    const candid = row['i:candid'] === null || row['i:candid'] === undefined ? null : String(row['i:candid']);
    const negative = row['i:isdiffpos'] === 'f' || row['i:isdiffpos'] === '0';
    if (tag === 'upperlim') {
      const limit = num(row['i:diffmaglim']);
      if (mode === 'diffmag' && limit !== null)
        points.push({ jd, fid, tag, value: limit, error: null, candid: null, negative: false });
      continue;
    }
    const magpsf = num(row['i:magpsf']);
    if (magpsf === null) continue;
    const sigmapsf = num(row['i:sigmapsf']);
    if (mode === 'diffmag') {
      points.push({ jd, fid, tag, value: magpsf, error: sigmapsf, candid, negative });
      continue;
    }
    if (mode === 'diffflux') {
      const flux = differenceFluxMjy(magpsf, sigmapsf, !negative);
      if (flux) points.push({ jd, fid, tag, value: flux.fluxMjy, error: flux.errorMjy, candid, negative });
      continue;
    }
    const magnr = num(row['i:magnr']);
    const dc =
      magnr === null ? null : dcMagnitude(magpsf, sigmapsf, magnr, num(row['i:sigmagnr']), !negative);
    if (dc === null || (dc.errorMag !== null && dc.errorMag > MAX_DC_ERROR_MAG)) continue;
    if (mode === 'dcmag') {
      points.push({ jd, fid, tag, value: dc.mag, error: dc.errorMag, candid, negative });
    } else {
      const flux = fluxMjy(dc.mag, dc.errorMag);
      points.push({ jd, fid, tag, value: flux.fluxMjy, error: flux.errorMjy, candid, negative });
    }
  }
  return points.sort((a, b) => a.jd - b.jd);
}

/** Counts of points per band and tag (for the summary: "g: 12 valid, 3 bad, 20 upper limits"). */
export function countByBand(rows: readonly ApiRow[]): Record<Fid, Record<PointTag, number>> {
  const zero = (): Record<PointTag, number> => ({ valid: 0, upperlim: 0, badquality: 0 });
  const counts: Record<Fid, Record<PointTag, number>> = { 1: zero(), 2: zero(), 3: zero() };
  for (const row of rows) {
    const fid = row['i:fid'];
    if (fid === 1 || fid === 2 || fid === 3) counts[fid][tagOf(row)] += 1;
  }
  return counts;
}
