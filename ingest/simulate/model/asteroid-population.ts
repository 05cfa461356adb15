/**
 * The simulated main-belt asteroids: orbits (a 2.1-3.3 AU, e < 0.25, i < 20 deg) placed near opposition in the
 * middle of their cohort's period so that ZTF-like night fields see them, HG1G2 photometric parameters, MPC
 * numbers or provisional designations, and their MPCORB.DAT records. Elements are drawn in MPCORB's form (a, e, M,
 * n), rounded to its precision and converted to perihelion form as the catalogue reader converts them, so that a
 * reader of the written file propagates exactly the orbits used for the alerts. Pure.
 */

import { hashSeed, Prng } from '../../../compute/random/index.js';
import { ellipticToPerihelion } from '../../../compute/sso/catalogue/index.js';
import { computeEphemerides, meanMotionDegPerDay } from '../../../compute/sso/ephemeris/index.js';
import type { Orbit, OrbitElements } from '../../../compute/sso/index.js';
import { type MpcorbRecord, packNumber, packProvisional, ztfSsnamenr } from '../../../compute/sso/index.js';

/** One simulated asteroid. */
export interface SimAsteroid {
  /** MPC number; null for an unnumbered object. */
  readonly number: number | null;
  /** Provisional designation, e.g. "2019 AB12". */
  readonly provisional: string;
  /** ZTF `ssnamenr`: the number as text, or the provisional designation without its space; null when the
   * object is unknown to the MPC (a Fink "Solar System candidate"). */
  readonly ssnamenr: string | null;
  /** Osculating elements at the run's epoch, perihelion form (what the catalogue reader makes of MPCORB). */
  readonly elements: OrbitElements;
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

/** An angle rounded to MPCORB's 5 decimals, in [0, 360) (as the catalogue reader normalises it). */
function roundedAngle(deg: number): number {
  const r = rounded(((deg % 360) + 360) % 360, 5);
  return r >= 360 ? 0 : r;
}

/** The elements of an MPCORB.DAT record, drawn at its precision (a, e 7 decimals; angles 5; n 8). */
type MpcorbElements = Pick<
  MpcorbRecord,
  'aAu' | 'e' | 'inclDeg' | 'nodeDeg' | 'periDeg' | 'meanAnomalyDeg' | 'epochJdTt' | 'meanMotionDegPerDay'
>;

function drawElements(rng: Prng, epochJdTt: number): MpcorbElements {
  const aAu = rounded(rng.range(2.1, 3.3), 7);
  return {
    aAu,
    e: rounded(rng.range(0, 0.25), 7),
    inclDeg: rounded((Math.abs(rng.normal()) * 7) % 20, 5),
    nodeDeg: roundedAngle(rng.range(0, 360)),
    periDeg: roundedAngle(rng.range(0, 360)),
    meanAnomalyDeg: roundedAngle(rng.range(0, 360)),
    epochJdTt,
    meanMotionDegPerDay: rounded(meanMotionDegPerDay(aAu), 8),
  };
}

/** Perihelion form of MPCORB elements, computed as `parseMpcorbCatalogueLine` computes it. */
function perihelionForm(el: MpcorbElements): OrbitElements {
  const p = ellipticToPerihelion(el.aAu, el.e, el.meanAnomalyDeg, el.epochJdTt, el.meanMotionDegPerDay);
  if (p === null) throw new RangeError(`simulated orbit not elliptic: a ${el.aAu} AU, e ${el.e}`);
  const { e, inclDeg, nodeDeg, periDeg, epochJdTt } = el;
  return { ...p, e, inclDeg, nodeDeg, periDeg, epochJdTt };
}

/** An orbit with the MPCORB magnitude law of the simulated objects (H, G = 0.15). */
export function simOrbit(asteroid: Pick<SimAsteroid, 'elements' | 'hMag'>): Orbit {
  return { elements: asteroid.elements, magnitude: { kind: 'asteroid', hMag: asteroid.hMag, gSlope: 0.15 } };
}

/**
 * True when an orbit is near opposition for ZTF at a time: solar elongation > 120 deg and Dec > -25 deg, seen
 * from Palomar (I41) on the two-body orbit (ample for this choice; the detections use the perturbed orbit).
 */
function isNearOpposition(elements: OrbitElements, jdUtc: number): boolean {
  const orbit: Orbit = { elements, magnitude: { kind: 'asteroid', hMag: null, gSlope: null } };
  const eph = computeEphemerides(orbit, [jdUtc], { propagation: 'twobody' });
  return eph.elongationDeg[0] > 120 && eph.decDeg[0] > -25;
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
  const usedNumbers = new Set<number>();
  const usedDesignations = new Set<string>(options.takenDesignations ?? []);
  const [firstNumber, lastNumber] = options.numberRange ?? [300_000, 699_999];
  const out: SimAsteroid[] = [];
  if (lastNumber - firstNumber + 1 < 2 * options.knownCount)
    throw new RangeError('asteroid number range too small');
  const total = options.knownCount + options.unknownCount;
  for (let k = 0; k < total; k++) {
    let drawn = drawElements(rng, options.epochJdTt);
    for (let attempt = 0; attempt < 500; attempt++) {
      if (isNearOpposition(perihelionForm(drawn), options.oppositionJd)) break;
      // turn the object along its orbit (and the orbit's node once in a while) until it is near opposition
      drawn = {
        ...drawn,
        meanAnomalyDeg: roundedAngle(drawn.meanAnomalyDeg + rng.range(10, 50)),
        nodeDeg: attempt % 10 === 9 ? roundedAngle(rng.range(0, 360)) : drawn.nodeDeg,
      };
    }
    const elements = perihelionForm(drawn);
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
          epochJdTt: drawn.epochJdTt,
          meanAnomalyDeg: drawn.meanAnomalyDeg,
          periDeg: drawn.periDeg,
          nodeDeg: drawn.nodeDeg,
          inclDeg: drawn.inclDeg,
          e: drawn.e,
          meanMotionDegPerDay: drawn.meanMotionDegPerDay,
          aAu: drawn.aAu,
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
