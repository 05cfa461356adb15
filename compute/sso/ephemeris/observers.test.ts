import { AstroTime, Horizon, Observer, ObserverVector, SiderealTime } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { JD_J2000 } from './frames.js';
import { horizontalPlace } from './horizontal.js';
import { findObserver, OBSERVERS, observerState, siteGeodetic } from './observers.js';

const JD_UTC = 2459345.8123; // 2021-05-11 07:29 UTC, a ZTF night
const JD_TT = JD_UTC + 69.184 / 86400;

describe('observer table', () => {
  it('finds I41, 675, M22 and 500 and answers null for an unknown code', () => {
    expect(findObserver('I41')?.lonDeg).toBe(243.14022);
    expect(findObserver('675')?.rhoSinPhi).toBe(0.546831);
    expect(findObserver('500')?.rhoCosPhi).toBe(0);
    expect(findObserver('Z99')).toBeNull();
    expect(findObserver('toString')).toBeNull();
  });

  it('gives the geodetic position of I41 quoted with its parallax constants (lat 33.357336 deg, ~1664 m)', () => {
    // docs/references.md#ephemeris-algorithm step 4; the MPC constants are rounded to 1e-6 Earth radii (6 m).
    const { latDeg, heightM } = siteGeodetic(OBSERVERS.I41);
    expect(Math.abs(latDeg - 33.357336)).toBeLessThan(1e-4);
    expect(Math.abs(heightM - 1664)).toBeLessThan(30);
  });

  it('gives the geodetic position of X05 (Rubin, Cerro Pachón: lat -30.2446 deg, 2663 m) from its MPC constants', () => {
    // Rubin Observatory's published site: latitude -30.244639, height 2662.75 m (LSST Observatory summit).
    const { latDeg, heightM } = siteGeodetic(OBSERVERS.X05);
    expect(Math.abs(latDeg + 30.2446)).toBeLessThan(2e-3);
    expect(Math.abs(heightM - 2663)).toBeLessThan(60);
  });
});

describe('observerState', () => {
  it('puts I41 where astronomy-engine puts the same geodetic site (geocentric EQJ vector within 20 m)', () => {
    const { latDeg, heightM } = siteGeodetic(OBSERVERS.I41);
    const site = new Observer(latDeg, OBSERVERS.I41.lonDeg - 360, heightM);
    const time = new AstroTime(JD_UTC - JD_J2000);
    const ref = ObserverVector(time, site, false);
    const geocentre = observerState(OBSERVERS['500'], JD_UTC, JD_TT);
    const s = observerState(OBSERVERS.I41, JD_UTC, JD_TT);
    const dx = s.position[0] - geocentre.position[0] - ref.x;
    const dy = s.position[1] - geocentre.position[1] - ref.y;
    const dz = s.position[2] - geocentre.position[2] - ref.z;
    expect(Math.hypot(dx, dy, dz) * 149597870.7).toBeLessThan(0.02);
  });

  it('gives LAST = GAST + east longitude and a velocity equal to the derivative of the position', () => {
    const s = observerState(OBSERVERS.I41, JD_UTC, JD_TT);
    const gast = SiderealTime(new AstroTime(JD_UTC - JD_J2000));
    expect(Math.abs(s.lastHours - ((gast + 243.14022 / 15) % 24))).toBeLessThan(1e-12);
    const h = 10 / 86400;
    const a = observerState(OBSERVERS.I41, JD_UTC - h, JD_TT - h);
    const b = observerState(OBSERVERS.I41, JD_UTC + h, JD_TT + h);
    for (let c = 0; c < 3; c++) {
      const numeric = (b.position[c] - a.position[c]) / (2 * h);
      // AU/day; the diurnal term is ~1.8e-4 AU/day, checked to 0.1 %.
      expect(Math.abs(s.velocity[c] - numeric)).toBeLessThan(2e-7);
    }
  });

  it('gives the hour angle, azimuth and elevation of astronomy-engine Horizon (within 1e-6 deg)', () => {
    const { latDeg, heightM } = siteGeodetic(OBSERVERS.I41);
    const site = new Observer(latDeg, OBSERVERS.I41.lonDeg - 360, heightM);
    const time = new AstroTime(JD_UTC - JD_J2000);
    const s = observerState(OBSERVERS.I41, JD_UTC, JD_TT);
    for (const [raDeg, decDeg] of [
      [10, 20],
      [200, -30],
      [310, 75],
      [95, -80],
    ]) {
      const ref = Horizon(time, site, raDeg / 15, decDeg);
      const hor = horizontalPlace(s.lastHours, raDeg, decDeg, latDeg);
      expect(Math.abs(hor.elevationDeg - ref.altitude)).toBeLessThan(1e-6);
      const dAz = Math.abs(((hor.azimuthDeg - ref.azimuth + 540) % 360) - 180);
      expect(dAz).toBeLessThan(1e-6);
    }
  });
});
