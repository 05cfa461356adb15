/**
 * Measurements of the simulated LSST sources on a visit (difference, science and template fluxes with noise,
 * centroid) and the Avro values of the records built from them: `diaSource`, `diaForcedSource` and the
 * `diaObject` aggregates. Values follow the schema in schema-dia.ts: fluxes nJy, times MJD TAI, angles deg. Pure.
 */
import type { Prng } from '../../../compute/random/index.js';
import { type FocalPlanePlace, focalPlanePlace, type LsstVisit } from './cadence.js';
import { DETECTION_SNR, psfFluxSigmaNJy, type TrueFluxes } from './photometry.js';
import { LSST_BANDS } from './schema-fields.js';

/** An Avro record value (field name → value; longs as BigInt). */
export type LsstRecordValue = { readonly [field: string]: unknown };

/** Templates are coadds of about this many visits: their noise is the visit noise over its square root. */
const TEMPLATE_VISITS = 20;
/** Minutes between the exposure midpoint and the prompt-processing time of its records. */
const PROCESSING_DELAY_DAYS = 2.5 / 1440;

/** What a visit measures of a source. */
export interface LsstMeasurement {
  readonly visit: LsstVisit;
  readonly place: FocalPlanePlace;
  /** Measured centroid (deg, ICRS) and its 1-sigma error (deg). */
  readonly raDeg: number;
  readonly decDeg: number;
  readonly positionErrDeg: number;
  /** Difference-image PSF flux and error (nJy), science-image and template fluxes and errors (nJy). */
  readonly psfFlux: number;
  readonly psfFluxErr: number;
  readonly scienceFlux: number;
  readonly scienceFluxErr: number;
  readonly templateFlux: number;
  readonly templateFluxErr: number;
  /** |psfFlux| / psfFluxErr. */
  readonly snr: number;
  /** True when |snr| reaches the detection threshold (5). */
  readonly isDetected: boolean;
}

/**
 * Measures a source of true fluxes at a true position on a visit. Draws 5 normal deviates from `rng`, always
 * in the same order. Noise: psfFluxSigmaNJy of the visit; template noise that over sqrt(20); centroid error
 * FWHM / (2.355 SNR) plus 10 mas in quadrature.
 */
export function measureOnVisit(
  visit: LsstVisit,
  raDeg: number,
  decDeg: number,
  truth: TrueFluxes,
  rng: Prng,
): LsstMeasurement {
  const psfFluxErr = psfFluxSigmaNJy(visit.m5Mag, Math.abs(truth.differenceNJy));
  const psfFlux = truth.differenceNJy + psfFluxErr * rng.normal();
  const scienceFluxErr = psfFluxSigmaNJy(visit.m5Mag, truth.scienceNJy);
  const scienceFlux = truth.scienceNJy + scienceFluxErr * rng.normal();
  const templateFluxErr = psfFluxSigmaNJy(visit.m5Mag, truth.templateNJy) / Math.sqrt(TEMPLATE_VISITS);
  const templateFlux = truth.templateNJy + templateFluxErr * rng.normal();
  const snr = Math.abs(psfFlux) / psfFluxErr;
  const positionErrArcsec = Math.hypot(visit.seeingArcsec / (2.355 * Math.max(snr, 1)), 0.01);
  const positionErrDeg = positionErrArcsec / 3600;
  const measuredDec = decDeg + positionErrDeg * rng.normal();
  const measuredRa = raDeg + (positionErrDeg * rng.normal()) / Math.cos((decDeg * Math.PI) / 180);
  return {
    visit,
    place: focalPlanePlace(visit, raDeg, decDeg),
    raDeg: ((measuredRa % 360) + 360) % 360,
    decDeg: measuredDec,
    positionErrDeg,
    psfFlux,
    psfFluxErr,
    scienceFlux,
    scienceFluxErr,
    templateFlux,
    templateFluxErr,
    snr,
    isDetected: snr >= DETECTION_SNR,
  };
}

/** Ids and context of a diaSource. */
export interface DiaSourceContext {
  readonly diaSourceId: bigint;
  /** The diaObject's id; 0n for a Solar System source. */
  readonly diaObjectId: bigint;
  /** The Solar System object's id; 0n when none. */
  readonly ssObjectId: bigint;
  readonly extendedness: number;
  /** Trail of a moving object: length (arcsec) and angle from the x axis (deg); null for static sources. */
  readonly trail: { readonly lengthArcsec: number; readonly angleDeg: number } | null;
}

/**
 * The diaSource value of a detection. Draws the shape, reliability and flag values from `rng`.
 */
