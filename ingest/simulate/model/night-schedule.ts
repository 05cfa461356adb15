/**
 * The simulated ZTF observing schedule of one night: which fields are observed, when, in which filter, and the
 * photometric conditions of each exposure. A deterministic function of (seed, night) only, so that the history of
 * any position can be rebuilt for past nights. Exposures start on a 40 s grid between 03:00 and 12:00 UTC. Pure.
 */
import { AstroTime, SiderealTime } from 'astronomy-engine';
import { hashSeed, Prng } from '../../../compute/random/index.js';
import { nightToJdRange } from '../../../compute/time/index.js';
import { SKY_FIELDS } from './sky-grid.js';

/** ZTF filter id: 1 = g, 2 = r (ZTF "R"), 3 = i. */
export type Fid = 1 | 2 | 3;

/** Palomar (ZTF, MPC code I41) east longitude (deg). */
export const PALOMAR_LONGITUDE_DEG = -116.859787;
/** First exposure start of a night (hours UTC). */
export const NIGHT_START_HOUR_UTC = 3;
/** Last exposure start of a night (hours UTC). */
export const NIGHT_END_HOUR_UTC = 12;
/** Exposure cadence (s): 30 s exposure plus readout and slew. */
export const SLOT_SECONDS = 40;
/** Exposure time (s). */
export const EXPTIME_S = 30;
/** JD of ZTF night id 0: nid = floor(jd - ZTF_NID_ZERO_JD) (nid 2481 on 2023-10-18, as in real alerts). */
export const ZTF_NID_ZERO_JD = 2457754.5;
/** Sidereal rotation rate (deg of hour angle per solar day). */
const SIDEREAL_DEG_PER_DAY = 360.98564736629;
/** Probability that a field due tonight is observed (weather, scheduling): one night in ~1.7, so that a 30-day
 * history holds ~35 epochs, close to real ZTF alerts. */
const FIELD_OBSERVED_PROBABILITY = 0.6;

/** One exposure of one field. */
export interface Exposure {
  /** Unique key over the run: night * 1000 + index within the night. */
  readonly key: number;
  /** Night (YYYYMMDD, UTC date). */
  readonly night: number;
  /** ZTF night id. */
  readonly nid: number;
  readonly field: number;
  readonly fid: Fid;
  /** Exposure start (JD UTC), within a second after `secondsOfDay`. */
  readonly jd: number;
  /** Seconds since 0h UTC of the night's date at the slot start (integer). */
  readonly secondsOfDay: number;
  /** 5-sigma limiting magnitude of the difference image (mag). */
  readonly diffmaglim: number;
  /** Seeing FWHM (pix). */
  readonly fwhmPix: number;
  /** Photometric zero point and its uncertainty and scatter (mag). */
  readonly magzpsci: number;
  readonly magzpsciunc: number;
  readonly magzpscirms: number;
  /** Colour coefficient of the calibration and its uncertainty. */
  readonly clrcoeff: number;
  readonly clrcounc: number;
  readonly zpclrcov: number;
  readonly zpmed: number;
  readonly clrmed: number;
  readonly clrrms: number;
  readonly nmatches: number;
}

/** All exposures of a night. */
export interface NightSchedule {
  readonly night: number;
  readonly nid: number;
  /** JD UTC of 0h of the night's date. */
  readonly jd0: number;
  /** Exposures in time order. */
  readonly exposures: readonly Exposure[];
  /** Exposures of each observed field, in time order. */
  readonly byField: ReadonlyMap<number, readonly Exposure[]>;
}

interface Visit {
  readonly field: number;
  readonly fid: Fid;
  readonly desiredJd: number;
  readonly order: number;
}

/** Local sidereal time at Palomar (deg, 0..360) at a JD UTC. */
export function palomarSiderealDeg(jd: number): number {
  const gastHours = SiderealTime(new AstroTime(jd - 2451545.0));
  return (((gastHours * 15 + PALOMAR_LONGITUDE_DEG) % 360) + 360) % 360;
}

/** ZTF night id of a JD (UTC) on a ZTF night. */
export function nightId(jd: number): number {
  return Math.floor(jd - ZTF_NID_ZERO_JD);
}

/** An angle (deg) brought into [-180, 180). */
export function wrap180(deg: number): number {
  return ((((deg + 180) % 360) + 360) % 360) - 180;
}

/**
 * Places visits on a night's time slots in the given order: each on the free slot nearest its wanted slot
 * (the later one first on a tie), or nowhere (-1) when every slot is taken.
 * @param wantedSlots wanted slot index of each visit; @param nSlots slots of the night.
 * @returns the slot of each visit, -1 for a dropped one.
 */
export function placeOnFreeSlots(wantedSlots: readonly number[], nSlots: number): number[] {
  const taken = new Uint8Array(nSlots);
  return wantedSlots.map((want) => {
    for (let k = 0; k < nSlots; k++) {
      const up = want + k;
      const down = want - k;
      const slot = up < nSlots && !taken[up] ? up : down >= 0 && !taken[down] ? down : -1;
      if (slot >= 0) {
        taken[slot] = 1;
        return slot;
      }
      if (up >= nSlots && down < 0) break;
    }
    return -1;
  });
}

