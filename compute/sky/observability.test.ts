import { describe, expect, it } from 'vitest';
import { localNoonJd, nightObservability, OBSERVING_SITES } from './observability.js';

const palomar = OBSERVING_SITES[0];
/** 2024-03-15 00:00 UTC. */
const JD_2024_03_15 = 2460384.5;

describe('night observability', () => {
  it('starts at local mean noon: 12:00 + 116.86°/15 = 19:47 UTC at Palomar', () => {
    expect((localNoonJd(JD_2024_03_15 + 0.3, palomar.lonDeg) - JD_2024_03_15) * 24).toBeCloseTo(
      12 + 116.8648 / 15,
      6,
    );
  });

  it('culminates at 90° − |latitude − declination| (precession since J2000 < 0.2°), airmass 1/cos z there', () => {
    const decDeg = 20;
    const night = nightObservability(150, decDeg, palomar, JD_2024_03_15, 2);
    const highest = Math.max(...night.altitudeDeg);
    expect(Math.abs(highest - (90 - Math.abs(palomar.latDeg - decDeg)))).toBeLessThan(0.25);
    const k = night.altitudeDeg.indexOf(highest);
    // Kasten & Young differ from sec z by < 0.1 % above 60° altitude
    expect(night.airmass[k]).toBeCloseTo(1 / Math.cos(((90 - highest) * Math.PI) / 180), 2);
  });

  it('has an astronomical night (Sun below −18°) and the Sun above the horizon at its start', () => {
    const night = nightObservability(150, 20, palomar, JD_2024_03_15);
    expect(night.sunAltitudeDeg[0]).toBeGreaterThan(40);
    expect(Math.min(...night.sunAltitudeDeg)).toBeLessThan(-18);
    expect(night.moonIlluminatedFraction).toBeGreaterThanOrEqual(0);
    expect(night.moonIlluminatedFraction).toBeLessThanOrEqual(1);
  });

  it('gives a Moon separation of about 180° for the point opposite the Moon', () => {
    const near = nightObservability(0, 0, palomar, JD_2024_03_15, 60);
    const far = nightObservability(180, 0, palomar, JD_2024_03_15, 60);
    // two opposite directions: separations sum to 180° at every time
    for (let k = 0; k < near.jd.length; k++)
      expect(near.moonSeparationDeg[k] + far.moonSeparationDeg[k]).toBeCloseTo(180, 6);
  });
});
