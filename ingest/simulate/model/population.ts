/**
 * Draws the static sources of the simulated sky: supernovae (Ia and II), kilonovae, microlensing events,
 * SN-like events with a microlensing-like score ("ambiguous"), RR Lyrae, eclipsing binaries, Miras, AGN and
 * uncatalogued variables, each with its light-curve model, catalogue labels and neighbourhood. Pure.
 */

import { hashSeed, Prng } from '../../../compute/random/index.js';
import type { AlertSource, CatalogueLabels, SourceClass } from './detection.js';
import type { LightCurveModel, PeriodicModel } from './light-curves.js';
import { drawNeighbourhood, type SceneKind } from './neighbourhood.js';
import { locate, pointInField, type SkyField } from './sky-grid.js';

/** Classes of static (non-moving) sources. */
export type StaticClass = Exclude<SourceClass, 'asteroid' | 'asteroid-candidate' | 'bogus' | 'tracklet'>;

/** Classes drawn to fill a night's budget (steady sources). */
export const STEADY_CLASSES: readonly StaticClass[] = ['rrlyrae', 'eclipsing', 'mira', 'agn', 'variable'];
/** Relative weights of STEADY_CLASSES. */
export const STEADY_WEIGHTS: readonly number[] = [0.25, 0.22, 0.03, 0.25, 0.25];

const NO_LABELS: CatalogueLabels = {
  cdsxmatch: 'Unknown',
  gcvs: 'Unknown',
  vsx: 'nan',
  gaiaVarFlag: 0,
  gaiaClass: 'nan',
};

/** Where and when a source is born. */
export interface SpawnContext {
  /** Field to place the source in (uniformly, away from the edges). */
  readonly field: SkyField;
  /** Current time (JD UTC): the night being planned. */
  readonly jd: number;
  /** First night of the simulation, 0h UTC (JD). */
  readonly simStartJd: number;
  /**
   * Range of the time of maximum light relative to `jd` (days) for transients; new ones peak in the coming
   * weeks, those present at the start of the simulation may be past peak.
   */
  readonly peakOffsetDays: readonly [number, number];
  /** Allocates the objectId of the source, given the year of its first detection. */
  readonly allocateObjectId: (year: number) => string;
  /** Seed of the source's own generator. */
  readonly seed: number;
}

function yearOf(jd: number): number {
  return new Date((jd - 2440587.5) * 86_400_000).getUTCFullYear();
}

function logUniform(rng: Prng, lo: number, hi: number): number {
  return Math.exp(rng.range(Math.log(lo), Math.log(hi)));
}

interface Drawn {
  readonly model: LightCurveModel;
  readonly labels: CatalogueLabels;
  readonly scene: SceneKind;
  readonly pointLike: boolean;
  readonly refMagR: number;
  readonly colorMag: number;
  readonly retireJd: number;
  readonly steady: boolean;
}

function drawExplosive(cls: 'snia' | 'snii' | 'kilonova' | 'ambiguous', rng: Prng, peakJd: number): Drawn {
  let model: LightCurveModel;
  if (cls === 'snia') {
    // rise from 1 % of the peak flux to peak in 15-20 days, about 2.5 mag below peak 45-60 days after it
    const fall = rng.range(15, 25);
    model = {
      kind: 'explosive',
      peakJd,
      peakMagR: rng.range(17.3, 19.4),
      riseDays: rng.range(2, 2.5),
      fallDays: fall,
      fallDaysG: fall * 0.7,
      colorPeakMag: rng.range(-0.15, 0.05),
      colorRateMagPerDay: rng.range(0.03, 0.05),
      colorMaxMag: 1.1,
    };
  } else if (cls === 'kilonova') {
    const fall = rng.range(1.3, 2.2);
    model = {
      kind: 'explosive',
      peakJd,
      peakMagR: rng.range(17.4, 18.4),
      riseDays: 0.3,
      fallDays: fall,
      fallDaysG: fall * 0.6,
      colorPeakMag: rng.range(0, 0.2),
      colorRateMagPerDay: 0.25,
      colorMaxMag: 1.5,
    };
  } else {
    const fall = rng.range(60, 120);
    model = {
      kind: 'explosive',
      peakJd,
      peakMagR: rng.range(17.5, 19.3),
      riseDays: rng.range(1.5, 3),
      fallDays: fall,
      fallDaysG: fall * 0.5,
      colorPeakMag: rng.range(-0.1, 0.1),
      colorRateMagPerDay: 0.02,
      colorMaxMag: 1,
    };
  }
  const retireJd = peakJd + (cls === 'kilonova' ? 10 : Math.min(150, 4 * model.fallDays));
  return {
    model,
    labels: NO_LABELS,
    scene: 'galaxy',
    pointLike: false,
    refMagR: 0,
    colorMag: 0,
    retireJd,
    steady: false,
  };
}

