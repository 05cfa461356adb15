import { describe, expect, it } from 'vitest';
import type { Orbit } from '../orbit.js';
import { computeEphemerides, computeEphemeridesBatch } from './ephemerides.js';
import { propagateOrbits } from './propagation.js';

const ORBIT: Orbit = {
  elements: {
    qAu: 2.8103,
    e: 0.0947426,
    inclDeg: 15.27367,
    nodeDeg: 253.29473,
    periDeg: 117.85006,
    perihelionJdTt: 2459002.3,
    epochJdTt: 2459000.5,
  },
  magnitude: { kind: 'asteroid', hMag: 14.2, gSlope: 0.2 },
};
const COMET: Orbit = { ...ORBIT, magnitude: { kind: 'comet', hMag: 11, gSlope: 4 } };
const JDS = [2458990.7, 2459005.9, 2459020.8, 2459040.75];

describe('computeEphemerides', () => {
  it('gives rates and range rate equal to finite differences of RA, Dec and Dobs (±1 min)', () => {
    const eph = computeEphemerides(ORBIT, JDS);
    const m = 1 / 1440;
    const before = computeEphemerides(
      ORBIT,
      JDS.map((jd) => jd - m),
    );
    const after = computeEphemerides(
      ORBIT,
      JDS.map((jd) => jd + m),
    );
    for (let i = 0; i < JDS.length; i++) {
      const cosDec = Math.cos((eph.decDeg[i] * Math.PI) / 180);
      const raRate = ((after.raDeg[i] - before.raDeg[i]) / 2) * 3600 * cosDec;
      const decRate = ((after.decDeg[i] - before.decDeg[i]) / 2) * 3600;
      const rv = ((after.dobsAu[i] - before.dobsAu[i]) / 120) * 149597870.7;
      // arcsec/min and km/s; the diurnal parallax makes the rates vary within a minute by ~1e-4.
      expect(Math.abs(eph.dRaCosDecArcsecPerMin[i] - raRate)).toBeLessThan(1e-4);
      expect(Math.abs(eph.dDecArcsecPerMin[i] - decRate)).toBeLessThan(1e-4);
      expect(Math.abs(eph.rvKmPerS[i] - rv)).toBeLessThan(1e-3);
    }
  });

  it('returns epochs shifted by epochOffsetS and the geometry columns identical in both details', () => {
    const full = computeEphemerides(ORBIT, JDS);
    const geometry = computeEphemerides(ORBIT, JDS, { detail: 'geometry' });
    expect(geometry.detail).toBe('geometry');
    expect(Math.abs(full.jdUtc[0] - (JDS[0] + 15 / 86400))).toBeLessThan(1e-9);
    expect(Array.from(geometry.raDeg)).toEqual(Array.from(full.raDeg));
    expect(Array.from(geometry.dobsAu)).toEqual(Array.from(full.dobsAu));
    expect(Object.keys(geometry)).not.toContain('vMag');
    const noOffset = computeEphemerides(ORBIT, JDS, { epochOffsetS: 0 });
    expect(noOffset.jdUtc[1]).toBe(JDS[1]);
  });

  it('closes the Sun-observer-object triangle: Dobs, Dhelio, phase and elongation agree (law of sines)', () => {
    const eph = computeEphemerides(ORBIT, JDS);
    const rad = Math.PI / 180;
    for (let i = 0; i < JDS.length; i++) {
      const sunAngle = 180 - eph.phaseDeg[i] - eph.elongationDeg[i];
      // Dhelio / sin(elongation) = Dobs / sin(angle at the Sun).
      const ratio = eph.dhelioAu[i] / Math.sin(eph.elongationDeg[i] * rad);
      expect(Math.abs(ratio - eph.dobsAu[i] / Math.sin(sunAngle * rad)) / ratio).toBeLessThan(1e-9);
      const ecl = eph.eclLatDeg[i];
      expect(Math.abs(ecl)).toBeLessThan(90);
      expect(eph.sdssGMag?.[i]).toBeCloseTo(eph.vMag[i] + 0.262, 12);
      expect(eph.airmass[i] >= 1 || Number.isNaN(eph.airmass[i])).toBe(true);
      expect(Number.isNaN(eph.airmass[i])).toBe(eph.elevationDeg[i] < 0);
    }
  });

  it('moves the topocentric place by the diurnal parallax: I41 vs geocentre differ by < 8.8"/Dobs', () => {
    const topo = computeEphemerides(ORBIT, JDS);
    const geo = computeEphemerides(ORBIT, JDS, { observer: '500' });
    for (let i = 0; i < JDS.length; i++) {
      const cosDec = Math.cos((geo.decDeg[i] * Math.PI) / 180);
      const sepArcsec =
        Math.hypot((topo.raDeg[i] - geo.raDeg[i]) * cosDec, topo.decDeg[i] - geo.decDeg[i]) * 3600;
      expect(sepArcsec).toBeGreaterThan(0.1);
      expect(sepArcsec).toBeLessThan(8.8 / geo.dobsAu[i]);
    }
  });

  it('has no colour columns for a comet, and a cached trajectory gives the same table', () => {
    const eph = computeEphemerides(COMET, JDS);
    expect(eph.sdssGMag).toBeNull();
    expect(eph.sdssRMag).toBeNull();
    const [trajectory] = propagateOrbits([ORBIT.elements], 2458980, 2459050, {});
    const cached = computeEphemerides(ORBIT, JDS, { trajectory });
    const fresh = computeEphemerides(ORBIT, JDS);
    for (let i = 0; i < JDS.length; i++)
      expect(Math.abs(cached.raDeg[i] - fresh.raDeg[i]) * 3600).toBeLessThan(1e-6);
  });

  it('gives NaN rows outside a cached trajectory, rejects unknown observers, and batches like single calls', () => {
    const [trajectory] = propagateOrbits([ORBIT.elements], 2459000, 2459010, {});
    const eph = computeEphemerides(ORBIT, JDS, { trajectory });
    expect(eph.raDeg[0]).toBeNaN();
    expect(eph.raDeg[1]).not.toBeNaN();
    expect(() => computeEphemerides(ORBIT, JDS, { observer: 'Z99' as '500' })).toThrow(RangeError);
    const [a, b] = computeEphemeridesBatch([
      { orbit: ORBIT, jdUtc: JDS },
      { orbit: COMET, jdUtc: JDS.slice(1) },
    ]);
    const single = computeEphemerides(ORBIT, JDS);
    expect(Math.abs(a.decDeg[2] - single.decDeg[2]) * 3600).toBeLessThan(1e-6);
    expect(b.sdssGMag).toBeNull();
    expect(b.jdUtc.length).toBe(3);
  });
});
