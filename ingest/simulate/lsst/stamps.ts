/**
 * Image stamps of a simulated LSST alert, shaped as Rubin's: three plain (not gzipped) FITS files — science,
 * template, difference — each with three HDUs: the 30 x 30 image in nJy with a TAN WCS centred on the source
 * (primary HDU, float32), its variance (`UNCERT`, float32) and the PSF model (`PSFIMAGE`, 41 x 41, float64).
 * The source is a Gaussian PSF of the visit's seeing, with per-pixel noise matching the measured flux errors.
 * Written with the project's FITS writer (compute/fits). Pure.
 * Reference: docs/surveys.md (stamps); FITS Standard 4.0 §7.1; WCS Paper II (Calabretta & Greisen 2002) for TAN.
 */

import type { FitsCard } from '../../../compute/fits/index.js';
import { writeFitsImage, writeFitsImageExtension } from '../../../compute/fits/index.js';
import { hashSeed, Prng } from '../../../compute/random/index.js';
import type { LsstMeasurement } from './dia-records.js';

/** Side of a stamp (pixels) and of its PSF image (pixels); pixel scale (arcsec). */
export const STAMP_SIZE_PX = 30;
export const PSF_SIZE_PX = 41;
export const PIXEL_SCALE_ARCSEC = 0.2;
/** Visits in a template coadd (its noise is the visit's over the square root). */
const TEMPLATE_VISITS = 20;

/** The three stamps of an alert (FITS bytes). */
export interface LsstStampSet {
  readonly science: Uint8Array;
  readonly template: Uint8Array;
  readonly difference: Uint8Array;
}

/**
 * A normalised Gaussian (sum 1) of standard deviation sigmaPx on a size x size grid, centred at (cx, cy):
 * the product of two normalised 1-D profiles (the 2-D Gaussian is separable).
 */
function gaussian(size: number, sigmaPx: number, cx: number, cy: number): Float64Array {
  const profile = (c: number): Float64Array => {
    const p = new Float64Array(size);
    let sum = 0;
    for (let i = 0; i < size; i++) {
      p[i] = Math.exp(-((i - c) ** 2) / (2 * sigmaPx * sigmaPx));
      sum += p[i];
    }
    for (let i = 0; i < size; i++) p[i] /= sum;
    return p;
  };
  const px = profile(cx);
  const py = profile(cy);
  const out = new Float64Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) out[y * size + x] = px[x] * py[y];
  return out;
}

/** The PSF HDU of a seeing (arcsec): a 41 x 41 float64 Gaussian, sum 1. */
function psfHdu(seeingArcsec: number): Uint8Array {
  const sigmaPx = seeingArcsec / 2.355 / PIXEL_SCALE_ARCSEC;
  const centre = (PSF_SIZE_PX - 1) / 2;
  return writeFitsImageExtension({
    width: PSF_SIZE_PX,
    height: PSF_SIZE_PX,
    data: gaussian(PSF_SIZE_PX, sigmaPx, centre, centre),
    bitpix: -64,
    cards: [{ keyword: 'EXTNAME', value: 'PSFIMAGE', comment: 'extension name' }],
  });
}

function stampFile(
  image: Float32Array,
  varianceNJy2: number,
  psf: Uint8Array,
  cards: readonly FitsCard[],
): Uint8Array {
  const primary = writeFitsImage({ width: STAMP_SIZE_PX, height: STAMP_SIZE_PX, data: image, cards });
  const variance = writeFitsImageExtension({
    width: STAMP_SIZE_PX,
    height: STAMP_SIZE_PX,
    data: new Float32Array(STAMP_SIZE_PX * STAMP_SIZE_PX).fill(varianceNJy2),
    cards: [
      { keyword: 'UTYPE', value: 'VarianceUncertainty' },
      { keyword: 'EXTNAME', value: 'UNCERT', comment: 'extension name' },
    ],
  });
  const out = new Uint8Array(primary.length + variance.length + psf.length);
  out.set(primary, 0);
  out.set(variance, primary.length);
  out.set(psf, primary.length + variance.length);
  return out;
}

/** Renders the stamps of alerts, keeping the PSF HDU of the last visit (all the alerts of a visit share it). */
export class LsstStampRenderer {
  private lastPsf: { readonly seeingArcsec: number; readonly hdu: Uint8Array } | null = null;