export function diaSourceRecord(m: LsstMeasurement, ctx: DiaSourceContext, rng: Prng): LsstRecordValue {
  const v = m.visit;
  const psfSigmaArcsec = v.seeingArcsec / 2.355;
  const psfMoment = psfSigmaArcsec * psfSigmaArcsec;
  const extra = ctx.extendedness * rng.range(0.02, 0.08);
  const isNegative = m.psfFlux < 0;
  const bright = m.scienceFlux > 1.5e6; // ~16 mag: the core saturates in 30 s
  const apFluxErr = m.psfFluxErr * 1.6;
  const trail = ctx.trail;
  return {
    diaSourceId: ctx.diaSourceId,
    visit: v.visit,
    detector: m.place.detector,
    diaObjectId: ctx.diaObjectId,
    ssObjectId: ctx.ssObjectId,
    parentDiaSourceId: 0n,
    midpointMjdTai: v.midpointMjdTai,
    ra: m.raDeg,
    raErr: m.positionErrDeg,
    dec: m.decDeg,
    decErr: m.positionErrDeg,
    ra_dec_Cov: m.positionErrDeg * m.positionErrDeg * rng.range(-0.2, 0.2),
    x: m.place.xPix,
    xErr: (m.positionErrDeg * 3600) / 0.2,
    y: m.place.yPix,
    yErr: (m.positionErrDeg * 3600) / 0.2,
    centroid_flag: false,
    apFlux: m.psfFlux * rng.range(0.93, 1.05) + apFluxErr * 0.3 * rng.normal(),
    apFluxErr,
    apFlux_flag: false,
    isNegative,
    snr: m.snr,
    psfFlux: m.psfFlux,
    psfFluxErr: m.psfFluxErr,
    psfChi2: rng.range(0.8, 1.6) * 900,
    psfNdata: 900,
    psfFlux_flag: false,
    trailFlux: trail ? m.psfFlux * rng.range(1, 1.08) : null,
    trailFluxErr: trail ? m.psfFluxErr * 1.1 : null,
    trailRa: trail ? m.raDeg : null,
    trailDec: trail ? m.decDeg : null,
    trailLength: trail ? trail.lengthArcsec : null,
    trailAngle: trail ? trail.angleDeg : null,
    scienceFlux: m.scienceFlux,
    scienceFluxErr: m.scienceFluxErr,
    templateFlux: m.templateFlux,
    templateFluxErr: m.templateFluxErr,
    ixx: psfMoment + extra,
    iyy: psfMoment + extra * rng.range(0.6, 1),
    ixy: extra * rng.range(-0.3, 0.3),
    ixxPSF: psfMoment,
    iyyPSF: psfMoment * rng.range(0.95, 1.05),
    ixyPSF: psfMoment * rng.range(-0.03, 0.03),
    shape_flag: false,
    extendedness: ctx.extendedness,
    reliability: Math.min(0.999, 0.55 + 0.45 * (1 - Math.exp(-m.snr / 15)) * rng.range(0.9, 1)),
    band: v.band,
    isDipole: false,
    dipoleFitAttempted: isNegative,
    timeProcessedMjdTai: v.midpointMjdTai + PROCESSING_DELAY_DAYS,
    timeWithdrawnMjdTai: null,
    bboxSize: Math.max(15, Math.min(80, Math.round(4 * v.seeingArcsec * 5 + 2 * Math.log10(m.snr + 1) * 5))),
    pixelFlags: bright,
    pixelFlags_bad: false,
    pixelFlags_cr: false,
    pixelFlags_edge: false,
    pixelFlags_interpolated: false,
    pixelFlags_saturated: bright,
    pixelFlags_suspect: bright,
    pixelFlags_streak: false,
    pixelFlags_injected: false,
    glint_trail: false,
  };
}

/** The diaForcedSource value of a forced measurement at a diaObject's position. */
export function diaForcedSourceRecord(
  m: LsstMeasurement,
  diaForcedSourceId: bigint,
  diaObjectId: bigint,
  raDeg: number,
  decDeg: number,
): LsstRecordValue {
  return {
    diaForcedSourceId,
    diaObjectId,
    ra: raDeg,
    dec: decDeg,
    visit: m.visit.visit,
    detector: m.place.detector,
    psfFlux: m.psfFlux,
    psfFluxErr: m.psfFluxErr,
    midpointMjdTai: m.visit.midpointMjdTai,
    scienceFlux: m.scienceFlux,
    scienceFluxErr: m.scienceFluxErr,
    band: m.visit.band,
    timeProcessedMjdTai: m.visit.midpointMjdTai + PROCESSING_DELAY_DAYS,
    timeWithdrawnMjdTai: null,
  };
}