function agnLabels(rng: Prng): CatalogueLabels {
  const cdsxmatch = ['QSO', 'AGN', 'Seyfert_1', 'Unknown'][rng.weighted([0.45, 0.25, 0.2, 0.1])];
  return { ...NO_LABELS, cdsxmatch, gaiaClass: cdsxmatch === 'Unknown' ? 'nan' : 'AGN' };
}

/**
 * Draws a periodic variable: period, amplitude, epoch, colour and eclipse shape of its class, its mean magnitude
 * uniform in `meanMagRangeR` (mag, r; drawn first).
 * Reference: RR Lyrae periods 0.45-0.75 d and amplitudes 0.4-0.9 mag, Miras 150-450 d and 1.5-3.5 mag
 * (GCVS classes); eclipsing binaries log-uniform in 0.3-10 d.
 */
export function drawPeriodicModel(
  kind: 'rrlyrae' | 'eclipsing' | 'mira',
  rng: Prng,
  meanMagRangeR: readonly [number, number],
): PeriodicModel {
  const meanMagR = rng.range(meanMagRangeR[0], meanMagRangeR[1]);
  const periodDays =
    kind === 'rrlyrae'
      ? rng.range(0.45, 0.75)
      : kind === 'mira'
        ? rng.range(150, 450)
        : logUniform(rng, 0.3, 10);
  const amplitudeMagR =
    kind === 'rrlyrae' ? rng.range(0.4, 0.9) : kind === 'mira' ? rng.range(1.5, 3.5) : rng.range(0.3, 1.2);
  return {
    kind,
    periodDays,
    epochJd: 2460000 + rng.range(0, periodDays),
    meanMagR,
    colorMag:
      kind === 'mira' ? rng.range(1.2, 2) : kind === 'rrlyrae' ? rng.range(0.15, 0.4) : rng.range(0.2, 1),
    amplitudeMagR,
    secondaryDepthMag: kind === 'eclipsing' ? amplitudeMagR * rng.range(0, 0.5) : 0,
    eclipseWidth: rng.range(0.02, 0.07),
  };
}

