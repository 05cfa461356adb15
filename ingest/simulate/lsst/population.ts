/**
 * The static sources of the simulated LSST sky, each with the light-curve model of its class (the simulator's
 * models, model/light-curves.ts) at Rubin's depth: supernovae Ia and II, kilonovae, microlensing events, RR
 * Lyrae, eclipsing binaries, Miras and AGN, placed uniformly in a field of the cadence grid. Pure (the mutable
 * state a source carries is advanced by the planner).
 * Reference: magnitude ranges for a survey reaching r ~ 24.5 (LSST Science Book, 2009, ch. 8 and 11).
 */
import { hashSeed, Prng } from '../../../compute/random/index.js';
import { drawPeriodicModel, type LightCurveModel } from '../model/index.js';
import { FIELD_RADIUS_DEG, type LsstField } from './cadence.js';
import type { LsstRecordValue } from './dia-records.js';

/** Classes of the simulated static sources. */
export type LsstSourceClass =
  | 'snia'
  | 'snii'
  | 'kilonova'
  | 'microlensing'
  | 'rrlyrae'
  | 'eclipsing'
  | 'mira'
  | 'agn';

/** Classes that fill a night's budget (steady sources) and their weights. */
export const LSST_STEADY_CLASSES: readonly LsstSourceClass[] = ['rrlyrae', 'eclipsing', 'mira', 'agn'];
export const LSST_STEADY_WEIGHTS: readonly number[] = [0.3, 0.3, 0.05, 0.35];

/** A static source with its model and its state in the run. */
export interface LsstSource {
  /** Rank of the source in the run (seeds its draws). */
  readonly index: number;
  readonly cls: LsstSourceClass;
  readonly model: LightCurveModel;
  /** True position (deg, ICRS). */
  readonly raDeg: number;
  readonly decDeg: number;
  readonly field: LsstField;
  /** Extendedness of its detections: 0 for stars, the host's share for transients in galaxies. */
  readonly extendedness: number;
  /** After this JD the source is no longer followed (a faded transient). */
  readonly retireJd: number;
  /** Damped-random-walk state of an AGN (JD, value in mag, its generator); null for other classes. */
  drw: { jd: number; x: number; readonly rng: Prng } | null;
  /** Set at its first detection: the diaObjectId (the id of that diaSource) and its time (MJD TAI). */
  diaObjectId: bigint | null;
  firstMjdTai: number;
  /** Its diaSource values so far (time order) and its forced-photometry values (time order). */
  history: LsstRecordValue[];
  forced: LsstRecordValue[];
  /** Last night (YYYYMMDD) whose visits have been force-measured; 0 before the first detection. */
  forcedNight: number;
}

function drawModel(cls: LsstSourceClass, rng: Prng, peakJd: number): LightCurveModel {
  switch (cls) {
    case 'snia':
    case 'snii':
    case 'kilonova': {
      const isIa = cls === 'snia';
      const rise = cls === 'kilonova' ? rng.range(0.3, 0.6) : isIa ? rng.range(2, 2.5) : rng.range(1.5, 3);
      const fall = cls === 'kilonova' ? rng.range(1.5, 3) : isIa ? rng.range(15, 25) : rng.range(40, 90);
      return {
        kind: 'explosive',
        peakJd,
        peakMagR: cls === 'kilonova' ? rng.range(21, 23) : isIa ? rng.range(19.5, 23) : rng.range(20, 23.5),
        riseDays: rise,
        fallDays: fall,
        fallDaysG: fall * (cls === 'kilonova' ? 0.5 : 0.7),
        colorPeakMag: cls === 'kilonova' ? rng.range(0.2, 0.5) : rng.range(-0.15, 0.1),
        colorRateMagPerDay: cls === 'kilonova' ? rng.range(0.3, 0.6) : rng.range(0.02, 0.05),
        colorMaxMag: rng.range(1, 1.6),
      };
    }
    case 'microlensing':
      return {
        kind: 'microlensing',
        peakJd,
        einsteinDays: rng.range(8, 60),
        u0: rng.range(0.05, 0.5),
        baseMagR: rng.range(19.5, 23),
        colorMag: rng.range(0.5, 1.2),
      };
    case 'agn':
      return {
        kind: 'drw',
        meanMagR: rng.range(19.5, 23),
        colorMag: rng.range(0.1, 0.4),
        tauDays: rng.range(50, 400),
        sigmaMag: rng.range(0.15, 0.35),
      };
    default:
      return drawPeriodicModel(
        cls,
        rng,
        cls === 'mira' ? [16.5, 19] : cls === 'rrlyrae' ? [17.5, 21.5] : [17, 22],
      );
  }
}

/**
 * Draws a source of a class in a field (uniform within 0.95 of the field radius).
 * @param jd current time (JD UTC); @param peakOffsetDays range of the peak time after `jd` for transients (days).
 */
export function spawnLsstSource(
  cls: LsstSourceClass,
  field: LsstField,
  index: number,
  seed: number,
  jd: number,
  peakOffsetDays: readonly [number, number],
): LsstSource {
  const rng = new Prng(hashSeed(seed, 'lsst-source', index));
  const model = drawModel(cls, rng, jd + rng.range(peakOffsetDays[0], peakOffsetDays[1]));
  // uniform in the disc: radius ~ sqrt(u), on the tangent plane (the field is small)
  const r = 0.95 * FIELD_RADIUS_DEG * Math.sqrt(rng.uniform());
  const theta = rng.range(0, 2 * Math.PI);
  const decDeg = field.decDeg + r * Math.sin(theta);
  const cosDec = Math.cos((decDeg * Math.PI) / 180);
  const raDeg = (((field.raDeg + (r * Math.cos(theta)) / cosDec) % 360) + 360) % 360;
  const inGalaxy = cls === 'snia' || cls === 'snii' || cls === 'kilonova' || cls === 'agn';
  let retireJd = Number.POSITIVE_INFINITY;
  if (model.kind === 'explosive') retireJd = model.peakJd + 6 * model.fallDays;
  else if (model.kind === 'microlensing') retireJd = model.peakJd + 3 * model.einsteinDays;
  return {
    index,
    cls,
    model,
    raDeg,
    decDeg,
    field,
    extendedness: inGalaxy ? rng.range(0.2, 0.9) : rng.range(0, 0.1),
    retireJd,
    drw:
      model.kind === 'drw'
        ? { jd: Number.NaN, x: 0, rng: new Prng(hashSeed(seed, 'lsst-drw', index)) }
        : null,
    diaObjectId: null,
    firstMjdTai: Number.NaN,
    history: [],
    forced: [],
    forcedNight: 0,
  };
}
