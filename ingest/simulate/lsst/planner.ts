/**
 * The LSST simulation over the nights of a run: the night's visits, which sources are detected on them (a
 * budget of `alertsPerNight` alerts: transients first, then asteroids up to 10 %, then steady variables and
 * AGN, new ones added when the known ones do not fill the night), the ids, each diaObject's detections and its
 * forced photometry (from 30 days before its first detection, on every visit of its field). Deterministic in
 * the seed; the run's state is kept in the instance. The alerts' Avro values are built by alert-record.ts.
 */
import { hashSeed, Prng } from '../../../compute/random/index.js';
import { nightToJdRange } from '../../../compute/time/index.js';
import { addNights, drwStep } from '../model/index.js';
import { LsstAsteroids, type SsoObservation } from './asteroids.js';
import { buildLsstNight, type LsstNight, type LsstVisit } from './cadence.js';
import {
  diaForcedSourceRecord,
  diaSourceRecord,
  type LsstMeasurement,
  type LsstRecordValue,
  measureOnVisit,
} from './dia-records.js';
import { lsstDiaForcedSourceId, lsstDiaSourceId } from './ids.js';
import { trueFluxes } from './photometry.js';
import {
  LSST_STEADY_CLASSES,
  LSST_STEADY_WEIGHTS,
  type LsstSource,
  type LsstSourceClass,
  spawnLsstSource,
} from './population.js';

/** Settings of a run. */
export interface LsstSimulationOptions {
  readonly seed: number;
  /** First night (Rubin dayObs, YYYYMMDD). */
  readonly startNight: number;
  /** Alerts wanted per night (>= 1); fewer when a night's visits cannot hold them. */
  readonly alertsPerNight: number;
}

/** One alert of a night, before its Avro value is built. */
export interface LsstPlannedAlert {
  readonly measurement: LsstMeasurement;
  readonly diaSourceId: bigint;
  readonly diaSource: LsstRecordValue;
  /** The static source (with its diaObject), or null for a Solar System source. */
  readonly source: LsstSource | null;
  readonly sso: SsoObservation | null;
}

/** The plan of one night. */
export interface LsstNightPlan {
  readonly index: number;
  readonly night: number;
  readonly visits: number;
  /** Alerts in time order. */
  readonly alerts: readonly LsstPlannedAlert[];
}

/** Days of forced photometry before a diaObject's first detection (Rubin's precovery). */
export const PRECOVERY_DAYS = 30;
/** Days of history an alert carries (Rubin: 12 months). */
export const LSST_HISTORY_DAYS = 365;
const SSO_SHARE = 0.1;

interface Candidate {
  readonly measurement: LsstMeasurement;
  readonly source: LsstSource | null;
  readonly sso: SsoObservation | null;
}

/** A run: call planNight(0), planNight(1), ... in order. */
export class LsstSimulation {
  private readonly asteroids: LsstAsteroids;
  private readonly nights = new Map<number, { readonly index: number; readonly schedule: LsstNight }>();
  private sources: LsstSource[] = [];
  /** Forced ids given so far per night, visit and detector (kept while the night is in the precovery window). */
  private readonly forcedCounters = new Map<string, number>();
  private sourceCount = 0;
  private nextIndex = 0;

  constructor(readonly options: LsstSimulationOptions) {
    if (!Number.isInteger(options.alertsPerNight) || options.alertsPerNight < 1) {
      throw new RangeError(`alertsPerNight must be a positive integer, got ${options.alertsPerNight}`);
    }
    this.asteroids = new LsstAsteroids(options.seed, options.startNight, options.alertsPerNight);
  }

  /** Number of static sources followed now. */
  get activeSources(): number {
    return this.sources.length;
  }

  private spawn(
    cls: LsstSourceClass,
    schedule: LsstNight,
    rng: Prng,
    peak: readonly [number, number],
  ): LsstSource {
    const fieldIds = [...schedule.byField.keys()];
    const visits = schedule.byField.get(rng.pick(fieldIds)) ?? [];
    const jd = visits[0]?.midpointJdUtc ?? nightToJdRange(schedule.night).startJd;
    const src = spawnLsstSource(cls, visits[0].field, this.sourceCount++, this.options.seed, jd, peak);
    this.sources.push(src);
    return src;
  }

