import { describe, expect, it } from 'vitest';
import { falseAlarmLevel, falseAlarmProbability, logGamma } from './false-alarm.js';

describe('log gamma (Lanczos)', () => {
  it('matches Γ(5) = 24, Γ(1/2) = √π and Γ(10.5) = 1133278.3889487856', () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12);
    expect(logGamma(10.5)).toBeCloseTo(Math.log(1133278.3889487856), 10);
  });
});

describe('false-alarm probability (Baluev 2008)', () => {
  const base = { pointCount: 50, offsets: 1, maxFrequencyPerDay: 10, timeVarianceDays2: 300 };

  it('equals Baluev eq. 5-6 worked by hand: N = 50, Z = 0.5, fmax = 10/d, Var(t) = 300 d²', () => {
    // N_H = 49, N_K = 47; P₁ = 0.5^23.5; γ = √(2/49)·Γ(24.5)/Γ(24); W = 10·√(4π·300);
    // τ = γ·W·0.5^23·√(49·0.5/2); FAP = 1 − (1 − P₁)·e^−τ
    const p1 = 0.5 ** 23.5;
    const gamma = Math.sqrt(2 / 49) * Math.exp(logGamma(24.5) - logGamma(24));
    const tau = gamma * 10 * Math.sqrt(4 * Math.PI * 300) * 0.5 ** 23 * Math.sqrt(49 * 0.25);
    const expected = 1 - (1 - p1) * Math.exp(-tau);
    // Γ(24.5)/Γ(24) ≈ √24 = 4.90 for large arguments: γ ≈ 0.2020 · 4.87 = 0.984, W = 614.0, 0.5^23 = 1.192e-7,
    // so τ ≈ 0.984 · 614.0 · 1.192e-7 · 3.5 = 2.52e-4
    expect(tau).toBeCloseTo(2.52e-4, 6);
    expect(falseAlarmProbability({ ...base, power: 0.5 })).toBeCloseTo(expected, 15);
  });

  it('decreases with power, is 1 at zero power and when no degree of freedom is left', () => {
    expect(falseAlarmProbability({ ...base, power: 0 })).toBe(1);
    const values = [0.3, 0.4, 0.5, 0.6, 0.9].map((power) => falseAlarmProbability({ ...base, power }));
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThan(values[i - 1]);
    expect(falseAlarmProbability({ ...base, pointCount: 3, power: 0.9 })).toBe(1);
  });

  it('inverts: the 1 % level has a false-alarm probability of 1 %', () => {
    const level = falseAlarmLevel(0.01, base);
    expect(falseAlarmProbability({ ...base, power: level })).toBeCloseTo(0.01, 8);
  });
});
