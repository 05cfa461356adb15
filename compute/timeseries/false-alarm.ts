/**
 * False-alarm probability of the highest peak of a Lomb–Scargle periodogram: Baluev's alias-free upper bound,
 * for the standard normalisation (power Z = 1 − χ²/χ²₀) of a one-harmonic model with `offsets` free offsets (one
 * per band). Pure.
 * Reference: Baluev R. V. 2008, MNRAS 385, 1279, eq. 5-6 (the "Davies bound" τ and FAP ≈ 1 − (1 − P₁)·e^−τ);
 * VanderPlas J. T. 2018, ApJS 236, 16, §7.4.2 (its form for the standard normalisation, with an effective
 * baseline T_eff = √(4π·Var(t))).
 */

/** Lanczos coefficients (g = 7, n = 9). Reference: Press et al. 2007, Numerical Recipes 3rd ed., §6.1. */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/**
 * Natural logarithm of the gamma function for x > 0 (Lanczos approximation, relative error below 1e-14).
 * Reference: Press et al. 2007, Numerical Recipes 3rd ed., §6.1.
 */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** What the false-alarm estimate needs of a periodogram. */
export interface FalseAlarmInput {
  /** Power of the peak, standard normalisation, in [0, 1]. */
  readonly power: number;
  /** Number of points N. */
  readonly pointCount: number;
  /** Free offsets of the model without the sinusoid (1 for one band, one per band for a multiband fit). */
  readonly offsets: number;
  /** Highest frequency searched (cycles/day). */
  readonly maxFrequencyPerDay: number;
  /** Weighted variance of the observation times (days²). */
  readonly timeVarianceDays2: number;
}

/**
 * Probability that noise alone gives a peak at least this high somewhere in the searched band.
 * @returns a probability in [0, 1]; 1 when N leaves no degree of freedom (N ≤ offsets + 2).
 * Reference: Baluev 2008, MNRAS 385, 1279, eq. 5-6; VanderPlas 2018, ApJS 236, 16, eq. 51-55.
 */
export function falseAlarmProbability(input: FalseAlarmInput): number {
  const z = Math.min(1, Math.max(0, input.power));
  const nH = input.pointCount - input.offsets; // degrees of freedom without the sinusoid
  const nK = nH - 2; // with it
  if (nK <= 0) return 1;
  const single = (1 - z) ** (0.5 * nK);
  const gamma = Math.sqrt(2 / nH) * Math.exp(logGamma(nH / 2) - logGamma((nH - 1) / 2));
  const w = input.maxFrequencyPerDay * Math.sqrt(4 * Math.PI * input.timeVarianceDays2);
  const tau = gamma * w * (1 - z) ** (0.5 * (nK - 1)) * Math.sqrt(0.5 * nH * z);
  // 1 − (1 − P₁)·e^−τ, written so that small probabilities keep their digits
  return Math.min(1, -Math.expm1(-tau) + single * Math.exp(-tau));
}

/**
 * The power whose false-alarm probability is `probability` (bisection on the monotonic {@link falseAlarmProbability}).
 * @param probability in (0, 1), e.g. 0.01; @returns the power level in [0, 1].
 */
export function falseAlarmLevel(probability: number, input: Omit<FalseAlarmInput, 'power'>): number {
  let low = 0;
  let high = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (falseAlarmProbability({ ...input, power: mid }) > probability) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
