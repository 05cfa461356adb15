import { describe, expect, it } from 'vitest';
import { Prng } from '../../../compute/random/index.js';
import {
  differenceFlux,
  drwStep,
  type ExplosiveModel,
  explosiveMag,
  type MicrolensingModel,
  magToFlux,
  microlensingMagnification,
  type PeriodicModel,
  periodicOffsetMag,
  referenceMag,
  sourceMag,
} from './light-curves.js';

const snIa: ExplosiveModel = {
  kind: 'explosive',
  peakJd: 2460300,
  peakMagR: 18,
  riseDays: 2.2,
  fallDays: 20,
  fallDaysG: 14,
  colorPeakMag: -0.05,
  colorRateMagPerDay: 0.04,
  colorMaxMag: 1.1,
};

describe('explosive transients (Bazin et al. 2009)', () => {
  it('peaks at peakJd with peakMagR in r', () => {
    expect(explosiveMag(snIa, snIa.peakJd, 2)).toBeCloseTo(18, 6);
    for (const dt of [-5, -1, 1, 5]) expect(explosiveMag(snIa, snIa.peakJd + dt, 2)).toBeGreaterThan(18);
  });

  it('rises from 1 % of the peak flux to peak in 15-20 days (SN Ia-like)', () => {
    let t = snIa.peakJd;
    while (explosiveMag(snIa, t, 2) < 18 + 5) t -= 0.05;
    expect(snIa.peakJd - t).toBeGreaterThan(15);
    expect(snIa.peakJd - t).toBeLessThan(20);
    expect(explosiveMag(snIa, snIa.peakJd - 200, 2)).toBe(Number.POSITIVE_INFINITY);
  });

  it('reddens after peak: g - r from -0.05 to about +0.75 at +20 d', () => {
    const color = (dt: number) =>
      explosiveMag(snIa, snIa.peakJd + dt, 1) - explosiveMag(snIa, snIa.peakJd + dt, 2);
    expect(color(0)).toBeCloseTo(-0.05, 6);
    expect(color(20)).toBeGreaterThan(0.7);
    expect(color(20)).toBeGreaterThan(color(10));
  });

  it('has no reference flux: the difference flux is the whole source', () => {
    expect(referenceMag(snIa, 1)).toBeNull();
    expect(differenceFlux(snIa, snIa.peakJd, 2)).toBeCloseTo(magToFlux(18), 20);
  });
});

describe('microlensing (Paczynski 1986)', () => {
  const ml: MicrolensingModel = {
    kind: 'microlensing',
    peakJd: 2460300,
    einsteinDays: 20,
    u0: 0.1,
    baseMagR: 19,
    colorMag: 0.8,
  };
  it('magnifies by A(u0) = (u0^2 + 2) / (u0 sqrt(u0^2 + 4)) at peak, achromatically', () => {
    expect(microlensingMagnification(ml, ml.peakJd)).toBeCloseTo(2.01 / (0.1 * Math.sqrt(4.01)), 10);
    expect(microlensingMagnification(ml, ml.peakJd + 1000)).toBeCloseTo(1, 4);
    const dg = sourceMag(ml, ml.peakJd, 1) - (referenceMag(ml, 1) ?? 0);
    const dr = sourceMag(ml, ml.peakJd, 2) - (referenceMag(ml, 2) ?? 0);
    expect(dg).toBeCloseTo(dr, 10);
    expect(dr).toBeCloseTo(-2.5 * Math.log10(10.0375), 3);
  });
});

describe('periodic variables', () => {
  const rr: PeriodicModel = {
    kind: 'rrlyrae',
    periodDays: 0.55,
    epochJd: 2460000.1,
    meanMagR: 16,
    colorMag: 0.3,
    amplitudeMagR: 0.8,
    secondaryDepthMag: 0,
    eclipseWidth: 0.05,
  };
  it('repeats with the period and spans the amplitude (g 1.3x larger)', () => {
    const jd = 2460300.3;
    expect(periodicOffsetMag(rr, jd + 7 * rr.periodDays, 2)).toBeCloseTo(periodicOffsetMag(rr, jd, 2), 8);
    expect(periodicOffsetMag(rr, rr.epochJd, 2)).toBeCloseTo(-0.4, 8);
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = 0; k < 1000; k++) {
      const v = periodicOffsetMag(rr, rr.epochJd + (k / 1000) * rr.periodDays, 1);
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    expect(hi - lo).toBeCloseTo(0.8 * 1.3, 2);
  });

  it('dims in eclipse at phase 0 by the depth', () => {
    const eb: PeriodicModel = {
      ...rr,
      kind: 'eclipsing',
      periodDays: 2.3,
      amplitudeMagR: 0.9,
      secondaryDepthMag: 0.3,
      eclipseWidth: 0.03,
    };
    const out = periodicOffsetMag(eb, eb.epochJd + 0.25 * eb.periodDays, 2);
    expect(periodicOffsetMag(eb, eb.epochJd, 2) - out).toBeCloseTo(0.9, 2);
    expect(periodicOffsetMag(eb, eb.epochJd + 0.5 * eb.periodDays, 2) - out).toBeCloseTo(0.3, 2);
    expect(out).toBeLessThan(0); // brighter than the mean out of eclipse
  });
});

describe('damped random walk (Kelly et al. 2009)', () => {
  it('has the asymptotic variance sigma^2 and forgets with tau', () => {
    const rng = new Prng(3);
    let x = 0;
    let s2 = 0;
    const n = 20000;
    for (let i = 0; i < n; i++) {
      x = drwStep(x, 50, 100, 0.2, rng.normal());
      s2 += x * x;
    }
    expect(Math.sqrt(s2 / n)).toBeCloseTo(0.2, 1);
    expect(drwStep(1, 0, 100, 0.2, 5)).toBe(1);
    expect(drwStep(1, 1e9, 100, 0.2, 0)).toBeCloseTo(0, 10);
  });
});
