/**
 * The LSST SSOFT fits recover the phase curves the LSST simulator gives its asteroids. The simulator (ingest/
 * simulate/lsst/) puts each asteroid on its orbit's ephemeris seen from Rubin and makes its flux from its own
 * H, G1, G2 (HG1G2) plus a solar colour per band; its truth (`lsstAsteroidCohort`, `BAND_MINUS_V_MAG`) is the
 * independent source. The alerts are read back from the Avro files with avsc, not with the project's decoders, and
 * fitted as the monthly job fits an LSST store's objects (`lsstSsoObservations`, `ssoftRow` on Rubin's bands).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { lsstSsoObservations, ssoftRow } from '../../compute/sso/index.js';
import { LSST_BAND_NAMES, LSST_PHASE_BANDS } from '../../compute/sso/phase/index.js';
import {
  BAND_MINUS_V_MAG,
  buildLsstNight,
  LsstAsteroids,
  lsstAsteroidCohort,
  type SsoObservation,
} from '../../ingest/simulate/lsst/index.js';
import { addNights, type SimAsteroid } from '../../ingest/simulate/model/index.js';

const RUN = { nights: 120, alertsPerNight: 150, seed: 11, startNight: 20260310 } as const;
/** Objects with at least this many detections are fitted here (a month of Rubin's cadence gives about 20). */
const MIN_POINTS = 40;

/** Every detection of the run's asteroids (no alert budget), by designation. */
const byDesignation = new Map<string, SsoObservation[]>();
const truth = new Map<string, SimAsteroid>();

beforeAll(() => {
  const asteroids = new LsstAsteroids(RUN.seed, RUN.startNight, RUN.alertsPerNight);
  for (let i = 0; i < RUN.nights; i++) {
    const night = addNights(RUN.startNight, i);
    for (const o of asteroids.observe(i, buildLsstNight(RUN.seed, night))) {
      const d = o.ssSource.designation as string;
      byDesignation.set(d, [...(byDesignation.get(d) ?? []), o]);
    }
  }
  // one cohort per 30 nights, each avoiding the designations of the earlier ones (as the simulator makes them)
  const taken = new Set<string>();
  for (let k = 0; k * 30 < RUN.nights; k++) {
    for (const a of lsstAsteroidCohort(RUN.seed, RUN.startNight, RUN.alertsPerNight, k, taken)) {
      taken.add(a.provisional);
      truth.set(a.provisional, a);
    }
  }
}, 300_000);

/** The fit inputs of one object, as its alerts would carry them (midpoint in MJD TAI). */
function columnsOf(obs: readonly SsoObservation[]) {
  const m = obs.map((o) => o.measurement);
  const num = (k: string) => obs.map((o) => o.ssSource[k] as number);
  return {
    midpointMjdTai: m.map((x) => x.visit.midpointJdUtc - 2400000.5 + 37 / 86400),
    raDeg: m.map((x) => x.raDeg),
    decDeg: m.map((x) => x.decDeg),
    psfFluxNJy: m.map((x) => x.psfFlux),
    psfFluxErrNJy: m.map((x) => x.psfFluxErr),
    band: m.map((x) => x.visit.band as string),
    phaseAngleDeg: num('phaseAngle'),
    topoRangeAu: num('topoRange'),
    helioRangeAu: num('helioRange'),
    ephRaDeg: num('ephRa'),
    ephDecDeg: num('ephDec'),
  };
}

/** A band is checked when it holds this many detections (fewer leave H, G1, G2 barely constrained). */
const MIN_BAND_POINTS = 10;
/** Tolerance added to 4 sigma (mag for H, none for G1, G2): photometric noise floor and model discreteness. */
const TOLERANCE_H_MAG = 0.05;
const TOLERANCE_G = 0.05;

describe('LSST SSOFT fits of simulated asteroids', () => {
  it('recover H, G1 and G2 of each well-sampled band within 4 sigma', () => {
    const fitted = [...byDesignation].filter(([, obs]) => obs.length >= MIN_POINTS);
    expect(fitted.length).toBeGreaterThanOrEqual(10);
    let bandsChecked = 0;
    let preciseH = 0;
    for (const [designation, obs] of fitted) {
      const a = truth.get(designation);
      expect(a, designation).toBeDefined();
      if (!a) continue;
      const { detections, geometry, leftOut } = lsstSsoObservations(columnsOf(obs));
      expect(leftOut).toBe(0);
      const identity = { designation, ssoName: designation, ssoNumber: null };
      const row = ssoftRow('HG1G2', identity, detections, geometry, null, '2026.11', LSST_PHASE_BANDS);
      expect(row.designation).toBe(designation);
      expect(row.n_obs).toBe(obs.length);
      // a band with one or two points leaves the normal matrix singular (fit 4): the object has no fit
      if (row.fit !== 0) continue;
      for (const band of LSST_BAND_NAMES) {
        const n = obs.filter((o) => o.measurement.visit.band === band).length;
        expect(row[`n_obs_${band}`]).toBe(n === 0 ? Number.NaN : n);
        if (n < MIN_BAND_POINTS) continue;
        const h = row[`H_${band}`] as number;
        const errH = row[`err_H_${band}`] as number;
        expect(Math.abs(h - (a.hMag + BAND_MINUS_V_MAG[band]))).toBeLessThan(4 * errH + TOLERANCE_H_MAG);
        for (const [name, value] of [
          ['G1', a.g1],
          ['G2', a.g2],
        ] as const) {
          const g = row[`${name}_${band}`] as number;
          // a parameter stopped at its bound [0, 1] has no Gaussian uncertainty
          if (g <= 1e-6 || g >= 1 - 1e-6) continue;
          expect(Math.abs(g - value)).toBeLessThan(4 * (row[`err_${name}_${band}`] as number) + TOLERANCE_G);
        }
        bandsChecked++;
        if (errH < 0.1) preciseH++;
      }
    }
    // the check has teeth: several bands where H is known to better than 0.1 mag
    expect(bandsChecked).toBeGreaterThanOrEqual(10);
    expect(preciseH).toBeGreaterThanOrEqual(5);
  });
});
