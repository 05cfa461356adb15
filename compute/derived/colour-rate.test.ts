import { describe, expect, it } from 'vitest';
import {
  COLOUR_RATE_COLUMNS,
  type ColourRateFields,
  computeColourRate,
  type PhotometryPoint,
} from './colour-rate.js';

/** Base JD; offsets below are multiples of 1/8 day, exact in binary, so tolerance tests are exact. */
const T = 2459000.5;
/** Tolerance of hand-computed values (mag or mag/day), 8 decimals. */
const TOLERANCE_DIGITS = 8;

function point(dtDays: number, fid: number, magpsf: number, sigmapsf: number): PhotometryPoint {
  return { jd: T + dtDays, fid, magpsf, sigmapsf };
}

/** Expects `actual` to equal `expected` element-wise, NaN matching NaN. */
function expectValues(actual: Float64Array, expected: readonly number[]): void {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((value, i) => {
    if (Number.isNaN(value)) expect(actual[i], `index ${i}`).toBeNaN();
    else expect(actual[i], `index ${i}`).toBeCloseTo(value, TOLERANCE_DIGITS);
  });
}

const NaN_ = Number.NaN;

/**
 * A: g 18.0±0.1 at t=0       B: r 17.5±0.2 at 0.125   C: g 17.6±0.1 at 2   D: r 17.4±0.1 at 2.25
 * E: r 17.0±0.2 at 5         F: g 17.8±0.3 at 8       G: r 17.2±0.2 at 8.375 (0.375 d from F: no colour)
 */
const A = point(0, 1, 18.0, 0.1);
const B = point(0.125, 2, 17.5, 0.2);
const C = point(2, 1, 17.6, 0.1);
const D = point(2.25, 2, 17.4, 0.1);
const E = point(5, 2, 17.0, 0.2);
const F = point(8, 1, 17.8, 0.3);
const G = point(8.375, 2, 17.2, 0.2);

/** Hand-computed fields for [A, B, C, D, E, F, G]. */
const EXPECTED: Record<keyof ColourRateFields, number[]> = {
  // g: C (17.6−18.0)/2, F (17.8−17.6)/6; r: D (17.4−17.5)/2.125, E (17.0−17.4)/2.75, G (17.2−17.0)/3.375.
  rate: [NaN_, NaN_, -0.2, -0.1 / 2.125, -0.4 / 2.75, 0.2 / 6, 0.2 / 3.375],
  sigmaRate: [
    NaN_,
    NaN_,
    (Math.SQRT2 * 0.1) / 2,
    Math.sqrt(0.05) / 2.125,
    Math.sqrt(0.05) / 2.75,
    Math.sqrt(0.1) / 6,
    (Math.SQRT2 * 0.2) / 3.375,
  ],
  // Epochs: A–B g−r 0.5 ± √0.05, C–D g−r 0.2 ± √0.02; A, B take A's epoch, C, D take C's; E, F, G none.
  gMinusR: [0.5, 0.5, 0.2, 0.2, NaN_, NaN_, NaN_],
  sigmaGMinusR: [Math.sqrt(0.05), Math.sqrt(0.05), Math.sqrt(0.02), Math.sqrt(0.02), NaN_, NaN_, NaN_],
  // Colour rate at C: (0.2 − 0.5)/2 ± √(0.05 + 0.02)/2.
  rateGMinusR: [NaN_, NaN_, -0.15, -0.15, NaN_, NaN_, NaN_],
  sigmaRateGMinusR: [NaN_, NaN_, Math.sqrt(0.07) / 2, Math.sqrt(0.07) / 2, NaN_, NaN_, NaN_],
};

