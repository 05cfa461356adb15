/**
 * The simulation state over the nights of a run and the plan of each night: which sources are detected on which
 * exposures, with exactly `alertsPerNight` alerts: ~12 % known asteroids, a few asteroid candidates, tracklets,
 * ~3 % bogus, transients (supernovae, kilonovae, microlensing), and steady variables and AGN filling the rest
 * (new ones are added when the known ones do not fill the night; detections beyond the budget are dropped and
 * become non-detections of the history). Deterministic in the seed; state is kept in the instance.
 */

import { hashSeed, Prng } from '../../../compute/random/index.js';
import { jdToNight, nightToJdRange } from '../../../compute/time/index.js';
import { AsteroidEphemerides } from './asteroid-ephemerides.js';
import { generateAsteroids, type SimAsteroid } from './asteroid-population.js';
import { type AlertSource, type Detection, measureFlux } from './detection.js';
import { differenceFlux, drwStep } from './light-curves.js';
import {
  asteroidDetections,
  bogusDetection,
  type NightContext,
  newDetection,
  trackletDetections,
} from './night-extras.js';
import { buildNightSchedule, type NightSchedule } from './night-schedule.js';
import { STEADY_CLASSES, STEADY_WEIGHTS, type StaticClass, spawnStaticSource } from './population.js';
import { skyField } from './sky-grid.js';
import { ztfCandid, ztfObjectId, ztfPid } from './ztf-ids.js';

/** Settings of a run. */
export interface SimulationOptions {
  readonly seed: number;
  /** First night, YYYYMMDD. */
  readonly startNight: number;
  /** Nights the caller means to plan; informational (the plan of a night never depends on it). */
  readonly nights: number;
  /** Alerts of every night (>= 1). */
  readonly alertsPerNight: number;
}

/** The plan of one night: its schedule and its detections (one alert each) in time order. */
export interface NightPlan {
  readonly index: number;
  readonly night: number;
  readonly schedule: NightSchedule;
  readonly detections: readonly Detection[];
}

/** Length of the alert history (days), as ZTF `prv_candidates`. */
export const HISTORY_DAYS = 30;
/** Shares of the nightly budget. */
const ASTEROID_SHARE = 0.12;
const BOGUS_SHARE = 0.03;

/** The night `k` days after a YYYYMMDD night. */
export function addNights(night: number, k: number): number {
  return jdToNight(nightToJdRange(night).startJd + k + 0.5);
}

/** Nights between two asteroid cohorts; each cohort is at opposition in the middle of its period. */
export const ASTEROID_COHORT_NIGHTS = 30;
/** MPC numbers available to each cohort. */
const COHORT_NUMBERS = 40_000;

/**
 * A simulation run: call planNight(0), planNight(1), ... in order. Asteroids come in cohorts, one every 30 nights
 * (placed near opposition mid-period), so that long runs keep finding them; a run's first nights do not depend
 * on its length.
 */
export class AlertSimulation {
  private readonly cohorts: SimAsteroid[] = [];
  private readonly asteroidEphemerides = new AsteroidEphemerides();
  private readonly designations = new Set<string>();
  readonly simStartJd: number;
  private readonly schedules = new Map<number, NightSchedule>();
  private readonly fieldCoverage = new Map<number, number>();
  private statics: AlertSource[] = [];
  private objectCounter: number;
  private nextIndex = 0;

  constructor(readonly options: SimulationOptions) {
    if (!Number.isInteger(options.alertsPerNight) || options.alertsPerNight < 1) {
      throw new RangeError(`alertsPerNight must be a positive integer, got ${options.alertsPerNight}`);
    }
    this.simStartJd = nightToJdRange(options.startNight).startJd;
    this.objectCounter = 26 ** 5 + (hashSeed(options.seed, 'objectId') % 26 ** 5);
  }

  /** The asteroids of the cohorts created so far (all of the run once its last night is planned). */
  get asteroids(): readonly SimAsteroid[] {
    return this.cohorts;
  }

  private addCohort(k: number): void {
    const n = this.options.alertsPerNight;
    const knownCount = Math.ceil(0.25 * n) + 5;
    const span = Math.max(COHORT_NUMBERS, 4 * knownCount);
    const cohort = generateAsteroids({
      seed: hashSeed(this.options.seed, 'cohort', k),
      knownCount,
      unknownCount: Math.max(5, Math.round(0.01 * n)),
      oppositionJd: this.simStartJd + (k + 0.5) * ASTEROID_COHORT_NIGHTS + 0.3,
      epochJdTt: this.simStartJd,
      lastObservation: String(addNights(this.options.startNight, -3)),
      numberRange: [300_000 + k * span, 300_000 + (k + 1) * span - 1],
      takenDesignations: this.designations,
    });
    for (const a of cohort) {
      this.designations.add(a.provisional);
      this.cohorts.push(a);
    }
  }

