import { describe, expect, it } from 'vitest';
import { Prng } from '../../../compute/random/index.js';
import { computeEphemerides } from '../../../compute/sso/ephemeris/index.js';
import { AsteroidEphemerides } from './asteroid-ephemerides.js';
import { generateAsteroids, simOrbit } from './asteroid-population.js';
import { hg1g2ApparentMagV, vToZtfBandMag } from './hg1g2-magnitude.js';
import { asteroidDetections, bogusDetection, type NightContext, trackletDetections } from './night-extras.js';
import { buildNightSchedule } from './night-schedule.js';

const ARCSEC = 1 / 3600;

describe('one-night sources', () => {
  const schedule = buildNightSchedule(2, 20240320);
  let n = 0;
  const ctx: NightContext = {
    rng: new Prng(5),
    schedule,
    allocateObjectId: () => `ZTF24aaaa${String(n++).padStart(3, '0')}`,
  };

  it('detects asteroids on their ephemerides (I41, within 0.5 arcsec), at the HG1G2 magnitude', () => {
    const asteroids = generateAsteroids({
      seed: 1,
      knownCount: 60,
      unknownCount: 4,
      oppositionJd: 2460390.3,
      epochJdTt: 2460380.5,
      lastObservation: '20240315',
    });
    const dets = asteroidDetections(ctx, asteroids, new AsteroidEphemerides());
    expect(dets.length).toBeGreaterThan(20);
    const byName = new Map(asteroids.map((a) => [a.ssnamenr, a]));
    for (const d of dets.filter((x) => x.sso)) {
      const a = byName.get(d.sso?.ssnamenr ?? null);
      if (!a) throw new Error('unknown asteroid');
      // the ephemeris the service computes for an alert at this jd (Palomar, mid-exposure, perturbed orbit)
      const eph = computeEphemerides(simOrbit(a), [d.exposure.jd], { observer: 'I41' });
      const decDeg = eph.decDeg[0];
      const dRaArcsec = ((d.raDeg - eph.raDeg[0]) * Math.cos((decDeg * Math.PI) / 180)) / ARCSEC;
      const dDecArcsec = (d.decDeg - decDeg) / ARCSEC;
      expect(Math.hypot(dRaArcsec, dDecArcsec)).toBeLessThan(0.5);
      const phaseAngleRad = (eph.phaseDeg[0] * Math.PI) / 180;
      const mag = vToZtfBandMag(
        hg1g2ApparentMagV(a.hMag, a.g1, a.g2, phaseAngleRad, eph.dhelioAu[0], eph.dobsAu[0]),
        d.exposure.fid,
      );
      expect(Math.abs(d.magpsf - mag)).toBeLessThan(5 * d.sigmapsf + 0.05);
      expect(d.source.sourceClass).toBe('asteroid');
      expect(d.sso?.ssmagnr).toBeCloseTo(
        Math.round((mag - (d.exposure.fid === 1 ? 0.2833 : -0.1777)) * 10) / 10,
        5,
      );
    }
    // one objectId per asteroid and night
    const ids = new Map<string, string>();
    for (const d of dets) {
      const key = d.sso?.ssnamenr ?? `cand-${d.source.objectId}`;
      if (ids.has(key)) expect(ids.get(key)).toBe(d.source.objectId);
      ids.set(key, d.source.objectId);
    }
  });

  it('lines tracklet alerts up on one exposure with one TRCK id', () => {
    const exposure = schedule.exposures[100];
    const dets = trackletDetections(ctx, exposure, 2);
    expect(dets.length).toBeGreaterThanOrEqual(2);
    expect(new Set(dets.map((d) => d.tracklet)).size).toBe(1);
    expect(dets[0].tracklet).toMatch(/_02$/);
    expect(new Set(dets.map((d) => d.source.objectId)).size).toBe(dets.length);
    for (const d of dets) expect(d.exposure).toBe(exposure);
    if (dets.length >= 3) {
      // collinear: the cross product of successive steps vanishes
      const [a, b, c] = dets;
      const cross = (b.raDeg - a.raDeg) * (c.decDeg - b.decDeg) - (b.decDeg - a.decDeg) * (c.raDeg - b.raDeg);
      expect(Math.abs(cross)).toBeLessThan(1e-3);
    }
  });

  it('makes bogus detections close to the limit', () => {
    const d = bogusDetection(ctx);
    expect(d?.quality).toBe('bogus');
    expect(d?.magpsf).toBeLessThan(d?.exposure.diffmaglim ?? 0);
    expect(d?.magpsf).toBeGreaterThan((d?.exposure.diffmaglim ?? 0) - 1.6);
  });
});
