/**
 * The cutouts of simulated LSST alerts, read with the tests' own FITS reader (test/support/fits-oracle.ts, from
 * the FITS Standard alone): three HDUs as Rubin's — a 30 x 30 float32 image in nJy with a TAN WCS on the source,
 * its variance (UNCERT), the PSF (PSFIMAGE, 41 x 41, float64) — and a difference image whose pixels hold the
 * alert's difference flux within the noise the variance plane states.
 */
import { describe, expect, it } from 'vitest';
import { LsstSimulation, LsstStampRenderer, lsstAlertRecord } from '../../ingest/simulate/lsst/index.js';
import { float32Rows, readFitsOracle } from '../support/fits-oracle.js';

const SEED = 8;
const sim = new LsstSimulation({ seed: SEED, startNight: 20260501, alertsPerNight: 40 });
const renderer = new LsstStampRenderer(SEED);
const records = sim.planNight(0).alerts.map((a) => lsstAlertRecord(a, renderer));

describe('simulated LSST cutouts', () => {
  it('are FITS files of three HDUs: image 30x30 float32 in nJy, variance 30x30, PSF 41x41 float64', () => {
    expect(records).toHaveLength(40);
    for (const r of records) {
      for (const field of ['cutoutScience', 'cutoutTemplate', 'cutoutDifference']) {
        const bytes = r[field] as Uint8Array;
        const fits = readFitsOracle(bytes);
        expect(fits.wholeBlocks).toBe(true);
        expect(fits.hdus).toHaveLength(3);
        const [image, variance, psf] = fits.hdus;
        expect(image.bitpix).toBe(-32);
        expect(image.axes).toEqual([30, 30]);
        expect(image.cards.get('BUNIT')).toBe('nJy');
        expect(variance.cards.get('EXTNAME')).toBe('UNCERT');
        expect(variance.bitpix).toBe(-32);
        expect(variance.axes).toEqual([30, 30]);
        expect(psf.cards.get('EXTNAME')).toBe('PSFIMAGE');
        expect(psf.bitpix).toBe(-64);
        expect(psf.axes).toEqual([41, 41]);
      }
    }
  });

  it('centre their WCS on the diaSource position', () => {
    for (const r of records) {
      const s = r.diaSource as Record<string, number>;
      const image = readFitsOracle(r.cutoutScience as Uint8Array).hdus[0];
      expect(image.cards.get('CTYPE1')).toBe('RA---TAN');
      expect(Number(image.cards.get('CRVAL1'))).toBeCloseTo(s.ra, 9);
      expect(Number(image.cards.get('CRVAL2'))).toBeCloseTo(s.dec, 9);
      expect(Math.abs(Number(image.cards.get('CRPIX1')) - 15.5)).toBeLessThanOrEqual(0.5);
    }
  });

  it('hold the difference flux in the difference image, within the noise of its variance plane', () => {
    for (const r of records) {
      const s = r.diaSource as Record<string, number>;
      const bytes = r.cutoutDifference as Uint8Array;
      const [image, variance] = readFitsOracle(bytes).hdus;
      const total = float32Rows(bytes, image)
        .flat()
        .reduce((a, b) => a + b, 0);
      const pixelVariance = float32Rows(bytes, variance)[0][0];
      const sigmaTotal = Math.sqrt(900 * pixelVariance);
      expect(Math.abs(total - s.psfFlux)).toBeLessThan(5 * sigmaTotal + 0.02 * Math.abs(s.psfFlux));
    }
  });
});
