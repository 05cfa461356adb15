/**
 * The simulated main-belt asteroids: Keplerian orbits (a 2.1-3.3 AU, e < 0.25, i < 20 deg) placed near opposition
 * in the middle of the run so that ZTF-like night fields see them, HG1G2 photometric parameters, MPC numbers or
 * provisional designations, and their MPCORB.DAT records. Elements are rounded to the precision of MPCORB.DAT, so
 * that a reader of the written file propagates exactly the orbits used for the alerts. Pure.
 */

import { type MpcorbRecord, packNumber, packProvisional, ztfSsnamenr } from '../sso/mpcorb-format.js';
import {
  earthHelioEquatorial,
  geocentricPlace,
  meanMotionDegPerDay,
  type OrbitalElements,
} from './kepler-orbit.js';
import { hashSeed, Prng } from './prng.js';

/** One simulated asteroid. */
export interface SimAsteroid {
  /** MPC number; null for an unnumbered object. */
  readonly number: number | null;
  /** Provisional designation, e.g. "2019 AB12". */
  readonly provisional: string;
  /** ZTF `ssnamenr`: the number as text, or the provisional designation without its space; null when the
   * object is unknown to the MPC (a Fink "Solar System candidate"). */
  readonly ssnamenr: string | null;
  readonly elements: OrbitalElements;
  /** HG1G2 parameters: absolute magnitude H (mag, V) and G1, G2. */
  readonly hMag: number;
  readonly g1: number;
  readonly g2: number;
  /** MPCORB.DAT record; null for unknown objects. */
  readonly mpcorb: MpcorbRecord | null;
}

/** Options of generateAsteroids. */
export interface AsteroidOptions {
  readonly seed: number;
  /** Objects in MPCORB.DAT (ZTF associates them: roid 3). */
  readonly knownCount: number;
  /** Objects unknown to the MPC (roid 2). */
  readonly unknownCount: number;
  /** JD UTC at which every object is near opposition (elongation > 120 deg, Dec > -25 deg). */
  readonly oppositionJd: number;
  /** Epoch of the elements (JD TT, 0h of a date). */
  readonly epochJdTt: number;
  /** Date of the last observation written in MPCORB (YYYYMMDD). */
  readonly lastObservation: string;
  /** Range [first, last] of the MPC numbers to draw (default 300,000-699,999). */
  readonly numberRange?: readonly [number, number];
  /** Provisional designations already taken (by earlier calls); not reused. */
  readonly takenDesignations?: ReadonlySet<string>;
}

const HALF_MONTH_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXY';
const SECOND_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
/** Share of known objects that are numbered. */
const NUMBERED_FRACTION = 0.8;