/**
 * Builds the schedule of a night: a field is due when it transits within the night (+/- 2 h) and lies between
 * Dec -30 and +85 deg; it is then observed with probability 0.6, twice (g and r, 0.4-2.5 h apart), a third time
 * with probability 0.3, and in i (fid 3) with probability 0.04. Visits are placed on free 40 s slots nearest to the
 * wanted time; a visit with no free slot left is dropped. Conditions: diffmaglim 20.0-20.8 mag, FWHM 1.5-3.2 pix.
 * @param seed run seed; @param night YYYYMMDD.
 * Reference: ZTF public survey cadence (Bellm et al. 2019, PASP 131, 068003, §3); nid as in ZTF alerts.
 */
export function buildNightSchedule(seed: number, night: number): NightSchedule {
  const { startJd: jd0 } = nightToJdRange(night);
  const startJd = jd0 + NIGHT_START_HOUR_UTC / 24;
  const endJd = jd0 + NIGHT_END_HOUR_UTC / 24;
  const midJd = (startJd + endJd) / 2;
  const lstMid = palomarSiderealDeg(midJd);
  const halfWindowDays = (NIGHT_END_HOUR_UTC - NIGHT_START_HOUR_UTC) / 48 + 2 / 24;
  const visits: Visit[] = [];
  for (const f of SKY_FIELDS) {
    if (f.decDeg < -30 || f.decDeg > 85) continue;
    const transitJd = midJd + wrap180(f.raDeg - lstMid) / SIDEREAL_DEG_PER_DAY;
    if (Math.abs(transitJd - midJd) > halfWindowDays) continue;
    const rng = new Prng(hashSeed(seed, 'field-night', night, f.field));
    if (!rng.chance(FIELD_OBSERVED_PROBABILITY)) continue;
    const clamp = (jd: number) => Math.min(endJd, Math.max(startJd, jd));
    const t1 = clamp(transitJd + rng.range(-1.5, 1.5) / 24);
    const first: Fid = rng.chance(0.5) ? 1 : 2;
    const gap = rng.range(0.4, 2.5) / 24;
    const t2 = t1 + gap <= endJd ? t1 + gap : clamp(t1 - gap);
    visits.push({ field: f.field, fid: first, desiredJd: t1, order: 0 });
    visits.push({ field: f.field, fid: first === 1 ? 2 : 1, desiredJd: t2, order: 1 });
    if (rng.chance(0.3)) {
      visits.push({
        field: f.field,
        fid: rng.chance(0.5) ? 1 : 2,
        desiredJd: clamp(t1 + rng.range(-3, 3) / 24),
        order: 2,
      });
    }
    if (rng.chance(0.04))
      visits.push({ field: f.field, fid: 3, desiredJd: clamp(t1 + rng.range(-1, 1) / 24), order: 3 });
  }
  visits.sort((a, b) => a.desiredJd - b.desiredJd || a.field - b.field || a.order - b.order);

  const firstSecond = NIGHT_START_HOUR_UTC * 3600;
  const nSlots = Math.floor(((NIGHT_END_HOUR_UTC - NIGHT_START_HOUR_UTC) * 3600) / SLOT_SECONDS) + 1;
  const slots = placeOnFreeSlots(
    visits.map((visit) => Math.round(((visit.desiredJd - startJd) * 86400) / SLOT_SECONDS)),
    nSlots,
  );
  const placed: { visit: Visit; slot: number }[] = [];
  visits.forEach((visit, i) => {
    if (slots[i] >= 0) placed.push({ visit, slot: slots[i] });
  });
  placed.sort((a, b) => a.slot - b.slot);

  const nid = nightId(startJd);
  const exposures: Exposure[] = placed.map(({ visit, slot }, index) => {
    const rng = new Prng(hashSeed(seed, 'exposure', night, slot));
    const secondsOfDay = firstSecond + slot * SLOT_SECONDS;
    const isG = visit.fid === 1;
    const limitBase = visit.fid === 3 ? 19.9 : isG ? 20.5 : 20.35;
    const magzpsci = (visit.fid === 1 ? 26.3 : visit.fid === 2 ? 26.2 : 25.8) + rng.normal() * 0.05;
    return {
      key: night * 1000 + index,
      night,
      nid,
      field: visit.field,
      fid: visit.fid,
      // the shutter opens within a second of the slot start
      jd: jd0 + (secondsOfDay + rng.range(0, 1)) / 86400,
      secondsOfDay,
      diffmaglim: Math.min(20.8, Math.max(20.0, limitBase + rng.normal() * 0.2)),
      fwhmPix: rng.range(1.5, 3.2),
      magzpsci,
      magzpsciunc: rng.range(1.2e-6, 3e-6),
      magzpscirms: rng.range(0.018, 0.04),
      clrcoeff: isG ? rng.range(-0.07, 0.02) : rng.range(0.07, 0.12),
      clrcounc: rng.range(2.5e-6, 5e-6),
      zpclrcov: -rng.range(1e-6, 4e-6),
      zpmed: magzpsci + rng.normal() * 0.02,
      clrmed: isG ? rng.range(0.5, 0.7) : rng.range(0.45, 0.65),
      clrrms: rng.range(0.25, 0.35),
      nmatches: rng.int(400, 2000),
    };
  });
  const byField = new Map<number, Exposure[]>();
  for (const e of exposures) {
    const list = byField.get(e.field);
    if (list) list.push(e);
    else byField.set(e.field, [e]);
  }
  return { night, nid, jd0, exposures, byField };
}
