/**
 * The simulated asteroids seen by Rubin: cohorts of main-belt objects on real-looking orbits near opposition
 * (model/asteroid-population.ts), their detections on the night's visits from the production ephemerides of
 * compute/sso seen from Rubin (X05, perturbed orbit, light time, at the exposure midpoint), and the `ssSource`
 * and `mpc_orbits` values of each detection. Their brightness follows each object's HG1G2 phase curve (H, G1, G2
 * of model/asteroid-population.ts) plus a solar colour per band.
 * Reference: docs/references.md#ephemeris-algorithm; Rubin's ssSource definitions (schema-sso.ts).
 */
import { hashSeed, Prng } from '../../../compute/random/index.js';
import { icrsToGalactic } from '../../../compute/sky/index.js';
import {
  ARCSEC_PER_DEG,
  computeEphemerides,
  directionToLonLatDeg,
  equatorialToEcliptic,
  jdUtcToTt,
  KM_PER_AU,
  LIGHT_SPEED_AU_PER_DAY,
  OBSERVERS,
  observerState,
  SDSS_G_MINUS_V_MAG,
  SDSS_R_MINUS_V_MAG,
  trajectoryState,
} from '../../../compute/sso/ephemeris/index.js';
import { packProvisional } from '../../../compute/sso/index.js';
import { MJD_OFFSET, nightToJdRange } from '../../../compute/time/index.js';
import {
  AsteroidEphemerides,
  generateAsteroids,
  hg1g2ApparentMagV,
  type SimAsteroid,
  simOrbit,
} from '../model/index.js';
import { FIELD_RADIUS_DEG, type LsstNight, type LsstVisit } from './cadence.js';
import { type LsstMeasurement, type LsstRecordValue, measureOnVisit } from './dia-records.js';
import { ssObjectIdOf } from './ids.js';
import { abMagToNJy } from './photometry.js';
import type { LsstBand } from './schema-fields.js';

/** Band minus V of the simulated asteroids, of solar colours (mag): g, r from compute/sso; u, i, z, y from the Sun's SDSS colours. */
export const BAND_MINUS_V_MAG: Readonly<Record<LsstBand, number>> = {
  u: SDSS_G_MINUS_V_MAG + 1.43,
  g: SDSS_G_MINUS_V_MAG,
  r: SDSS_R_MINUS_V_MAG,
  i: SDSS_R_MINUS_V_MAG - 0.11,
  z: SDSS_R_MINUS_V_MAG - 0.14,
  y: SDSS_R_MINUS_V_MAG - 0.16,
};
/** Nights between asteroid cohorts (each at opposition in the middle of its period). */
const COHORT_NIGHTS = 30;
/** MPC numbers reserved per cohort. */
const COHORT_NUMBERS = 40_000;
/** Hours after 0h UTC of dayObs of the middle of a Rubin night (04:30 UTC the next day). */
const MID_NIGHT_DAYS = 1 + 4.5 / 24;
/** Margin around a field when pre-selecting asteroids at mid-night (deg): half a night of main-belt motion. */
const PRESELECT_MARGIN_DEG = 1;

/** A detection of an asteroid on a visit, with what its ssSource needs. */
export interface SsoObservation {
  readonly asteroid: SimAsteroid;
  /** Rank of the asteroid in the run (its mpc_orbits id). */
  readonly asteroidIndex: number;
  readonly measurement: LsstMeasurement;
  /** ssSource values except diaSourceId. */
  readonly ssSource: LsstRecordValue;
  /** Trail over the exposure: length (arcsec) and angle (deg). */
  readonly trail: { readonly lengthArcsec: number; readonly angleDeg: number };
}

function separationDeg(ra1: number, dec1: number, ra2: number, dec2: number): number {
  const r = Math.PI / 180;
  const s =
    Math.sin(dec1 * r) * Math.sin(dec2 * r) +
    Math.cos(dec1 * r) * Math.cos(dec2 * r) * Math.cos((ra1 - ra2) * r);
  return Math.acos(Math.max(-1, Math.min(1, s))) / r;
}