/** Inverse-variance weighted mean and its error of values with errors; null without values. */
function weightedMean(values: readonly number[], errors: readonly number[]): [number, number] | null {
  let sw = 0;
  let swx = 0;
  for (let i = 0; i < values.length; i++) {
    const w = 1 / (errors[i] * errors[i]);
    sw += w;
    swx += w * values[i];
  }
  return sw > 0 ? [swx / sw, Math.sqrt(1 / sw)] : null;
}

function num(r: LsstRecordValue, field: string): number {
  return r[field] as number;
}

/**
 * The diaObject value after a detection: aggregates of its diaSources (the history and the current one, in time
 * order) and of its forced photometry so far, per band; position = mean of the detections.
 * @param validityStartMjdTai when this version of the record starts (MJD TAI).
 */
export function diaObjectRecord(
  diaObjectId: bigint,
  sources: readonly LsstRecordValue[],
  forced: readonly LsstRecordValue[],
  firstDiaSourceMjdTai: number,
  validityStartMjdTai: number,
): LsstRecordValue {
  const out: Record<string, unknown> = { diaObjectId, validityStartMjdTai };
  const n = sources.length;
  const ra = sources.reduce((s, r) => s + num(r, 'ra'), 0) / n;
  const dec = sources.reduce((s, r) => s + num(r, 'dec'), 0) / n;
  const posErr = Math.sqrt(sources.reduce((s, r) => s + num(r, 'raErr') ** 2, 0)) / n;
  Object.assign(out, { ra, raErr: posErr, dec, decErr: posErr, ra_dec_Cov: 0 });
  const perBand = new Map(LSST_BANDS.map((b) => [b, sources.filter((r) => r.band === b)]));
  for (const b of LSST_BANDS) {
    const rows = perBand.get(b) ?? [];
    const fluxes = rows.map((r) => num(r, 'psfFlux'));
    const errs = rows.map((r) => num(r, 'psfFluxErr'));
    const mean = weightedMean(fluxes, errs);
    const avg = fluxes.reduce((s, f) => s + f, 0) / Math.max(1, fluxes.length);
    const fp = forced.filter((r) => r.band === b);
    const fpMean = weightedMean(
      fp.map((r) => num(r, 'psfFlux')),
      fp.map((r) => num(r, 'psfFluxErr')),
    );
    out[`${b}_psfFluxMean`] = mean?.[0] ?? null;
    out[`${b}_psfFluxMeanErr`] = mean?.[1] ?? null;
    out[`${b}_psfFluxSigma`] =
      rows.length > 1 ? Math.sqrt(fluxes.reduce((s, f) => s + (f - avg) ** 2, 0) / (rows.length - 1)) : null;
    out[`${b}_psfFluxNdata`] = rows.length;
    out[`${b}_fpFluxMean`] = fpMean?.[0] ?? null;
    out[`${b}_fpFluxMeanErr`] = fpMean?.[1] ?? null;
  }
  for (const b of LSST_BANDS) {
    const rows = perBand.get(b) ?? [];
    const sci = weightedMean(
      rows.map((r) => num(r, 'scienceFlux')),
      rows.map((r) => num(r, 'scienceFluxErr')),
    );
    out[`${b}_scienceFluxMean`] = sci?.[0] ?? null;
    out[`${b}_scienceFluxMeanErr`] = sci?.[1] ?? null;
  }
  for (const b of LSST_BANDS) {
    const rows = perBand.get(b) ?? [];
    const fluxes = rows.map((r) => num(r, 'psfFlux'));
    let maxSlope: number | null = null;
    for (let i = 1; i < rows.length; i++) {
      const dt = num(rows[i], 'midpointMjdTai') - num(rows[i - 1], 'midpointMjdTai');
      if (dt > 0) maxSlope = Math.max(maxSlope ?? 0, Math.abs(fluxes[i] - fluxes[i - 1]) / dt);
    }
    out[`${b}_psfFluxMin`] = rows.length ? Math.min(...fluxes) : null;
    out[`${b}_psfFluxMax`] = rows.length ? Math.max(...fluxes) : null;
    out[`${b}_psfFluxMaxSlope`] = maxSlope;
    out[`${b}_psfFluxErrMean`] = rows.length
      ? rows.reduce((s, r) => s + num(r, 'psfFluxErr'), 0) / rows.length
      : null;
  }
  out.firstDiaSourceMjdTai = firstDiaSourceMjdTai;
  out.lastDiaSourceMjdTai = num(sources[n - 1], 'midpointMjdTai');
  out.nDiaSources = n;
  return out;
}
