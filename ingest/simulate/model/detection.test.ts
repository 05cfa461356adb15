import { describe, expect, it } from 'vitest';
import { DETECTION_SNR, measureFlux } from './detection.js';
import { magToFlux } from './light-curves.js';

describe('measureFlux', () => {
  const lim = 20.5;
  it('gives S/N 5 near the limiting magnitude and magpsf = -2.5 log10(flux) without noise', () => {
    // the 1 % calibration term lowers S/N at the limit from 5 to 4.994
    expect(measureFlux(magToFlux(lim), lim, 0).snr).toBeCloseTo(DETECTION_SNR, 1);
    const m = measureFlux(magToFlux(lim - 0.01), lim, 0);
    expect(m.detected).toBe(true);
    expect(m.magpsf).toBeCloseTo(lim - 0.01, 6);
    expect(m.sigmapsf).toBeCloseTo(1.0857362 / m.snr, 6);
    expect(m.sigmapsf).toBeCloseTo(0.215, 2);
  });

  it('does not detect fainter or negative differences', () => {
    expect(measureFlux(magToFlux(lim + 0.3), lim, 0).detected).toBe(false);
    expect(measureFlux(-magToFlux(17), lim, 0).detected).toBe(false);
    expect(Number.isNaN(measureFlux(0, lim, 1).magpsf)).toBe(true);
  });

  it('bounds the error of bright sources by the 1 % calibration term', () => {
    const m = measureFlux(magToFlux(14), lim, 0);
    expect(m.sigmapsf).toBeGreaterThan(0.0105);
    expect(m.sigmapsf).toBeLessThan(0.012);
    const noisy = measureFlux(magToFlux(18), lim, 2);
    expect(noisy.magpsf).toBeLessThan(18);
  });
});