  /** The schedule of a past night of the run still within the history window; undefined otherwise. */
  scheduleOf(night: number): NightSchedule | undefined {
    return this.schedules.get(night);
  }

  private allocateObjectId(year: number): string {
    return ztfObjectId(year, this.objectCounter++);
  }

  private spawn(
    cls: StaticClass,
    rng: Prng,
    schedule: NightSchedule,
    fields: readonly number[],
    peak: readonly [number, number],
  ): AlertSource {
    const field = skyField(rng.pick(fields));
    if (!field) throw new Error('observed field missing from the sky grid');
    return spawnStaticSource(cls, {
      field,
      jd: schedule.jd0 + 0.3,
      simStartJd: this.simStartJd,
      peakOffsetDays: peak,
      allocateObjectId: (year) => this.allocateObjectId(year),
      seed: hashSeed(this.options.seed, 'source', this.objectCounter, schedule.night),
    });
  }

  /** Detections of a static source on tonight's exposures of its field (advances an AGN's random walk). */
  private observe(src: AlertSource, schedule: NightSchedule, rng: Prng): Detection[] {
    const exposures = src.position ? schedule.byField.get(src.position.field) : undefined;
    if (!exposures || !src.model || !src.position) return [];
    const out: Detection[] = [];
    for (const exposure of exposures) {
      if (exposure.jd > src.retireJd) break;
      let drwMag = 0;
      if (src.drw && src.model.kind === 'drw') {
        const dt = Number.isNaN(src.drw.jd) ? 1e6 : exposure.jd - src.drw.jd;
        src.drw.x = drwStep(src.drw.x, dt, src.model.tauDays, src.model.sigmaMag, src.drw.rng.normal());
        src.drw.jd = exposure.jd;
        drwMag = src.drw.x;
      }
      const m = measureFlux(
        differenceFlux(src.model, exposure.jd, exposure.fid, drwMag),
        exposure.diffmaglim,
        rng.normal(),
      );
      if (!m.detected) continue;
      const cosDec = Math.cos((src.decDeg * Math.PI) / 180);
      const dxArcsec = rng.normal() * 0.08;
      const dyArcsec = rng.normal() * 0.08;
      const pos = {
        ...src.position,
        xpos: src.position.xpos + dxArcsec / 1.012,
        ypos: src.position.ypos + dyArcsec / 1.012,
      };
      const raDeg = src.raDeg + dxArcsec / 3600 / cosDec;
      const decDeg = src.decDeg + dyArcsec / 3600;
      out.push(newDetection(src, exposure, pos, raDeg, decDeg, m.magpsf, m.sigmapsf, m.snr, 'real'));
    }
    return out;
  }

  /**
   * Plans night `index` (0-based; nights must be planned in order): returns its detections with candid, pid,
   * ndethist, ncovhist and jdstarthist set, and records them in their sources' histories.
   * Throws Error when called out of order.
   */
  planNight(index: number): NightPlan {
    if (index !== this.nextIndex)
      throw new Error(`planNight(${index}) called out of order (expected ${this.nextIndex})`);
    this.nextIndex++;
    if (index % ASTEROID_COHORT_NIGHTS === 0) this.addCohort(index / ASTEROID_COHORT_NIGHTS);
    const { seed, alertsPerNight: n } = this.options;
    const night = addNights(this.options.startNight, index);
    const schedule = buildNightSchedule(seed, night);
    this.schedules.set(night, schedule);
    const rng = new Prng(hashSeed(seed, 'plan', night));
    const fields = [...schedule.byField.keys()].sort((a, b) => a - b);
    const ctx: NightContext = {
      rng,
      schedule,
      allocateObjectId: () => this.allocateObjectId(Math.floor(night / 10000)),
    };

    if (fields.length > 0) this.spawnTransients(index, rng, schedule, fields);
    const transient: Detection[] = [];
    const steady: Detection[] = [];
    for (const src of this.statics) {
      const dets = this.observe(src, schedule, rng);
      (src.retireJd === Number.POSITIVE_INFINITY ? steady : transient).push(...dets);
    }

    const ssoAll = asteroidDetections(ctx, this.asteroids, this.asteroidEphemerides);
    const known = rng.shuffle(ssoAll.filter((d) => d.sso !== null)).slice(0, Math.round(ASTEROID_SHARE * n));
    const candidates = ssoAll.filter((d) => d.sso === null).slice(0, Math.max(1, Math.round(0.01 * n)));

    const tracklets: Detection[] = [];
    if (n >= 40 && schedule.exposures.length > 0) {
      const perExposure = new Map<number, number>();
      for (let t = 1 + Math.floor(n / 1500); t > 0; t--) {
        const exposure = rng.pick(schedule.exposures);
        const rank = perExposure.get(exposure.key) ?? 0;
        perExposure.set(exposure.key, rank + 1);
        tracklets.push(...trackletDetections(ctx, exposure, rank));
      }
    }
    const bogus: Detection[] = [];
    for (let b = Math.round(BOGUS_SHARE * n); b > 0; b--) {
      const d = bogusDetection(ctx);
      if (d) bogus.push(d);
    }

    // Fill the budget in priority order; steady sources take what is left, new ones are added if needed.
    const chosen: Detection[] = [];
    const take = (list: Detection[]) => {
      for (const d of list) if (chosen.length < n) chosen.push(d);
    };
    take(tracklets);
    take(rng.shuffle(transient));
    take(known);
    take(candidates);
    take(bogus);
    take(rng.shuffle(steady));
    for (let attempts = 0; chosen.length < n && attempts < 20 * n && fields.length > 0; attempts++) {
      const cls = STEADY_CLASSES[rng.weighted(STEADY_WEIGHTS)];
      const src = this.spawn(cls, rng, schedule, fields, [0, 0]);
      this.statics.push(src);
      take(this.observe(src, schedule, rng));
    }
    while (chosen.length < n) {
      const d = bogusDetection(ctx);
      if (!d) throw new Error(`night ${night} has no exposure to place ${n} alerts on`);
      chosen.push(d);
    }
    const detections = this.finalize(chosen, schedule);
    this.prune(schedule);
    return { index, night, schedule, detections };
  }

