/**
 * Light-curve values of a Rubin diaObject: its diaSources (`/sources`) and forced photometry (`/fp`) as PSF flux
 * in nJy or AB magnitude, per band `ugrizy`, with 1σ errors. Pure functions, no DOM.
 * Reference: AB magnitude of a flux in nJy, m = 31.4 − 2.5·log10(f / nJy) (Oke & Gunn 1983, ApJ 266, 713: zero
 * point 3631 Jy = 3.631e12 nJy, 2.5·log10(3.631e12) = 31.40); σ_m = 2.5/ln10 · σ_f / f.
 */
import { MJD_OFFSET } from '../../../../compute/time/index.js';
import type { ApiRow } from './api.js';

/** Rubin's bands, blue to red. */
export const LSST_BANDS = ['u', 'g', 'r', 'i', 'z', 'y'] as const;
export type LsstBand = (typeof LSST_BANDS)[number];
/** How the LSST light curve is drawn. */
export type FluxMode = 'flux' | 'mag';
/** Where a point comes from: a detection (diaSource) or forced photometry (diaForcedSource). */
export type LsstPointKind = 'detection' | 'forced';

/** AB magnitude of a flux of 1 nJy. */
export const AB_MAG_OF_ONE_NJY = 31.4;
/** TAI − UTC since 2017-01-01 (s): Rubin's times are TAI, the portal shows UTC. */
export const TAI_MINUS_UTC_S = 37;
const SECONDS_PER_DAY = 86_400;
const MAG_PER_LN_FLUX = 2.5 / Math.LN10;

/**
 * AB magnitude of a flux.
 * @param fluxNJy flux (nJy); @param errorNJy its 1σ error (nJy, or null).
 * @returns the magnitude and its error (mag); null when the flux is not positive or not finite.
 */
export function abMagOfNJy(
  fluxNJy: number,
  errorNJy: number | null,
): { readonly mag: number; readonly errorMag: number | null } | null {
  if (!Number.isFinite(fluxNJy) || fluxNJy <= 0) return null;
  const mag = AB_MAG_OF_ONE_NJY - 2.5 * Math.log10(fluxNJy);
  const errorMag =
    errorNJy === null || !Number.isFinite(errorNJy) ? null : (MAG_PER_LN_FLUX * errorNJy) / fluxNJy;
  return { mag, errorMag };
}

/** JD (UTC) of an MJD (TAI), for dates shown in UTC. */
export function jdUtcOfMjdTai(mjdTai: number): number {
  return mjdTai + MJD_OFFSET - TAI_MINUS_UTC_S / SECONDS_PER_DAY;
}

/** One point of an LSST light curve. */
export interface LsstPoint {
  /** MJD (TAI) of the exposure midpoint. */
  readonly mjdTai: number;
  readonly band: LsstBand;
  readonly kind: LsstPointKind;
  /** Flux (nJy) or AB magnitude, depending on the mode. */
  readonly value: number;
  /** 1σ error in the same unit; null when unknown. */
  readonly error: number | null;
  /** The diaSource (or diaForcedSource) id, exact digits. */
  readonly id: string | null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function isBand(value: unknown): value is LsstBand {
  return typeof value === 'string' && (LSST_BANDS as readonly string[]).includes(value);
}

/**
 * The points of an LSST light curve.
 * @param rows diaSource or diaForcedSource rows (`r:midpointMjdTai`, `r:band`, `r:psfFlux`, `r:psfFluxErr`, and
 *   `r:diaSourceId` or `r:diaForcedSourceId`).
 * @param kind what the rows are; @param mode flux (nJy) or AB magnitude.
 * @returns points sorted by time; in magnitude mode points of flux ≤ 0 are left out (no magnitude).
 */
export function lsstPoints(rows: readonly ApiRow[], kind: LsstPointKind, mode: FluxMode): LsstPoint[] {
  const out: LsstPoint[] = [];
  for (const row of rows) {
    const mjdTai = num(row['r:midpointMjdTai']);
    const flux = num(row['r:psfFlux']);
    const band = row['r:band'];
    if (mjdTai === null || flux === null || !isBand(band)) continue;
    const error = num(row['r:psfFluxErr']);
    const idValue = row[kind === 'detection' ? 'r:diaSourceId' : 'r:diaForcedSourceId'];
    const id = idValue === null || idValue === undefined ? null : String(idValue);
    if (mode === 'flux') {
      out.push({ mjdTai, band, kind, value: flux, error, id });
      continue;
    }
    const mag = abMagOfNJy(flux, error);
    if (mag !== null) out.push({ mjdTai, band, kind, value: mag.mag, error: mag.errorMag, id });
  }
  return out.sort((a, b) => a.mjdTai - b.mjdTai);
}

/** Detections per band (for the summary: "r: 12"), bands without any left out. */
export function countByLsstBand(rows: readonly ApiRow[]): [LsstBand, number][] {
  return LSST_BANDS.map(
    (b) => [b, rows.filter((r) => r['r:band'] === b).length] as [LsstBand, number],
  ).filter(([, n]) => n > 0);
}
