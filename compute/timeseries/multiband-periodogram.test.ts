import { describe, expect, it } from 'vitest';
import { Prng } from '../random/index.js';
import { foldPhase } from './fold.js';
import { fitMultiband, type MultibandSeries, multibandPeriodogram } from './multiband-periodogram.js';

/** A two-band sinusoid of a known period observed at irregular times (one to three visits a night, 60 nights). */
function sinusoidSeries(periodDays: number, noiseMag: number, seed: number): MultibandSeries {
  const rng = new Prng(seed);
  const jd: number[] = [];
  const value: number[] = [];
  const sigma: number[] = [];
  const band: number[] = [];
  for (let night = 0; night < 60; night++) {
    for (let visit = 0; visit < 1 + Math.floor(rng.range(0, 3)); visit++) {
      const t = 2460000.7 + night + rng.range(0, 0.25);
      const fid = rng.chance(0.5) ? 1 : 2;
      const mean = fid === 1 ? 15.3 : 15;
      jd.push(t);
      value.push(mean + 0.3 * Math.sin((2 * Math.PI * t) / periodDays) + noiseMag * rng.normal());
      sigma.push(noiseMag);
      band.push(fid);
    }
  }
  return { jd, value, sigma, band };
}

describe('multiband periodogram (VanderPlas & Ivezić 2015)', () => {
  it('finds the period of a noisy two-band sinusoid within 0.1 %', () => {
    const periodDays = 0.5731;
    const pg = multibandPeriodogram(sinusoidSeries(periodDays, 0.05, 7), {
      minPeriodDays: 0.1,
      maxPeriodDays: 10,
    });
    expect(pg).not.toBeNull();
    expect(Math.abs((pg?.best.periodDays ?? 0) / periodDays - 1)).toBeLessThan(1e-3);
    expect(pg?.bandCount).toBe(2);
    // a 0.3 mag sinusoid under 0.05 mag noise: the model explains (0.3²/2)/(0.3²/2 + 0.05²) = 95 % of the variance
    expect(pg?.best.power).toBeGreaterThan(0.9);
  });

  it('gives power 1 and recovers amplitude and offsets of a noiseless model', () => {
    const periodDays = 2.25;
    const s = sinusoidSeries(periodDays, 0, 3);
    const exact = { ...s, sigma: Array.from(s.sigma, () => 0.01) };
    const fit = fitMultiband(exact, 1 / periodDays);
    expect(fit?.power).toBeCloseTo(1, 10);
    // at t = P/4 (mod P) the model is at its maximum: mean + 0.3 mag
    const cycle = Math.round(2460000 / periodDays);
    expect(fit?.predict(periodDays * (cycle + 0.25), 1)).toBeCloseTo(15.6, 8);
    expect(fit?.predict(periodDays * (cycle + 0.75), 2)).toBeCloseTo(14.7, 8);
    expect(Number.isNaN(fit?.predict(2460000, 3))).toBe(true);
  });

  it('fits per-band harmonics (ntermsBand = 1): bands of different amplitudes, period and power 1 when noiseless', () => {
    const periodDays = 1.37;
    const s = sinusoidSeries(periodDays, 0, 5);
    // band 2 varies three times less than band 1, a quarter of a cycle later: no shared sinusoid fits both
    const value = Array.from(s.jd, (t, i) =>
      s.band[i] === 1
        ? 15.3 + 0.3 * Math.sin((2 * Math.PI * t) / periodDays)
        : 15 + 0.1 * Math.cos((2 * Math.PI * t) / periodDays),
    );
    const exact = { ...s, value, sigma: Array.from(s.sigma, () => 0.01) };
    const pg = multibandPeriodogram(exact, { minPeriodDays: 0.1, maxPeriodDays: 10, ntermsBand: 1 });
    expect(Math.abs((pg?.best.periodDays ?? 0) / periodDays - 1)).toBeLessThan(1e-3);
    const fit = fitMultiband(exact, 1 / periodDays, { ntermsBand: 1 });
    // the regularisation of the per-band terms (1e-6) leaves the noiseless fit exact to ~1e-9
    expect(fit?.power).toBeCloseTo(1, 6);
    const cycle = Math.round(2460000 / periodDays);
    expect(fit?.predict(periodDays * (cycle + 0.25), 1)).toBeCloseTo(15.6, 4);
    expect(fit?.predict(periodDays * cycle, 2)).toBeCloseTo(15.1, 4);
    // one shared sinusoid cannot: its power stays well below 1
    expect(fitMultiband(exact, 1 / periodDays)?.power).toBeLessThan(0.95);
  });

  it('is null with fewer points than parameters, or constant values', () => {
    const few = { jd: [1, 2, 3], value: [1, 2, 1], sigma: [0.1, 0.1, 0.1], band: [1, 1, 1] };
    expect(multibandPeriodogram(few, { minPeriodDays: 0.1, maxPeriodDays: 1 })).toBeNull();
    const flat = {
      jd: [1, 2, 3, 4, 5, 6],
      value: [1, 1, 1, 1, 1, 1],
      sigma: [0.1, 0.1, 0.1, 0.1, 0.1, 0.1],
      band: [1, 1, 1, 1, 1, 1],
    };
    expect(multibandPeriodogram(flat, { minPeriodDays: 0.1, maxPeriodDays: 1 })).toBeNull();
  });
});

describe('folding', () => {
  it('gives the phase in [0, 1) from the epoch', () => {
    expect(foldPhase(10.25, 1, 0)).toBeCloseTo(0.25, 12);
    expect(foldPhase(-0.25, 0.5, 0)).toBeCloseTo(0.5, 12);
    expect(foldPhase(5, 2, 5)).toBe(0);
  });
});
