import { describe, expect, it } from 'vitest';
import { airmass, horizontalPlace } from './horizontal.js';

describe('horizontalPlace', () => {
  it('puts an object on the meridian due south or north and at the pole at the latitude', () => {
    const south = horizontalPlace(6, 90, 0, 33);
    expect(south.hourAngleHours).toBe(0);
    expect(south.azimuthDeg).toBeCloseTo(180, 12);
    expect(south.elevationDeg).toBeCloseTo(57, 12);
    const north = horizontalPlace(6, 90, 60, 33);
    expect(north.azimuthDeg).toBeCloseTo(0, 12);
    expect(horizontalPlace(3, 0, 90, 33).elevationDeg).toBeCloseTo(33, 12);
  });

  it('counts azimuth from north through east (rising object, HA < 0, has azimuth in (0, 180))', () => {
    const rising = horizontalPlace(0, 60, 0, 33);
    expect(rising.hourAngleHours).toBeCloseTo(-4, 12);
    expect(rising.azimuthDeg).toBeGreaterThan(0);
    expect(rising.azimuthDeg).toBeLessThan(180);
  });
});

describe('airmass', () => {
  it('is 1 at the zenith, ~2 at 30 deg, 37.92 at the horizon (the formula; Kasten & Young tabulate 38.09) and NaN below', () => {
    expect(Math.abs(airmass(90) - 1)).toBeLessThan(1e-3);
    expect(Math.abs(airmass(30) - 1.9942)).toBeLessThan(1e-3);
    expect(Math.abs(airmass(0) - 37.9196)).toBeLessThan(1e-3);
    expect(airmass(-0.1)).toBeNaN();
  });
});
