import { describe, expect, it } from 'vitest';
import { ASINH_A, LOG_A, percentileOfSorted, STRETCHES, stretchPixels } from './stretch.js';

/** Values 0, 1, …, 100. */
const RAMP = Float64Array.from({ length: 101 }, (_, i) => i);
const toleranceLevel = 1e-12;

describe('percentileOfSorted', () => {
  it('interpolates between ranks as numpy.percentile (linear)', () => {
    // numpy.percentile([1, 2, 3, 4], [0, 50, 25, 100]) = [1, 2.5, 1.75, 4]
    const v = Float64Array.of(1, 2, 3, 4);
    expect([0, 50, 25, 100].map((p) => percentileOfSorted(v, p))).toEqual([1, 2.5, 1.75, 4]);
    expect(percentileOfSorted(RAMP, 0.5)).toBeCloseTo(0.5, 12);
    expect(percentileOfSorted(RAMP, 99.5)).toBeCloseTo(99.5, 12);
    expect(percentileOfSorted(new Float64Array(0), 50)).toBeNaN();
  });
});

describe('stretchPixels', () => {
  it('maps linear with pmin 0 / pmax 100 to (v − min) / (max − min)', () => {
    const out = stretchPixels(RAMP, { stretch: 'linear', pminPercent: 0, pmaxPercent: 100 });
    out.forEach((y, i) => {
      expect(y).toBeCloseTo(i / 100, 12);
    });
  });

  it('honours pmin/pmax for non-sigmoid stretches (the reference ignored them)', () => {
    const wide = stretchPixels(RAMP, { stretch: 'linear', pminPercent: 0, pmaxPercent: 100 });
    const narrow = stretchPixels(RAMP, { stretch: 'linear', pminPercent: 10, pmaxPercent: 50 });
    expect(narrow[10]).toBe(0);
    expect(narrow[30]).toBeCloseTo(0.5, 12);
    expect(narrow[50]).toBe(1);
    expect(narrow[90]).toBe(1);
    expect(narrow).not.toEqual(wide);
  });

  it('ignores pmin/pmax for sigmoid: z-score then 1 / (1 + e^−z)', () => {
    const a = stretchPixels(RAMP, { stretch: 'sigmoid', pminPercent: 0.1, pmaxPercent: 0.5 });
    const b = stretchPixels(RAMP, { stretch: 'sigmoid' });
    expect(a).toEqual(b);
    expect(b[50]).toBeCloseTo(0.5, 12);
    const std = Math.sqrt(850); // population std of 0..100
    expect(b[100]).toBeCloseTo(1 / (1 + Math.exp(-50 / std)), 12);
    expect(b[0] + b[100]).toBeCloseTo(1, 12);
  });

  it('applies each curve between 0 and 1, monotonic, with the documented parameters', () => {
    const opts = { pminPercent: 0, pmaxPercent: 100 } as const;
    for (const stretch of STRETCHES) {
      const out = stretchPixels(RAMP, { stretch, ...opts });
      for (let i = 1; i < out.length; i++) expect(out[i]).toBeGreaterThanOrEqual(out[i - 1]);
      expect(out[100]).toBeLessThanOrEqual(1);
      expect(out[0]).toBeGreaterThanOrEqual(0);
    }
    const at = (stretch: (typeof STRETCHES)[number]) => stretchPixels(RAMP, { stretch, ...opts })[25];
    expect(at('sqrt')).toBeCloseTo(0.5, 12);
    expect(at('power')).toBeCloseTo(0.0625, 12);
    expect(at('log')).toBeCloseTo(Math.log(LOG_A * 0.25 + 1) / Math.log(LOG_A + 1), 12);
    expect(at('asinh')).toBeCloseTo(Math.asinh(0.25 / ASINH_A) / Math.asinh(1 / ASINH_A), 12);
  });

  it('leaves NaN pixels out of the statistics and renders them as 0', () => {
    const withNaN = Float64Array.of(Number.NaN, 0, 10, Number.NaN, 20);
    const out = stretchPixels(withNaN, { stretch: 'linear', pminPercent: 0, pmaxPercent: 100 });
    expect([...out]).toEqual([0, 0, 0.5, 0, 1]);
    const sig = stretchPixels(withNaN, { stretch: 'sigmoid' });
    expect(sig[2]).toBeCloseTo(0.5, 12);
    expect(sig[0]).toBe(0);
  });

  it('handles a uniform image and an image without finite pixels', () => {
    const flat = new Float64Array(9).fill(3);
    expect([...stretchPixels(flat, { stretch: 'sigmoid' })]).toEqual(new Array(9).fill(0.5));
    expect([...stretchPixels(flat, { stretch: 'linear' })]).toEqual(new Array(9).fill(0));
    const empty = new Float64Array(4).fill(Number.NaN);
    expect([...stretchPixels(empty, { stretch: 'log' })]).toEqual([0, 0, 0, 0]);
    const out = stretchPixels(flat, { stretch: 'asinh' });
    expect(Math.max(...out)).toBeLessThanOrEqual(toleranceLevel);
  });

  it('rejects percentiles outside 0-100 or in the wrong order', () => {
    expect(() => stretchPixels(RAMP, { stretch: 'linear', pminPercent: -1 })).toThrow(RangeError);
    expect(() => stretchPixels(RAMP, { stretch: 'linear', pmaxPercent: 101 })).toThrow(RangeError);
    expect(() => stretchPixels(RAMP, { stretch: 'linear', pminPercent: 60, pmaxPercent: 40 })).toThrow(
      RangeError,
    );
    expect(() => stretchPixels(RAMP, { stretch: 'sigmoid', pminPercent: Number.NaN })).toThrow(RangeError);
  });
});