function rounded(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

function wrap360(deg: number): number {
  return ((deg % 360) + 360) % 360;
}

function drawElements(rng: Prng, epochJdTt: number): OrbitalElements {
  const aAu = rounded(rng.range(2.1, 3.3), 7);
  return {
    aAu,
    e: rounded(rng.range(0, 0.25), 7),
    inclDeg: rounded((Math.abs(rng.normal()) * 7) % 20, 5),
    nodeDeg: rounded(rng.range(0, 360), 5),
    periDeg: rounded(rng.range(0, 360), 5),
    meanAnomalyDeg: rounded(rng.range(0, 360), 5),
    epochJdTt,
    meanMotionDegPerDay: rounded(meanMotionDegPerDay(aAu), 8),
  };
}

function drawProvisional(rng: Prng, used: Set<string>): string {
  for (;;) {
    const year = rng.int(2000, 2021);
    const cycle = rng.int(0, 150);
    const d = `${year} ${rng.pick([...HALF_MONTH_LETTERS])}${rng.pick([...SECOND_LETTERS])}${cycle === 0 ? '' : cycle}`;
    if (!used.has(d)) {
      used.add(d);
      return d;
    }
  }
}

/**
 * Generates a cohort of asteroids: known objects first (numbered for 80 %), then unknown ones. Orbits are drawn
 * until the object is near opposition at `oppositionJd`. Throws RangeError when the number range is too small.
 * Reference: main-belt element ranges from the MPC orbit distribution (e.g. DeMeo & Carry 2014, Nature 505, 629).
 */
export function generateAsteroids(options: AsteroidOptions): SimAsteroid[] {
  const rng = new Prng(hashSeed(options.seed, 'asteroids'));
  const earth = earthHelioEquatorial(options.oppositionJd);
  const usedNumbers = new Set<number>();
  const usedDesignations = new Set<string>(options.takenDesignations ?? []);
  const [firstNumber, lastNumber] = options.numberRange ?? [300_000, 699_999];
  const out: SimAsteroid[] = [];
  if (lastNumber - firstNumber + 1 < 2 * options.knownCount)
    throw new RangeError('asteroid number range too small');
  const total = options.knownCount + options.unknownCount;
  for (let k = 0; k < total; k++) {
    let elements = drawElements(rng, options.epochJdTt);
    for (let attempt = 0; attempt < 500; attempt++) {
      const place = geocentricPlace(elements, options.oppositionJd, earth);
      if (place.elongationDeg > 120 && place.decDeg > -25) break;
      // turn the object along its orbit (and the orbit's node once in a while) until it is near opposition
      elements = {
        ...elements,
        meanAnomalyDeg: rounded(wrap360(elements.meanAnomalyDeg + rng.range(10, 50)), 5),
        nodeDeg: attempt % 10 === 9 ? rounded(rng.range(0, 360), 5) : elements.nodeDeg,
      };
    }
    const known = k < options.knownCount;
    const g1 = rng.range(0.1, 0.7);
    const g2 = rng.range(0.05, Math.min(0.5, 0.95 - g1));
    const hMag = rounded(known ? rng.range(14, 18) : rng.range(14.5, 16.5), 2);
    const provisional = drawProvisional(rng, usedDesignations);
    let number: number | null = null;
    if (known && rng.chance(NUMBERED_FRACTION)) {
      do number = rng.int(firstNumber, lastNumber);
      while (usedNumbers.has(number));
      usedNumbers.add(number);
    }
    const ssnamenr = known ? (number !== null ? String(number) : ztfSsnamenr(provisional)) : null;
    const firstYear = Number(provisional.slice(0, 4));
    const mpcorb: MpcorbRecord | null = known
      ? {
          packedDesignation: number !== null ? packNumber(number) : packProvisional(provisional),
          hMag,
          g: 0.15,
          epochJdTt: elements.epochJdTt,
          meanAnomalyDeg: elements.meanAnomalyDeg,
          periDeg: elements.periDeg,
          nodeDeg: elements.nodeDeg,
          inclDeg: elements.inclDeg,
          e: elements.e,
          meanMotionDegPerDay: elements.meanMotionDegPerDay ?? meanMotionDegPerDay(elements.aAu),
          aAu: elements.aAu,
          readableDesignation: number !== null ? `(${number}) ${provisional}` : provisional,
          uncertainty: String(rng.int(0, 2)),
          reference: `MPO${rng.int(100000, 999999)}`,
          observations: rng.int(30, 2500),
          oppositions: rng.int(2, 15),
          arc: `${firstYear}-${options.lastObservation.slice(0, 4)}`,
          rmsArcsec: rounded(rng.range(0.35, 0.75), 2),
          coarsePerturbers: 'M-v',
          precisePerturbers: '3Ek',
          computer: 'MPCLINUX',
          flags: '0000',
          lastObservation: options.lastObservation,
        }
      : null;
    out.push({ number, provisional, ssnamenr, elements, hMag, g1, g2, mpcorb });
  }
  return out;
}

/** MPCORB.DAT order: numbered objects by number, then unnumbered ones by packed designation. */
export function mpcorbOrder(asteroids: readonly SimAsteroid[]): MpcorbRecord[] {
  const known = asteroids.filter((a) => a.mpcorb !== null);
  known.sort((x, y) => {
    if (x.number !== null && y.number !== null) return x.number - y.number;
    if (x.number !== null) return -1;
    if (y.number !== null) return 1;
    return (x.mpcorb?.packedDesignation ?? '').localeCompare(y.mpcorb?.packedDesignation ?? '');
  });
  return known.map((a) => a.mpcorb as MpcorbRecord);
}