/**
 * Cohort `k` of a run's asteroids (the truth of the simulation: orbits, H, G1, G2), at opposition in the middle of
 * nights [30 k, 30 k + 30) of the run.
 * @param takenDesignations designations of the earlier cohorts (none for cohort 0).
 */
export function lsstAsteroidCohort(
  seed: number,
  startNight: number,
  alertsPerNight: number,
  k: number,
  takenDesignations: ReadonlySet<string> = new Set(),
): SimAsteroid[] {
  const startJd = nightToJdRange(startNight).startJd;
  const knownCount = Math.ceil(0.3 * alertsPerNight) + 5;
  const span = Math.max(COHORT_NUMBERS, 4 * knownCount);
  return generateAsteroids({
    seed: hashSeed(seed, 'lsst-cohort', k),
    knownCount,
    unknownCount: 0,
    oppositionJd: startJd + (k + 0.5) * COHORT_NIGHTS + MID_NIGHT_DAYS,
    epochJdTt: startJd,
    lastObservation: String(startNight),
    numberRange: [300_000 + k * span, 300_000 + (k + 1) * span - 1],
    takenDesignations,
  });
}

/** The asteroids of a run and their detections night by night. */
export class LsstAsteroids {
  private readonly list: SimAsteroid[] = [];
  private readonly designations = new Set<string>();
  private readonly ephemerides = new AsteroidEphemerides();
  private cohorts = 0;

  constructor(
    private readonly seed: number,
    private readonly startNight: number,
    private readonly alertsPerNight: number,
  ) {}

  /** The asteroids created so far. */
  get asteroids(): readonly SimAsteroid[] {
    return this.list;
  }

  private addCohort(k: number): void {
    for (const a of lsstAsteroidCohort(
      this.seed,
      this.startNight,
      this.alertsPerNight,
      k,
      this.designations,
    )) {
      this.designations.add(a.provisional);
      this.list.push(a);
    }
  }