  private spawnTransients(
    index: number,
    rng: Prng,
    schedule: NightSchedule,
    fields: readonly number[],
  ): void {
    const n = this.options.alertsPerNight;
    const add = (cls: StaticClass, count: number, peak: readonly [number, number]) => {
      for (let k = 0; k < count; k++) this.statics.push(this.spawn(cls, rng, schedule, fields, peak));
    };
    if (index === 0) {
      // transients already under way when the run starts, and one of each rare kind
      add('snia', Math.max(4, Math.round(0.012 * n)), [-25, 12]);
      add('snii', Math.max(3, Math.round(0.006 * n)), [-30, 8]);
      if (n >= 50) {
        add('kilonova', 1, [-0.2, 0.3]);
        add('microlensing', 1, [-8, 8]);
        add('ambiguous', 1, [-10, 5]);
      }
    }
    add('snia', rng.roundRandom(0.0025 * n), [3, 18]);
    add('snii', rng.roundRandom(0.0012 * n), [2, 12]);
    add('kilonova', rng.roundRandom(Math.max(0.06, 0.00005 * n)), [-0.2, 0.3]);
    add('microlensing', rng.roundRandom(Math.max(0.08, 0.0001 * n)), [-5, 20]);
    add('ambiguous', rng.roundRandom(Math.max(0.05, 0.00005 * n)), [-5, 15]);
  }

  /** Sorts the night's detections by time, assigns ids and history counters, records them in their sources. */
  private finalize(chosen: Detection[], schedule: NightSchedule): Detection[] {
    chosen.sort((a, b) => a.exposure.jd - b.exposure.jd);
    const tblids = new Map<number, number>();
    const exposureRank = new Map<number, number>();
    for (const list of schedule.byField.values()) {
      for (const [i, e] of list.entries()) exposureRank.set(e.key, i + 1);
    }
    for (const det of chosen) {
      const key = det.exposure.key * 64 + det.rcid;
      const tblid = tblids.get(key) ?? 0;
      tblids.set(key, tblid + 1);
      det.tblid = tblid;
      det.pid = ztfPid(det.exposure, det.rcid);
      det.candid = ztfCandid(det.pid, tblid);
      det.candidSeed = hashSeed(det.candid);
      const src = det.source;
      src.detectionCount++;
      if (src.firstDetectionJd === null) src.firstDetectionJd = det.exposure.jd;
      det.ndethist = src.priorDetections + src.detectionCount;
      det.jdstarthist = src.priorStartJd ?? src.firstDetectionJd;
      const coverage =
        (this.fieldCoverage.get(det.exposure.field) ?? 0) + (exposureRank.get(det.exposure.key) ?? 1);
      det.ncovhist = src.priorCoverage + coverage;
      src.detections.push(det);
    }
    for (const [field, list] of schedule.byField)
      this.fieldCoverage.set(field, (this.fieldCoverage.get(field) ?? 0) + list.length);
    return chosen;
  }

  /** Forgets what no later alert can need: retired sources, detections and schedules older than the history. */
  private prune(schedule: NightSchedule): void {
    const oldestJd = schedule.jd0 + 1 - HISTORY_DAYS - 1;
    this.statics = this.statics.filter((s) => s.retireJd > schedule.jd0);
    for (const s of this.statics) {
      if (s.detections.length > 0 && s.detections[0].exposure.jd < oldestJd) {
        s.detections = s.detections.filter((d) => d.exposure.jd >= oldestJd);
      }
    }
    for (const night of this.schedules.keys()) {
      if (nightToJdRange(night).startJd < oldestJd) this.schedules.delete(night);
    }
  }

  /** Number of static sources currently tracked (for tests and logs). */
  get activeSources(): number {
    return this.statics.length;
  }
}
