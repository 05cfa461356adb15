import { AstroTime, Body, GeoVector } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import {
  eclipticToEquatorial,
  geocentricPlace,
  helioEclipticPosition,
  JD_J2000,
  meanMotionDegPerDay,
  type OrbitalElements,
  solveKepler,
} from './kepler-orbit.js';

const DEG = Math.PI / 180;

describe('solveKepler', () => {
  it('solves E - e sin E = M to 1e-13 for e up to 0.9', () => {
    for (const e of [0, 0.1, 0.25, 0.6, 0.9]) {
      for (let m = -3; m <= 3; m += 0.37) {
        const ecc = solveKepler(m, e);
        expect(Math.abs(ecc - e * Math.sin(ecc) - m)).toBeLessThan(1e-13);
      }
    }
  });
});

describe('helioEclipticPosition', () => {
  const el: OrbitalElements = {
    aAu: 2.7676569,
    e: 0.0775571,
    inclDeg: 10.58862,
    nodeDeg: 80.28698,
    periDeg: 73.73161,
    meanAnomalyDeg: 162.68631,
    epochJdTt: 2459000.5,
  };

  it('stays between perihelion and aphelion and returns after one period', () => {
    const periodDays = 360 / meanMotionDegPerDay(el.aAu);
    const p0 = helioEclipticPosition(el, el.epochJdTt);
    for (let k = 0; k < 20; k++) {
      const p = helioEclipticPosition(el, el.epochJdTt + (k * periodDays) / 20);
      const r = Math.hypot(p.x, p.y, p.z);
      expect(r).toBeGreaterThanOrEqual(el.aAu * (1 - el.e) - 1e-12);
      expect(r).toBeLessThanOrEqual(el.aAu * (1 + el.e) + 1e-12);
    }
    const p1 = helioEclipticPosition(el, el.epochJdTt + periodDays);
    expect(Math.hypot(p1.x - p0.x, p1.y - p0.y, p1.z - p0.z)).toBeLessThan(1e-9);
  });

  it('puts the ascending node on the ecliptic with the right longitude', () => {
    // argument of latitude 0 <=> true anomaly = -peri: choose M so that the body sits at the node.
    const circ = { ...el, e: 0, periDeg: 0, meanAnomalyDeg: 0 };
    const p = helioEclipticPosition(circ, circ.epochJdTt);
    expect(Math.abs(p.z)).toBeLessThan(1e-12);
    expect(Math.atan2(p.y, p.x) / DEG).toBeCloseTo(el.nodeDeg, 9);
  });
});

describe('geocentricPlace', () => {
  it('matches astronomy-engine for Mars from its J2000 mean elements within 2 arcmin', () => {
    // Standish (1992), JPL "Keplerian Elements for Approximate Positions of the Major Planets", Table 1 (J2000):
    // a 1.52371034, e 0.09339410, I 1.84969142, L -4.55343205, long.peri -23.94362959, node 49.55953891,
    // dL/dt 19140.30268499 deg/century. Quoted error of the table for Mars: below 1 arcmin (heliocentric).
    const mars: OrbitalElements = {
      aAu: 1.52371034,
      e: 0.0933941,
      inclDeg: 1.84969142,
      nodeDeg: 49.55953891,
      periDeg: -23.94362959 - 49.55953891,
      meanAnomalyDeg: -4.55343205 - -23.94362959,
      epochJdTt: JD_J2000,
      meanMotionDegPerDay: 19140.30268499 / 36525,
    };
    for (const dtDays of [0, 15, 30]) {
      const jd = JD_J2000 + dtDays;
      const place = geocentricPlace(mars, jd);
      const ref = GeoVector(Body.Mars, new AstroTime(jd - JD_J2000), false);
      const refRa = ((Math.atan2(ref.y, ref.x) / DEG + 360) % 360) * DEG;
      const refDec = Math.asin(ref.z / Math.hypot(ref.x, ref.y, ref.z));
      const cosSep =
        Math.sin(refDec) * Math.sin(place.decDeg * DEG) +
        Math.cos(refDec) * Math.cos(place.decDeg * DEG) * Math.cos(refRa - place.raDeg * DEG);
      const sepArcmin = (Math.acos(Math.min(1, cosSep)) / DEG) * 60;
      expect(sepArcmin).toBeLessThan(2);
      expect(place.geoDistAu).toBeCloseTo(Math.hypot(ref.x, ref.y, ref.z), 3);
    }
  });

  it('gives an elongation near 180 deg and a small phase angle at opposition', () => {
    // a circular orbit at 2.5 AU placed in the direction of the Earth's heliocentric longitude.
    const jd = 2460300.5;
    const earth = eclipticToEquatorial({ x: 1, y: 0, z: 0 });
    expect(earth.x).toBe(1);
    const probe: OrbitalElements = {
      aAu: 2.5,
      e: 0,
      inclDeg: 0,
      nodeDeg: 0,
      periDeg: 0,
      meanAnomalyDeg: 0,
      epochJdTt: jd,
    };
    // longitude of the Earth seen from the Sun, in ecliptic coordinates
    const place0 = geocentricPlace(probe, jd);
    const sunEarth = place0; // only for typing of the next lines
    expect(sunEarth.helioDistAu).toBeCloseTo(2.5, 6);
    let best = 0;
    let bestLon = 0;
    for (let lon = 0; lon < 360; lon += 1) {
      const p = geocentricPlace({ ...probe, meanAnomalyDeg: lon }, jd);
      if (p.elongationDeg > best) {
        best = p.elongationDeg;
        bestLon = lon;
      }
    }
    const atOpposition = geocentricPlace({ ...probe, meanAnomalyDeg: bestLon }, jd);
    expect(atOpposition.elongationDeg).toBeGreaterThan(178);
    expect(atOpposition.phaseAngleRad / DEG).toBeLessThan(1);
    expect(atOpposition.geoDistAu).toBeCloseTo(1.5, 1);
  });
});