  /**
   * The detections of the asteroids on a night's visits (5-sigma in the visit's band), in visit order.
   * @param nightIndex night of the run (0-based; a new cohort starts every 30 nights).
   */
  observe(nightIndex: number, night: LsstNight): SsoObservation[] {
    while (this.cohorts <= Math.floor(nightIndex / COHORT_NIGHTS)) this.addCohort(this.cohorts++);
    const midJd = nightToJdRange(night.night).startJd + MID_NIGHT_DAYS;
    const fields = [...night.byField.values()].map((v) => v[0].field);
    const out: SsoObservation[] = [];
    this.list.forEach((asteroid, asteroidIndex) => {
      const trajectory = this.ephemerides.trajectoryCovering(asteroid, midJd);
      const at = computeEphemerides(simOrbit(asteroid), [midJd], {
        observer: 'X05',
        epochOffsetS: 0,
        detail: 'geometry',
        trajectory,
      });
      const near = fields.filter(
        (f) =>
          separationDeg(f.raDeg, f.decDeg, at.raDeg[0], at.decDeg[0]) <
          FIELD_RADIUS_DEG + PRESELECT_MARGIN_DEG,
      );
      const visits = near.flatMap((f) => night.byField.get(f.id) ?? []);
      if (visits.length === 0) return;
      const eph = computeEphemerides(
        simOrbit(asteroid),
        visits.map((v) => v.midpointJdUtc),
        { observer: 'X05', epochOffsetS: 0, trajectory },
      );
      visits.forEach((visit, k) => {
        const raDeg = eph.raDeg[k];
        const decDeg = eph.decDeg[k];
        if (!(separationDeg(visit.field.raDeg, visit.field.decDeg, raDeg, decDeg) < 0.98 * FIELD_RADIUS_DEG))
          return;
        // the object's own phase curve (HG1G2 with its H, G1, G2), as the ZTF simulator's; ephVmag stays the
        // orbit's H, G = 0.15 prediction, as Rubin's is
        const vMag = hg1g2ApparentMagV(
          asteroid.hMag,
          asteroid.g1,
          asteroid.g2,
          (eph.phaseDeg[k] * Math.PI) / 180,
          eph.dhelioAu[k],
          eph.dobsAu[k],
        );
        const mag = vMag + BAND_MINUS_V_MAG[visit.band];
        const flux = abMagToNJy(mag);
        const rng = new Prng(hashSeed(this.seed, 'lsst-sso', asteroidIndex, visit.night, visit.seqNum));
        const m = measureOnVisit(
          visit,
          raDeg,
          decDeg,
          { scienceNJy: flux, templateNJy: 0, differenceNJy: flux },
          rng,
        );
        if (!m.isDetected) return;
        const rateRaDegPerDay = (eph.dRaCosDecArcsecPerMin[k] * 1440) / ARCSEC_PER_DEG;
        const rateDecDegPerDay = (eph.dDecArcsecPerMin[k] * 1440) / ARCSEC_PER_DEG;
        const rateDegPerDay = Math.hypot(rateRaDegPerDay, rateDecDegPerDay);
        const trail = {
          lengthArcsec: (rateDegPerDay * ARCSEC_PER_DEG * 30) / 86400,
          angleDeg: (Math.atan2(rateDecDegPerDay, rateRaDegPerDay) * 180) / Math.PI - visit.rotationDeg,
        };
        const offRa = (m.raDeg - raDeg) * Math.cos((decDeg * Math.PI) / 180) * ARCSEC_PER_DEG;
        const offDec = (m.decDeg - decDeg) * ARCSEC_PER_DEG;
        const along =
          rateDegPerDay > 0 ? (offRa * rateRaDegPerDay + offDec * rateDecDegPerDay) / rateDegPerDay : 0;
        const cross =
          rateDegPerDay > 0 ? (offDec * rateRaDegPerDay - offRa * rateDecDegPerDay) / rateDegPerDay : 0;
        const ecl = directionToLonLatDeg(equatorialToEcliptic(unitVector(m.raDeg, m.decDeg)));
        const gal = icrsToGalactic(m.raDeg, m.decDeg);
        const vectors = stateVectors(visit, trajectory, eph.dobsAu[k]);
        out.push({
          asteroid,
          asteroidIndex,
          measurement: m,
          trail,
          ssSource: {
            ssObjectId: ssObjectIdOf(packProvisional(asteroid.provisional)),
            designation: asteroid.provisional,
            eclLambda: ecl.lonDeg,
            eclBeta: ecl.latDeg,
            galLon: gal.lonDeg,
            galLat: gal.latDeg,
            elongation: eph.elongationDeg[k],
            phaseAngle: eph.phaseDeg[k],
            topoRange: eph.dobsAu[k],
            topoRangeRate: (eph.rvKmPerS[k] * 86400) / KM_PER_AU,
            helioRange: eph.dhelioAu[k],
            helioRangeRate: vectors.helioRangeRate,
            ephRa: raDeg,
            ephDec: decDeg,
            ephVmag: eph.vMag[k],
            ephRate: rateDegPerDay,
            ephRateRa: rateRaDegPerDay,
            ephRateDec: rateDecDegPerDay,
            ephOffset: Math.hypot(offRa, offDec),
            ephOffsetRa: offRa,
            ephOffsetDec: offDec,
            ephOffsetAlongTrack: along,
            ephOffsetCrossTrack: cross,
            ...vectors.fields,
            diaDistanceRank: 1,
          },
        });
      });
    });
    out.sort(
      (a, b) => a.measurement.visit.seqNum - b.measurement.visit.seqNum || a.asteroidIndex - b.asteroidIndex,
    );
    return out;
  }
}

function unitVector(raDeg: number, decDeg: number): { x: number; y: number; z: number } {
  const r = Math.PI / 180;
  return {
    x: Math.cos(decDeg * r) * Math.cos(raDeg * r),
    y: Math.cos(decDeg * r) * Math.sin(raDeg * r),
    z: Math.sin(decDeg * r),
  };
}

