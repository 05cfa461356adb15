/**
 * Catalogue values (ALERT_COLUMNS order) drawn for the row-document tests: ordinary values and the edges each
 * type has (NaN and infinities, -0, subnormal and extreme floats, 32- and 64-bit integer limits, strings that
 * JSON must escape or that are not ASCII, long strings).
 */

import { Prng } from '../../compute/random/index.js';
import type { ColumnValue } from '../../data/index.js';
import { ALERT_COLUMNS } from '../../data/index.js';

const EDGE_FLOATS = [
  0,
  -0,
  Number.NaN,
  Infinity,
  -Infinity,
  1e-45,
  -3.4e38,
  3.4028234663852886e38,
  1e-6,
  0.1,
];
const EDGE_DOUBLES = [
  ...EDGE_FLOATS,
  Number.MIN_VALUE,
  Number.MAX_VALUE,
  2458814.6358217,
  1e21,
  1e-7,
  2 ** 53,
];
const EDGE_INTS = [0, 1, -1, 63, 64, -64, -65, 2 ** 31 - 1, -(2 ** 31)];
const EDGE_LONGS = [
  0n,
  -1n,
  1060135832015015002n,
  2n ** 52n - 1n,
  2n ** 52n,
  -(2n ** 52n),
  -(2n ** 52n) + 1n,
  2n ** 53n + 1n,
  2n ** 63n - 1n,
  -(2n ** 63n),
];
const EDGE_STRINGS = [
  '',
  'ZTF19acihgng',
  'say "hi"',
  'back\\slash',
  'tab\tnew\nline\u0001',
  'Boötes',
  'ＺＴＦ 🌌',
  'x'.repeat(70),
  `é${'y'.repeat(80)}`,
  '\u007f',
];

/** One row of values; about one in `nullEvery` values is null. */
export function drawAlertValues(rng: Prng, nullEvery = 8): ColumnValue[] {
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(0, xs.length - 1)];
  return ALERT_COLUMNS.map((c): ColumnValue => {
    if (rng.int(1, nullEvery) === 1) return null;
    const edge = rng.chance(0.3);
    switch (c.type) {
      case 'float':
        return edge ? pick(EDGE_FLOATS) : Math.fround(rng.normal() * 10 ** rng.int(-8, 8));
      case 'double':
        return edge ? pick(EDGE_DOUBLES) : rng.normal() * 10 ** rng.int(-10, 10);
      case 'int':
        return edge ? pick(EDGE_INTS) : rng.int(-100000, 100000);
      case 'long':
        return edge ? pick(EDGE_LONGS) : BigInt(rng.int(-1e9, 1e9)) * BigInt(rng.int(1, 1e9));
      case 'boolean':
        return rng.chance(0.5);
      default:
        return edge ? pick(EDGE_STRINGS) : `s${rng.int(0, 1e6)}`;
    }
  });
}

export { Prng };