function drawSteady(
  cls: 'rrlyrae' | 'eclipsing' | 'mira' | 'agn' | 'variable' | 'microlensing',
  rng: Prng,
  peakJd: number,
): Drawn {
  const star = (
    labels: CatalogueLabels,
    model: LightCurveModel,
    refMagR: number,
    colorMag: number,
  ): Drawn => ({
    model,
    labels,
    scene: 'star',
    pointLike: model.kind !== 'drw',
    refMagR,
    colorMag,
    retireJd: Number.POSITIVE_INFINITY,
    steady: true,
  });
  const periodic = (kind: 'rrlyrae' | 'eclipsing' | 'mira'): PeriodicModel =>
    drawPeriodicModel(kind, rng, kind === 'mira' ? [13.5, 16.5] : [14.5, 18.5]);
  switch (cls) {
    case 'rrlyrae': {
      const m = periodic('rrlyrae');
      return star(
        { cdsxmatch: 'RRLyr', gcvs: 'RRAB', vsx: 'RRAB', gaiaVarFlag: 1, gaiaClass: 'RR' },
        m,
        m.meanMagR,
        m.colorMag,
      );
    }
    case 'eclipsing': {
      const m = periodic('eclipsing');
      return star(
        { cdsxmatch: 'EB*', gcvs: 'EA', vsx: 'EA', gaiaVarFlag: 1, gaiaClass: 'ECL' },
        m,
        m.meanMagR,
        m.colorMag,
      );
    }
    case 'mira': {
      const m = periodic('mira');
      return star(
        { cdsxmatch: 'Mira', gcvs: 'M', vsx: 'M', gaiaVarFlag: 1, gaiaClass: 'LPV' },
        m,
        m.meanMagR,
        m.colorMag,
      );
    }
    case 'variable': {
      const m = periodic(rng.chance(0.5) ? 'rrlyrae' : 'eclipsing');
      const cdsxmatch = ['Unknown', 'Star', 'V*'][rng.weighted([0.6, 0.2, 0.2])];
      return star({ ...NO_LABELS, cdsxmatch }, m, m.meanMagR, m.colorMag);
    }
    case 'agn': {
      const meanMagR = rng.range(17, 19.5);
      const colorMag = rng.range(0.1, 0.4);
      const model: LightCurveModel = {
        kind: 'drw',
        meanMagR,
        colorMag,
        tauDays: rng.range(50, 400),
        sigmaMag: rng.range(0.15, 0.35),
      };
      return star(agnLabels(rng), model, meanMagR, colorMag);
    }
    default: {
      const baseMagR = rng.range(17, 19.5);
      const colorMag = rng.range(0.5, 1.2);
      const einsteinDays = rng.range(8, 40);
      const model: LightCurveModel = {
        kind: 'microlensing',
        peakJd,
        einsteinDays,
        u0: rng.range(0.05, 0.5),
        baseMagR,
        colorMag,
      };
      return {
        ...star(NO_LABELS, model, baseMagR, colorMag),
        retireJd: peakJd + 3 * einsteinDays,
        steady: false,
      };
    }
  }
}

/**
 * Creates a static source of a class in a field. Steady sources (variables, AGN) get a pre-simulation history:
 * 20-900 detections since 200-2000 days before the start; transients present at the start get the detections
 * they would have had since their rise.
 */
export function spawnStaticSource(cls: StaticClass, ctx: SpawnContext): AlertSource {
  const rng = new Prng(ctx.seed);
  const peakJd = ctx.jd + rng.range(ctx.peakOffsetDays[0], ctx.peakOffsetDays[1]);
  const drawn =
    cls === 'snia' || cls === 'snii' || cls === 'kilonova' || cls === 'ambiguous'
      ? drawExplosive(cls, rng, peakJd)
      : drawSteady(cls, rng, peakJd);
  const { raDeg, decDeg } = pointInField(ctx.field, rng.range(0.02, 0.98), rng.range(0.02, 0.98));
  const position = locate(raDeg, decDeg);
  if (!position) throw new RangeError(`position (${raDeg}, ${decDeg}) outside the sky grid`);
  let priorDetections = 0;
  let priorStartJd: number | null = null;
  if (drawn.steady) {
    priorStartJd = ctx.simStartJd - rng.range(200, 2000);
    priorDetections = rng.int(20, 900);
  } else if (drawn.model.kind === 'explosive') {
    const riseStart = drawn.model.peakJd - 3 * drawn.model.riseDays;
    if (riseStart < ctx.simStartJd) {
      priorStartJd = riseStart;
      priorDetections = Math.round((ctx.simStartJd - riseStart) * 1.2);
    }
  }
  const firstYearJd = priorStartJd ?? ctx.jd;
  return {
    objectId: ctx.allocateObjectId(yearOf(firstYearJd)),
    sourceClass: cls,
    labels: drawn.labels,
    model: drawn.model,
    raDeg,
    decDeg,
    position,
    neighbourhood: drawNeighbourhood(
      rng,
      drawn.scene,
      raDeg,
      decDeg,
      drawn.refMagR,
      drawn.colorMag,
      drawn.pointLike,
    ),
    stampKind: drawn.scene === 'galaxy' ? 'galaxy' : 'star',
    priorDetections,
    priorCoverage: drawn.steady ? Math.round(priorDetections * rng.range(1.5, 3.5)) : rng.int(50, 1500),
    priorStartJd,
    scoreLevel: rng.uniform(),
    retireJd: drawn.retireJd,
    firstDetectionJd: null,
    detectionCount: 0,
    detections: [],
    drw:
      drawn.model.kind === 'drw' ? { jd: Number.NaN, x: 0, rng: new Prng(hashSeed(ctx.seed, 'drw')) } : null,
  };
}