  /** @param seed run seed; the pixel noise of an alert is drawn from (seed, diaSourceId). */
  constructor(private readonly seed: number) {}

  /** The three stamps of a detection (position, fluxes in nJy, the visit's seeing and rotation). */
  render(m: LsstMeasurement, diaSourceId: bigint): LsstStampSet {
    if (this.lastPsf?.seeingArcsec !== m.visit.seeingArcsec) {
      this.lastPsf = { seeingArcsec: m.visit.seeingArcsec, hdu: psfHdu(m.visit.seeingArcsec) };
    }
    return renderStamps(m, diaSourceId, this.seed, this.lastPsf.hdu);
  }
}

function renderStamps(m: LsstMeasurement, diaSourceId: bigint, seed: number, psf: Uint8Array): LsstStampSet {
  const rng = new Prng(hashSeed(seed, 'lsst-stamp', diaSourceId));
  const sigmaPx = m.visit.seeingArcsec / 2.355 / PIXEL_SCALE_ARCSEC;
  // the centroid falls within half a pixel of the stamp centre (pixel 15.5, 1-based)
  const dx = rng.range(-0.5, 0.5);
  const dy = rng.range(-0.5, 0.5);
  const centre = (STAMP_SIZE_PX - 1) / 2;
  const profile = gaussian(STAMP_SIZE_PX, sigmaPx, centre + dx, centre + dy);
  // per-pixel noise giving the PSF-flux error of a Gaussian PSF: sigma_F = sigma_pix * sqrt(4 pi) * sigma_psf
  const sigmaPix = m.scienceFluxErr / (Math.sqrt(4 * Math.PI) * sigmaPx);
  const sigmaTemplate = sigmaPix / Math.sqrt(TEMPLATE_VISITS);
  const n = STAMP_SIZE_PX * STAMP_SIZE_PX;
  const science = new Float32Array(n);
  const template = new Float32Array(n);
  const difference = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = m.templateFlux * profile[i] + sigmaTemplate * rng.normal();
    const s = m.scienceFlux * profile[i] + sigmaPix * rng.normal();
    science[i] = s;
    template[i] = t;
    difference[i] = s - t;
  }
  const rot = (m.visit.rotationDeg * Math.PI) / 180;
  const scaleDeg = PIXEL_SCALE_ARCSEC / 3600;
  const cards: FitsCard[] = [
    { keyword: 'EXTEND', value: true },
    { keyword: 'BUNIT', value: 'nJy' },
    { keyword: 'BAND', value: m.visit.band, comment: 'Rubin filter' },
    { keyword: 'MJD-OBS', value: m.visit.midpointMjdTai, comment: 'exposure midpoint, MJD TAI' },
    { keyword: 'WCSAXES', value: 2 },
    { keyword: 'CTYPE1', value: 'RA---TAN' },
    { keyword: 'CTYPE2', value: 'DEC--TAN' },
    { keyword: 'CUNIT1', value: 'deg' },
    { keyword: 'CUNIT2', value: 'deg' },
    { keyword: 'CRPIX1', value: centre + 1 + dx, comment: 'source centroid, 1-based pixel' },
    { keyword: 'CRPIX2', value: centre + 1 + dy },
    { keyword: 'CRVAL1', value: m.raDeg, comment: 'right ascension of the centroid, deg ICRS' },
    { keyword: 'CRVAL2', value: m.decDeg, comment: 'declination of the centroid, deg ICRS' },
    { keyword: 'PC1_1', value: -scaleDeg * Math.cos(rot) },
    { keyword: 'PC1_2', value: scaleDeg * Math.sin(rot) },
    { keyword: 'PC2_1', value: scaleDeg * Math.sin(rot) },
    { keyword: 'PC2_2', value: scaleDeg * Math.cos(rot) },
    { keyword: 'CDELT1', value: 1.0 },
    { keyword: 'CDELT2', value: 1.0 },
  ];
  const variance = sigmaPix * sigmaPix;
  return {
    science: stampFile(science, variance, psf, cards),
    template: stampFile(template, sigmaTemplate * sigmaTemplate, psf, cards),
    difference: stampFile(difference, variance + sigmaTemplate * sigmaTemplate, psf, cards),
  };
}