describe('computeColourRate (docs/references.md#derived-fields)', () => {
  it('computes rates, colours and colour rates of a hand-computed light curve', () => {
    const fields = computeColourRate([A, B, C, D, E, F, G]);
    for (const key of Object.keys(EXPECTED) as (keyof ColourRateFields)[]) {
      expectValues(fields[key], EXPECTED[key]);
    }
  });

  it('returns arrays aligned with an unsorted input', () => {
    const shuffled = [F, C, G, A, E, D, B];
    const positions = [5, 2, 6, 0, 4, 3, 1]; // index of each shuffled point in [A..G]
    const fields = computeColourRate(shuffled);
    for (const key of Object.keys(EXPECTED) as (keyof ColourRateFields)[]) {
      expectValues(
        fields[key],
        positions.map((p) => EXPECTED[key][p]),
      );
    }
  });

  it('matches a g alert to the earlier r alert on a tie', () => {
    // g at 1; r at 0.75 (18.0) and 1.25 (17.0), both 0.25 d away: the earlier wins, g−r = 17.5 − 18.0.
    const fields = computeColourRate([
      point(1, 1, 17.5, 0.1),
      point(0.75, 2, 18.0, 0.1),
      point(1.25, 2, 17.0, 0.1),
    ]);
    expectValues(fields.gMinusR, [-0.5, -0.5, -0.5]);
  });

  it('attaches an alert equidistant from two colour epochs to the earlier one', () => {
    // g1 at 0 and g2 at 0.5 both match r at 0.25: g−r = 0.4 then 0.2; r is 0.25 d from both epochs.
    const fields = computeColourRate([
      point(0, 1, 18.4, 0.1),
      point(0.5, 1, 18.2, 0.1),
      point(0.25, 2, 18.0, 0.1),
    ]);
    expectValues(fields.gMinusR, [0.4, 0.2, 0.4]);
    // Colour rate of the second epoch: (0.2 − 0.4)/0.5.
    expectValues(fields.rateGMinusR, [NaN_, -0.4, NaN_]);
  });

  it('treats the tolerance as inclusive', () => {
    const pair = [point(0, 1, 18.0, 0.1), point(0.25, 2, 17.0, 0.1)];
    expectValues(computeColourRate(pair, 0.25).gMinusR, [1, 1]);
    expectValues(computeColourRate(pair, 0.125).gMinusR, [NaN_, NaN_]);
    expectValues(computeColourRate([point(0, 1, 18.0, 0.1), point(0.375, 2, 17.0, 0.1)]).gMinusR, [
      NaN_,
      NaN_,
    ]);
  });

  it('gives the colour to alerts near a colour epoch that are not its pair, even in another filter', () => {
    // g at 0 pairs with r at 0.125; a second r and an i alert, both 0.25 d from that epoch, take its colour.
    const fields = computeColourRate([
      point(0, 1, 18.0, 0.1),
      point(0.125, 2, 17.5, 0.1),
      point(0.25, 2, 17.7, 0.1),
      point(0.25, 3, 16.0, 0.1),
    ]);
    expectValues(fields.gMinusR, [0.5, 0.5, 0.5, 0.5]);
    // i band (fid 3) has no rate.
    expectValues(fields.rate, [NaN_, NaN_, 0.2 / 0.125, NaN_]);
  });

  it('gives no colour with a single filter, and NaN for a zero time difference', () => {
    const fields = computeColourRate([
      point(0, 2, 18.0, 0.1),
      point(0, 2, 17.0, 0.1),
      point(1, 2, 17.5, 0.1),
    ]);
    expectValues(fields.gMinusR, [NaN_, NaN_, NaN_]);
    expectValues(fields.rate, [NaN_, NaN_, 0.5]);
    expectValues(fields.sigmaRate, [NaN_, NaN_, Math.SQRT2 * 0.1]);
  });

  it('ignores points without a finite jd and handles an empty light curve', () => {
    const fields = computeColourRate([
      point(0, 1, 18, 0.1),
      { jd: Number.NaN, fid: 1, magpsf: 17, sigmapsf: 0.1 },
    ]);
    expectValues(fields.rate, [NaN_, NaN_]);
    const empty = computeColourRate([]);
    expect(empty.rate).toHaveLength(0);
    expect(empty.sigmaRateGMinusR).toHaveLength(0);
  });

  it('names the six API fields', () => {
    expect(Object.values(COLOUR_RATE_COLUMNS)).toEqual([
      'v:rate',
      'v:sigma(rate)',
      'v:g-r',
      'v:sigma(g-r)',
      'v:rate(g-r)',
      'v:sigma(rate(g-r))',
    ]);
  });
});
