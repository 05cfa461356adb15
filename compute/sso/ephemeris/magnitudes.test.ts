import { describe, expect, it } from 'vitest';
import { apparentVMag, hgPhaseFunction } from './magnitudes.js';

describe('hgPhaseFunction', () => {
  it('is 1 at opposition and gives the Ceres phase integral 0.3644 for G = 0.12 (sbpy; ±5e-4)', () => {
    expect(hgPhaseFunction(0, 0.12)).toBeCloseTo(1, 12);
    const n = 20000;
    let q = 0;
    for (let i = 0; i < n; i++) {
      const a = ((i + 0.5) * Math.PI) / n;
      q += 2 * hgPhaseFunction(a, 0.12) * Math.sin(a) * (Math.PI / n);
    }
    expect(Math.abs(q - 0.3644)).toBeLessThan(5e-4);
  });
});

describe('apparentVMag', () => {
  it('applies the asteroid HG law and the comet total-magnitude law', () => {
    const asteroid = apparentVMag({ kind: 'asteroid', hMag: 10, gSlope: 0.15 }, 2, 3, 0);
    expect(asteroid).toBeCloseTo(10 + 5 * Math.log10(6), 12);
    const comet = apparentVMag({ kind: 'comet', hMag: 14.1, gSlope: 4 }, 1.5, 2.5, 0.3);
    expect(comet).toBeCloseTo(14.1 + 5 * Math.log10(1.5) + 10 * Math.log10(2.5), 12);
  });

  it('is NaN without H, and uses G = 0.15 for an asteroid without G', () => {
    expect(apparentVMag({ kind: 'asteroid', hMag: null, gSlope: 0.15 }, 2, 3, 0.2)).toBeNaN();
    expect(apparentVMag({ kind: 'comet', hMag: 10, gSlope: null }, 2, 3, 0.2)).toBeNaN();
    const noG = apparentVMag({ kind: 'asteroid', hMag: 10, gSlope: null }, 2, 3, 0.2);
    expect(noG).toBe(apparentVMag({ kind: 'asteroid', hMag: 10, gSlope: 0.15 }, 2, 3, 0.2));
  });
});