  private measure(src: LsstSource, visit: LsstVisit, purpose: 'detection' | 'forced'): LsstMeasurement {
    const truth = trueFluxes(src.model, visit.midpointJdUtc, visit.band, src.drw?.x ?? 0);
    const rng = new Prng(
      hashSeed(this.options.seed, `lsst-${purpose}`, src.index, visit.night, visit.seqNum),
    );
    return measureOnVisit(visit, src.raDeg, src.decDeg, truth, rng);
  }

  /** Detections of a source on tonight's visits of its field (advances an AGN's random walk). */
  private observe(src: LsstSource, schedule: LsstNight): Candidate[] {
    const out: Candidate[] = [];
    for (const visit of schedule.byField.get(src.field.id) ?? []) {
      if (visit.midpointJdUtc > src.retireJd) break;
      if (src.drw && src.model.kind === 'drw') {
        const dt = Number.isNaN(src.drw.jd) ? 1e6 : visit.midpointJdUtc - src.drw.jd;
        src.drw.x = drwStep(src.drw.x, dt, src.model.tauDays, src.model.sigmaMag, src.drw.rng.normal());
        src.drw.jd = visit.midpointJdUtc;
      }
      const m = this.measure(src, visit, 'detection');
      if (m.isDetected) out.push({ measurement: m, source: src, sso: null });
    }
    return out;
  }

  /**
   * Plans night `index` (0-based, in order): its alerts with ids, diaObjects and forced photometry recorded.
   * Throws Error when called out of order.
   */
  planNight(index: number): LsstNightPlan {
    if (index !== this.nextIndex)
      throw new Error(`planNight(${index}) called out of order (expected ${this.nextIndex})`);
    this.nextIndex++;
    const { seed, alertsPerNight: n } = this.options;
    const night = addNights(this.options.startNight, index);
    const schedule = buildLsstNight(seed, night);
    this.nights.set(night, { index, schedule });
    const jd0 = nightToJdRange(night).startJd;
    this.prune(jd0);
    const rng = new Prng(hashSeed(seed, 'lsst-plan', night));
    const hasVisits = schedule.byField.size > 0;
    if (hasVisits) this.spawnTransients(index, schedule, rng);

    const transient: Candidate[] = [];
    const steady: Candidate[] = [];
    for (const src of this.sources) {
      const dets = this.observe(src, schedule);
      (src.retireJd === Number.POSITIVE_INFINITY ? steady : transient).push(...dets);
    }
    const sso = this.asteroids
      .observe(index, schedule)
      .map((o): Candidate => ({ measurement: o.measurement, source: null, sso: o }));

    const chosen: Candidate[] = [];
    const take = (list: readonly Candidate[], cap = n) => {
      for (const c of list) if (chosen.length < cap) chosen.push(c);
    };
    take(rng.shuffle(transient));
    take(rng.shuffle(sso), chosen.length + Math.round(SSO_SHARE * n));
    take(rng.shuffle(steady));
    for (let attempts = 0; hasVisits && chosen.length < n && attempts < 20 * n; attempts++) {
      const cls = LSST_STEADY_CLASSES[rng.weighted(LSST_STEADY_WEIGHTS)];
      take(this.observe(this.spawn(cls, schedule, rng, [0, 0]), schedule));
    }
    const alerts = this.finalize(chosen, index);
    this.forcedPhotometry(night);
    return { index, night, visits: schedule.visits.length, alerts };
  }

  private spawnTransients(index: number, schedule: LsstNight, rng: Prng): void {
    const n = this.options.alertsPerNight;
    const add = (cls: LsstSourceClass, count: number, peak: readonly [number, number]) => {
      for (let k = 0; k < count; k++) this.spawn(cls, schedule, rng, peak);
    };
    if (index === 0) {
      // transients under way when the run starts
      add('snia', Math.max(3, Math.round(0.01 * n)), [-20, 12]);
      add('snii', Math.max(2, Math.round(0.005 * n)), [-25, 8]);
      if (n >= 50) {
        add('kilonova', 1, [-0.2, 0.3]);
        add('microlensing', 1, [-10, 10]);
      }
    }
    add('snia', rng.roundRandom(0.004 * n), [3, 18]);
    add('snii', rng.roundRandom(0.002 * n), [2, 12]);
    add('kilonova', rng.roundRandom(Math.max(0.05, 0.00005 * n)), [-0.2, 0.3]);
    add('microlensing', rng.roundRandom(Math.max(0.08, 0.0001 * n)), [-5, 20]);
  }

