/**
 * The multiband periodogram against sinusoids of known frequency: the peak at the injected frequency whatever the
 * band offsets and the apparition gaps, normalised powers, and the empty answers.
 */
import { describe, expect, it } from 'vitest';
import { Prng } from '../../random/index.js';
import { multibandPeriodogram, periodogramPeaks, sinusoidAt } from './lomb-scargle.js';

/** Three apparitions of 60 nights a year apart, one or two points a night at random times, bands 1 and 2. */
function sampledSinusoid(frequencyPerDay: number, amplitudeMag: number, noiseMag: number, seed: number) {
  const rng = new Prng(seed);
  const jd: number[] = [];
  const valueMag: number[] = [];
  const band: number[] = [];
  for (const start of [2459000.5, 2459365.5, 2459730.5]) {
    for (let night = 0; night < 60; night += rng.int(1, 3)) {
      for (let k = rng.int(1, 2); k > 0; k--) {
        const t = start + night + rng.range(0.6, 0.9);
        const b = rng.chance(0.5) ? 1 : 2;
        jd.push(t);
        band.push(b);
        // band 2 is 0.4 mag brighter: the offsets are free in the model
        valueMag.push(
          (b === 2 ? -0.4 : 0) +
            amplitudeMag * Math.sin(2 * Math.PI * frequencyPerDay * (t - 2459000) + 0.7) +
            noiseMag * rng.normal(),
        );
      }
    }
  }
  return { jd, valueMag, sigmaMag: jd.map(() => Math.max(noiseMag, 0.01)), band };
}

const GRID = { minFrequencyPerDay: 0.8, maxFrequencyPerDay: 21.8, oversampling: 3 };

describe('multiband Lomb-Scargle', () => {
  it('finds an injected frequency to a fraction of 1/T over three apparitions', () => {
    const f = 7.3215;
    const series = sampledSinusoid(f, 0.15, 0.02, 11);
    const [best] = periodogramPeaks(series, GRID, 3);
    const span = Math.max(...series.jd) - Math.min(...series.jd);
    // the coherent refinement grid is 1/(10 T): the peak lies within a step or two of the truth, not on a yearly
    // alias (1/365 d⁻¹ away)
    expect(Math.abs(best.frequencyPerDay - f)).toBeLessThan(2 / (10 * span));
    // noise 0.02 against amplitude 0.15: the sinusoid explains ~98 % of χ²₀, χ²_red near 1
    expect(best.power).toBeGreaterThan(0.95);
    expect(best.chi2red).toBeGreaterThan(0.7);
    expect(best.chi2red).toBeLessThan(1.4);
    // the sinusoid at the true frequency fits as well as the best grid point, and far better than half of it
    const atTruth = sinusoidAt(series, f);
    expect(atTruth.chi2red).toBeLessThanOrEqual(best.chi2red * 1.05);
    expect(sinusoidAt(series, f / 2).chi2red).toBeGreaterThan(10 * atTruth.chi2red);
  });

  it('normalises powers to [0, 1] and orders peaks by power', () => {
    const series = sampledSinusoid(3.1, 0.1, 0.05, 5);
    const { frequencyPerDay, power } = multibandPeriodogram(series, GRID);
    expect(frequencyPerDay.length).toBe(power.length);
    expect(frequencyPerDay[0]).toBe(GRID.minFrequencyPerDay);
    expect(frequencyPerDay[frequencyPerDay.length - 1]).toBeLessThanOrEqual(GRID.maxFrequencyPerDay);
    for (const p of power) {
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1 + 1e-12);
    }
    const peaks = periodogramPeaks(series, GRID, 5);
    expect(peaks).toHaveLength(5);
    expect(Math.abs(peaks[0].frequencyPerDay - 3.1)).toBeLessThan(0.001);
  });

  it('pure noise has no strong peak', () => {
    const [best] = periodogramPeaks(sampledSinusoid(5, 0, 0.05, 3), GRID, 1);
    expect(best.power).toBeLessThan(0.25);
  });

  it('answers nothing for too few points or constant values', () => {
    const few = { jd: [1, 2, 3], valueMag: [0.1, 0.2, 0.1], sigmaMag: [0.1, 0.1, 0.1], band: [1, 1, 1] };
    expect(periodogramPeaks(few, GRID, 3)).toEqual([]);
    const flat = sampledSinusoid(2, 0, 0, 1);
    expect(multibandPeriodogram({ ...flat, valueMag: flat.jd.map(() => 1) }, GRID).power).toHaveLength(0);
  });
});
