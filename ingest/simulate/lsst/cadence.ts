/**
 * The simulated Rubin observing cadence: a grid of circular fields (radius 1.75 deg, the LSST camera's field)
 * over the southern sky, and for each night (Rubin's dayObs) the visits — pairs of 30 s exposures in two bands
 * about 33 minutes apart on the fields near the meridian, as the Wide-Fast-Deep survey takes them. A
 * deterministic function of (seed, night), so that past nights can be rebuilt for forced photometry. Pure.
 * Reference: Ivezić et al. 2019, ApJ 873, 111, §3.1 and Table 2 (single-visit 5-sigma depths); Rubin's
 * visit id `dayObs * 100000 + seqNum`.
 */
import { AstroTime, SiderealTime } from 'astronomy-engine';
import { hashSeed, Prng } from '../../../compute/random/index.js';
import { MJD_OFFSET, nightToJdRange, TAI_MINUS_UTC_S } from '../../../compute/time/index.js';
import { placeOnFreeSlots, wrap180 } from '../model/index.js';
import type { LsstBand } from './schema-fields.js';

export { TAI_MINUS_UTC_S };

/** Rubin (Cerro Pachón, MPC X05) east longitude (deg). */
export const RUBIN_LONGITUDE_DEG = -70.74942;
/** Radius of a field (deg) and spacing of the field grid (deg). */
export const FIELD_RADIUS_DEG = 1.75;
const FIELD_SPACING_DEG = 2 * FIELD_RADIUS_DEG;
/** Declination range of the field centres (deg). */
const SOUTH_DEC_DEG = -80.5;
const NORTH_DEC_DEG = 17;
/** Night window (hours UTC after 0h of dayObs): 23:30 UTC to 09:30 UTC the next day, as in Chilean autumn. */
const NIGHT_START_HOUR_UTC = 23.5;
const NIGHT_END_HOUR_UTC = 33.5;
/** Visit cadence (s): 30 s exposure, readout and slew. */
export const VISIT_SLOT_SECONDS = 36;
/** Exposure time (s). */
export const EXPOSURE_SECONDS = 30;
/** Probability that a field near the meridian is visited on a night (a revisit every ~3 nights). */
const FIELD_VISIT_PROBABILITY = 0.35;
/** Minutes between the two visits of a pair. */
const PAIR_GAP_MINUTES = 33;
const SIDEREAL_DEG_PER_DAY = 360.98564736629;

/** Median single-visit 5-sigma depth per band (AB mag, Ivezić et al. 2019 Table 2). */
export const MEDIAN_DEPTH_MAG: Readonly<Record<LsstBand, number>> = {
  u: 23.9,
  g: 25.0,
  r: 24.7,
  i: 24.0,
  z: 23.3,
  y: 22.1,
};
/** Band pairs of the visits and their weights. */
const BAND_PAIRS: readonly (readonly [LsstBand, LsstBand])[] = [
  ['u', 'g'],
  ['g', 'r'],
  ['r', 'i'],
  ['i', 'z'],
  ['z', 'y'],
];
const BAND_PAIR_WEIGHTS = [0.08, 0.25, 0.3, 0.22, 0.15];

/** One field of the grid. */
export interface LsstField {
  readonly id: number;
  readonly raDeg: number;
  readonly decDeg: number;
}

function buildFields(): LsstField[] {
  const out: LsstField[] = [];
  for (let dec = SOUTH_DEC_DEG; dec <= NORTH_DEC_DEG; dec += FIELD_SPACING_DEG) {
    const n = Math.max(1, Math.floor((360 * Math.cos((dec * Math.PI) / 180)) / FIELD_SPACING_DEG));
    for (let k = 0; k < n; k++) out.push({ id: out.length, raDeg: ((k + 0.5) * 360) / n, decDeg: dec });
  }
  return out;
}

/** The field grid. */
export const LSST_FIELDS: readonly LsstField[] = buildFields();

/** One visit (exposure) of one field. */
export interface LsstVisit {
  /** Rubin visit id: dayObs * 100000 + seqNum. */
  readonly visit: bigint;
  /** Sequence number of the visit in its night (1-based). */
  readonly seqNum: number;
  readonly night: number;
  readonly field: LsstField;
  readonly band: LsstBand;
  /** Middle of the exposure (MJD, TAI) and its JD (UTC). */
  readonly midpointMjdTai: number;
  readonly midpointJdUtc: number;
  /** 5-sigma point-source depth (AB mag). */
  readonly m5Mag: number;
  /** PSF FWHM (arcsec). */
  readonly seeingArcsec: number;
  /** Sky position angle of the focal plane (deg). */
  readonly rotationDeg: number;
  /** Scheduler survey that chose the visit (`observation_reason`), e.g. `pairs_gr`. */
  readonly reason: string;
}

/** The visits of a night. */
export interface LsstNight {
  readonly night: number;
  /** Visits in time order. */
  readonly visits: readonly LsstVisit[];
  /** Visits of each visited field, in time order. */
  readonly byField: ReadonlyMap<number, readonly LsstVisit[]>;
}

/** Local sidereal time at Rubin (deg, [0, 360)) at a JD (UTC). */
function rubinSiderealDeg(jdUtc: number): number {
  const gastHours = SiderealTime(new AstroTime(jdUtc - 2451545.0));
  return (((gastHours * 15 + RUBIN_LONGITUDE_DEG) % 360) + 360) % 360;
}

/**
 * Builds the visits of a night (dayObs YYYYMMDD): each field that transits during the night is visited with
 * probability 0.35, as a pair in one of the band pairs ug, gr, ri, iz, zy, 33 min apart, on free 36 s slots
 * nearest the wanted times (a visit without a free slot within the night is dropped). Depths scatter by 0.25 mag
 * around the median, seeing 0.55-1.3 arcsec.
 */