/** Heliocentric state at light-emission time and the observer-centred state (AU, AU/day, ICRS axes). */
function stateVectors(
  visit: LsstVisit,
  trajectory: ReturnType<AsteroidEphemerides['trajectoryCovering']>,
  dobsAu: number,
): { fields: LsstRecordValue; helioRangeRate: number | null } {
  const jdTt = jdUtcToTt(visit.midpointJdUtc);
  const s = trajectoryState(trajectory, jdTt - dobsAu / LIGHT_SPEED_AU_PER_DAY);
  if (s === null) return { fields: {}, helioRangeRate: null };
  const obs = observerState(OBSERVERS.X05, visit.midpointJdUtc, jdTt);
  const topo = [s.x - obs.position[0], s.y - obs.position[1], s.z - obs.position[2]];
  const topoV = [s.vx - obs.velocity[0], s.vy - obs.velocity[1], s.vz - obs.velocity[2]];
  const r = Math.hypot(s.x, s.y, s.z);
  return {
    helioRangeRate: (s.x * s.vx + s.y * s.vy + s.z * s.vz) / r,
    fields: {
      helio_x: s.x,
      helio_y: s.y,
      helio_z: s.z,
      helio_vx: s.vx,
      helio_vy: s.vy,
      helio_vz: s.vz,
      helio_vtot: Math.hypot(s.vx, s.vy, s.vz),
      topo_x: topo[0],
      topo_y: topo[1],
      topo_z: topo[2],
      topo_vx: topoV[0],
      topo_vy: topoV[1],
      topo_vz: topoV[2],
      topo_vtot: Math.hypot(topoV[0], topoV[1], topoV[2]),
    },
  };
}

/** The mpc_orbits value of a simulated asteroid (its elements as the simulation propagates them). */
export function mpcOrbitsRecord(asteroid: SimAsteroid, index: number): LsstRecordValue {
  const el = asteroid.elements;
  const mpc = asteroid.mpcorb;
  const aAu = mpc?.aAu ?? el.qAu / (1 - el.e);
  const meanMotion = mpc?.meanMotionDegPerDay ?? 0.9856076686 / aAu ** 1.5;
  const rng = new Prng(hashSeed(index, 'mpc-orbits'));
  const unc = (scale: number) => scale * rng.range(0.2, 3);
  const arcDays = (mpc?.oppositions ?? 2) * 365.25 * rng.range(0.8, 1.2);
  return {
    id: index,
    designation: asteroid.provisional,
    packed_primary_provisional_designation: packProvisional(asteroid.provisional),
    unpacked_primary_provisional_designation: asteroid.provisional,
    orbit_type_int: null,
    u_param: mpc?.uncertainty === undefined ? null : Number(mpc.uncertainty),
    nopp: mpc?.oppositions ?? null,
    arc_length_total: arcDays,
    arc_length_sel: arcDays,
    nobs_total: mpc?.observations ?? null,
    nobs_total_sel: mpc?.observations === undefined ? null : Math.max(1, mpc.observations - rng.int(0, 5)),
    a: aAu,
    q: el.qAu,
    e: el.e,
    i: el.inclDeg,
    node: el.nodeDeg,
    argperi: el.periDeg,
    peri_time: el.perihelionJdTt - MJD_OFFSET,
    mean_anomaly: mpc?.meanAnomalyDeg ?? null,
    period: 360 / meanMotion,
    mean_motion: meanMotion,
    a_unc: unc(1e-8),
    q_unc: unc(5e-8),
    e_unc: unc(2e-8),
    i_unc: unc(3e-6),
    node_unc: unc(1e-5),
    argperi_unc: unc(1.5e-5),
    peri_time_unc: unc(2e-5),
    mean_anomaly_unc: unc(1.5e-5),
    epoch_mjd: el.epochJdTt - MJD_OFFSET,
    h: asteroid.hMag,
    g: 0.15,
    not_normalized_rms: mpc?.rmsArcsec ?? null,
    normalized_rms: rng.range(0.4, 0.9),
    // approximation for main-belt orbits of low inclination: the MOID is about q minus 1 AU
    earth_moid: Math.max(0, el.qAu - 1),
  };
}
