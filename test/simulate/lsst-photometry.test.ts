/**
 * The LSST simulator's photometry: the fluxes an alert carries (nJy) agree with the AB magnitudes of its
 * source's light curve at the alert's time and band, converted here from the definition
 * m = 31.4 - 2.5 log10(f / nJy), within the errors the alert states; the errors are honest (pulls of unit
 * spread); alerts come from light curves of several classes.
 */
import { describe, expect, it } from 'vitest';
import {
  AB_MAG_OF_ONE_NJY,
  abMagToNJy,
  type LsstBand,
  LsstSimulation,
  lsstAlertRecord,
  nJyToAbMag,
  sourceBandMag,
  templateBandMag,
} from '../../ingest/simulate/lsst/index.js';
import { nJyOfAbMag } from './lsst-support.js';

const SEED = 3;

/** JD (UTC) of an MJD in TAI (TAI - UTC = 37 s since 2017). */
function jdUtcOfMjdTai(mjdTai: number): number {
  return mjdTai + 2400000.5 - 37 / 86400;
}

describe('AB magnitudes and nJy', () => {
  it('uses the AB zero point of Rubin fluxes: 31.4 mag is 1 nJy, 23.9 mag is 1 µJy', () => {
    expect(AB_MAG_OF_ONE_NJY).toBe(31.4);
    expect(abMagToNJy(31.4)).toBe(1);
    expect(abMagToNJy(23.9)).toBeCloseTo(1000, 6);
    expect(nJyToAbMag(1000)).toBeCloseTo(23.9, 12);
    expect(nJyToAbMag(-5)).toBeNaN();
    expect(abMagToNJy(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('simulated LSST fluxes', () => {
  const sim = new LsstSimulation({ seed: SEED, startNight: 20260410, alertsPerNight: 150 });
  const planned = [0, 1, 2, 3].flatMap((i) => sim.planNight(i).alerts);
  const rows = planned
    .filter((a) => a.source !== null && a.source.model.kind !== 'drw')
    .map((a) => ({ a, record: lsstAlertRecord(a, null).diaSource as Record<string, unknown> }));

  it('comes from light curves of several classes', () => {
    const classes = new Set(planned.map((a) => a.source?.cls ?? 'asteroid'));
    expect(classes.size).toBeGreaterThanOrEqual(5);
    for (const cls of ['snia', 'rrlyrae', 'eclipsing', 'agn', 'asteroid']) expect(classes).toContain(cls);
  });

  it('gives science-image fluxes equal to the light curve in nJy within the stated errors', () => {
    const pulls: number[] = [];
    for (const { a, record } of rows) {
      const model = a.source?.model;
      if (!model) continue;
      const jd = jdUtcOfMjdTai(record.midpointMjdTai as number);
      const mag = sourceBandMag(model, jd, record.band as LsstBand);
      const expected = Number.isFinite(mag) ? nJyOfAbMag(mag) : 0;
      const pull = ((record.scienceFlux as number) - expected) / (record.scienceFluxErr as number);
      expect(Math.abs(pull)).toBeLessThan(6);
      pulls.push(pull);
    }
    expect(pulls.length).toBeGreaterThan(200);
    const mean = pulls.reduce((s, p) => s + p, 0) / pulls.length;
    const sd = Math.sqrt(pulls.reduce((s, p) => s + (p - mean) ** 2, 0) / (pulls.length - 1));
    expect(Math.abs(mean)).toBeLessThan(0.2);
    expect(sd).toBeGreaterThan(0.8);
    expect(sd).toBeLessThan(1.25);
  });

  it('gives difference fluxes equal to the light curve minus the template, negative when fainter', () => {
    let negatives = 0;
    for (const { a, record } of rows) {
      const model = a.source?.model;
      if (!model) continue;
      const band = record.band as LsstBand;
      const jd = jdUtcOfMjdTai(record.midpointMjdTai as number);
      const mag = sourceBandMag(model, jd, band);
      const science = Number.isFinite(mag) ? nJyOfAbMag(mag) : 0;
      // the template holds the steady part: the mean light for variables, nothing for transients
      const templateMag = templateBandMag(model, band);
      const template = templateMag === null ? 0 : nJyOfAbMag(templateMag);
      const templateErr = record.templateFluxErr as number;
      expect(Math.abs((record.templateFlux as number) - template)).toBeLessThan(6 * templateErr + 1e-6);
      const psfFlux = record.psfFlux as number;
      const err = record.psfFluxErr as number;
      expect(Math.abs(psfFlux - (science - template))).toBeLessThan(6 * err);
      expect(Math.abs(psfFlux) / err).toBeGreaterThanOrEqual(5);
      expect(record.isNegative).toBe(psfFlux < 0);
      if (psfFlux < 0) negatives++;
    }
    expect(negatives).toBeGreaterThan(0);
  });
});