  /** Sorts the chosen detections by time, gives them ids, creates diaObjects, records the diaSources. */
  private finalize(chosen: Candidate[], index: number): LsstPlannedAlert[] {
    chosen.sort(
      (a, b) =>
        a.measurement.visit.seqNum - b.measurement.visit.seqNum ||
        a.measurement.place.detector - b.measurement.place.detector ||
        (a.source?.index ?? -1) - (b.source?.index ?? -1) ||
        (a.sso?.asteroidIndex ?? -1) - (b.sso?.asteroidIndex ?? -1),
    );
    const counters = new Map<number, number>();
    return chosen.map((c): LsstPlannedAlert => {
      const { visit, place } = c.measurement;
      const key = visit.seqNum * 189 + place.detector;
      const k = counters.get(key) ?? 0;
      counters.set(key, k + 1);
      const diaSourceId = lsstDiaSourceId(index, visit.seqNum, place.detector, k);
      const src = c.source;
      if (src && src.diaObjectId === null) {
        src.diaObjectId = diaSourceId;
        src.firstMjdTai = visit.midpointMjdTai;
      }
      const diaSource = diaSourceRecord(
        c.measurement,
        {
          diaSourceId,
          diaObjectId: src?.diaObjectId ?? 0n,
          ssObjectId: (c.sso?.ssSource.ssObjectId as bigint | undefined) ?? 0n,
          extendedness: src?.extendedness ?? 0,
          trail: c.sso?.trail ?? null,
        },
        new Prng(hashSeed(this.options.seed, 'lsst-dia', diaSourceId)),
      );
      src?.history.push(diaSource);
      return { measurement: c.measurement, diaSourceId, diaSource, source: src, sso: c.sso };
    });
  }

  /** Forced photometry of every diaObject on the visits of its field not measured yet (precovery included). */
  private forcedPhotometry(night: number): void {
    for (const src of this.sources) {
      if (src.diaObjectId === null || src.forcedNight === night) continue;
      const fromJd =
        src.forcedNight === 0 ? src.firstMjdTai + 2400000.5 - PRECOVERY_DAYS : Number.NEGATIVE_INFINITY;
      for (const [n, { index, schedule }] of this.nights) {
        if (n <= src.forcedNight) continue;
        for (const visit of schedule.byField.get(src.field.id) ?? []) {
          if (visit.midpointJdUtc < fromJd) continue;
          const m = this.measure(src, visit, 'forced');
          const key = `${n}:${visit.seqNum}:${m.place.detector}`;
          const k = this.forcedCounters.get(key) ?? 0;
          this.forcedCounters.set(key, k + 1);
          const id = lsstDiaForcedSourceId(index, visit.seqNum, m.place.detector, k);
          src.forced.push(diaForcedSourceRecord(m, id, src.diaObjectId, src.raDeg, src.decDeg));
        }
      }
      src.forcedNight = night;
    }
  }

  /** Forgets retired sources, history beyond 12 months, and nights beyond the precovery window. */
  private prune(jd0: number): void {
    this.sources = this.sources.filter((s) => s.retireJd > jd0);
    const oldestMjd = jd0 - 2400000.5 - LSST_HISTORY_DAYS;
    for (const s of this.sources) {
      if (s.history.length > 0 && (s.history[0].midpointMjdTai as number) < oldestMjd) {
        s.history = s.history.filter((r) => (r.midpointMjdTai as number) >= oldestMjd);
      }
      if (s.forced.length > 0 && (s.forced[0].midpointMjdTai as number) < oldestMjd) {
        s.forced = s.forced.filter((r) => (r.midpointMjdTai as number) >= oldestMjd);
      }
    }
    for (const n of this.nights.keys()) {
      if (nightToJdRange(n).startJd < jd0 - PRECOVERY_DAYS - 1) {
        this.nights.delete(n);
        for (const key of this.forcedCounters.keys())
          if (key.startsWith(`${n}:`)) this.forcedCounters.delete(key);
      }
    }
  }
}