export function buildLsstNight(seed: number, night: number): LsstNight {
  const { startJd: jd0 } = nightToJdRange(night);
  const startJd = jd0 + NIGHT_START_HOUR_UTC / 24;
  const endJd = jd0 + NIGHT_END_HOUR_UTC / 24;
  const midJd = (startJd + endJd) / 2;
  const lstMid = rubinSiderealDeg(midJd);
  const halfWindow = (endJd - startJd) / 2;
  const wanted: { field: LsstField; band: LsstBand; jd: number; order: number; reason: string }[] = [];
  for (const field of LSST_FIELDS) {
    const transitJd = midJd + wrap180(field.raDeg - lstMid) / SIDEREAL_DEG_PER_DAY;
    if (Math.abs(transitJd - midJd) > halfWindow) continue;
    const rng = new Prng(hashSeed(seed, 'lsst-field-night', night, field.id));
    if (!rng.chance(FIELD_VISIT_PROBABILITY)) continue;
    const [b1, b2] = BAND_PAIRS[rng.weighted(BAND_PAIR_WEIGHTS)];
    const gap = PAIR_GAP_MINUTES / 1440;
    const t1 = Math.min(endJd - gap, Math.max(startJd, transitJd - gap / 2 + rng.range(-0.5, 0.5) / 24));
    const reason = `pairs_${b1}${b2}`;
    wanted.push(
      { field, band: b1, jd: t1, order: 0, reason },
      { field, band: b2, jd: t1 + gap, order: 1, reason },
    );
  }
  wanted.sort((a, b) => a.jd - b.jd || a.field.id - b.field.id || a.order - b.order);
  const nSlots = Math.floor(((endJd - startJd) * 86400) / VISIT_SLOT_SECONDS);
  const slots = placeOnFreeSlots(
    wanted.map((w) =>
      Math.min(nSlots - 1, Math.max(0, Math.round(((w.jd - startJd) * 86400) / VISIT_SLOT_SECONDS))),
    ),
    nSlots,
  );
  const placed: { w: (typeof wanted)[number]; slot: number }[] = [];
  wanted.forEach((w, i) => {
    if (slots[i] >= 0) placed.push({ w, slot: slots[i] });
  });
  placed.sort((a, b) => a.slot - b.slot);
  const visits = placed.map(({ w, slot }, index): LsstVisit => {
    const rng = new Prng(hashSeed(seed, 'lsst-visit', night, slot));
    const seqNum = index + 1;
    const midpointJdUtc = startJd + (slot * VISIT_SLOT_SECONDS + EXPOSURE_SECONDS / 2) / 86400;
    return {
      visit: BigInt(night) * 100000n + BigInt(seqNum),
      seqNum,
      night,
      field: w.field,
      band: w.band,
      midpointMjdTai: midpointJdUtc - MJD_OFFSET + TAI_MINUS_UTC_S / 86400,
      midpointJdUtc,
      m5Mag: MEDIAN_DEPTH_MAG[w.band] + 0.25 * rng.normal(),
      seeingArcsec: rng.range(0.55, 1.3),
      rotationDeg: rng.range(-90, 90),
      reason: w.reason,
    };
  });
  const byField = new Map<number, LsstVisit[]>();
  for (const v of visits) {
    const list = byField.get(v.field.id);
    if (list) list.push(v);
    else byField.set(v.field.id, [v]);
  }
  return { night, visits, byField };
}

/** Detector cells across the focal plane (a 14 x 14 grid of 0.25 deg cells over the field's diameter). */
const CELLS_PER_SIDE = 14;
const CELL_DEG = (2 * FIELD_RADIUS_DEG) / CELLS_PER_SIDE;
/** Pixels of an LSST CCD (columns, rows). */
const CCD_WIDTH_PX = 4072;
const CCD_HEIGHT_PX = 4000;

/** Where a position falls on a visit's focal plane. */
export interface FocalPlanePlace {
  /** Detector id, 0-188. */
  readonly detector: number;
  /** Column and row on the detector (pixel). */
  readonly xPix: number;
  readonly yPix: number;
}

/**
 * The detector and pixel of a position on a visit: tangent-plane offsets from the field centre, rotated by the
 * visit's position angle, on a 14 x 14 grid of detector cells (cell ids folded into 0-188).
 * @param raDeg, decDeg position (deg, ICRS), within the field.
 */
export function focalPlanePlace(visit: LsstVisit, raDeg: number, decDeg: number): FocalPlanePlace {
  const cosDec = Math.cos((visit.field.decDeg * Math.PI) / 180);
  const dx = wrap180(raDeg - visit.field.raDeg) * cosDec;
  const dy = decDeg - visit.field.decDeg;
  const rot = (visit.rotationDeg * Math.PI) / 180;
  const u = dx * Math.cos(rot) + dy * Math.sin(rot) + FIELD_RADIUS_DEG;
  const v = -dx * Math.sin(rot) + dy * Math.cos(rot) + FIELD_RADIUS_DEG;
  const clampCell = (w: number) => Math.min(CELLS_PER_SIDE - 1, Math.max(0, Math.floor(w / CELL_DEG)));
  const ix = clampCell(u);
  const iy = clampCell(v);
  const fracX = Math.min(1, Math.max(0, u / CELL_DEG - ix));
  const fracY = Math.min(1, Math.max(0, v / CELL_DEG - iy));
  return {
    detector: (iy * CELLS_PER_SIDE + ix) % 189,
    xPix: fracX * (CCD_WIDTH_PX - 1),
    yPix: fracY * (CCD_HEIGHT_PX - 1),
  };
}
