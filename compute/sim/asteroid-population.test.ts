import { describe, expect, it } from 'vitest';
import { formatMpcorbLine, parseMpcorbLine, unpackNumber, unpackProvisional } from '../sso/mpcorb-format.js';
import { generateAsteroids, mpcorbOrder } from './asteroid-population.js';
import { geocentricPlace, meanMotionDegPerDay } from './kepler-orbit.js';

describe('generateAsteroids', () => {
  const options = {
    seed: 4,
    knownCount: 40,
    unknownCount: 3,
    oppositionJd: 2460390.8,
    epochJdTt: 2460385.5,
    lastObservation: '20240310',
  };
  const asteroids = generateAsteroids(options);

  it('draws main-belt orbits near opposition with HG1G2 parameters in range', () => {
    expect(asteroids).toHaveLength(43);
    for (const a of asteroids) {
      expect(a.elements.aAu).toBeGreaterThanOrEqual(2.1);
      expect(a.elements.aAu).toBeLessThanOrEqual(3.3);
      expect(a.elements.e).toBeLessThan(0.25);
      expect(a.elements.inclDeg).toBeLessThan(20);
      expect(a.hMag).toBeGreaterThanOrEqual(14);
      expect(a.hMag).toBeLessThanOrEqual(18);
      expect(a.g1 + a.g2).toBeLessThanOrEqual(1);
      expect(a.g1).toBeGreaterThan(0);
      expect(a.g2).toBeGreaterThan(0);
      const place = geocentricPlace(a.elements, options.oppositionJd);
      expect(place.elongationDeg).toBeGreaterThan(120);
      expect(place.decDeg).toBeGreaterThan(-25);
      expect(a.elements.meanMotionDegPerDay).toBeCloseTo(meanMotionDegPerDay(a.elements.aAu), 7);
    }
  });

  it('names known objects by number (80 %) or provisional designation, unknown ones not at all', () => {
    const known = asteroids.slice(0, 40);
    const numbered = known.filter((a) => a.number !== null);
    expect(numbered.length).toBeGreaterThan(24);
    expect(numbered.length).toBeLessThan(40);
    for (const a of numbered) expect(a.ssnamenr).toBe(String(a.number));
    for (const a of known.filter((k) => k.number === null)) expect(a.ssnamenr).toMatch(/^\d{4}[A-Z]{2}\d*$/);
    for (const a of asteroids.slice(40)) {
      expect(a.ssnamenr).toBeNull();
      expect(a.mpcorb).toBeNull();
    }
    expect(new Set(known.map((a) => a.ssnamenr)).size).toBe(40);
  });

  it('writes MPCORB lines that parse back to exactly the simulated elements', () => {
    const records = mpcorbOrder(asteroids);
    expect(records).toHaveLength(40);
    const byDesignation = new Map(asteroids.map((a) => [a.mpcorb?.packedDesignation, a]));
    for (const r of records) {
      const line = formatMpcorbLine(r);
      const back = parseMpcorbLine(line);
      const a = byDesignation.get(r.packedDesignation);
      if (!back || !a) throw new Error('unparsed line');
      expect(back.aAu).toBe(a.elements.aAu);
      expect(back.e).toBe(a.elements.e);
      expect(back.inclDeg).toBe(a.elements.inclDeg);
      expect(back.nodeDeg).toBe(a.elements.nodeDeg);
      expect(back.periDeg).toBe(a.elements.periDeg);
      expect(back.meanAnomalyDeg).toBe(a.elements.meanAnomalyDeg);
      expect(back.meanMotionDegPerDay).toBe(a.elements.meanMotionDegPerDay);
      expect(back.epochJdTt).toBe(options.epochJdTt);
      expect(back.hMag).toBe(a.hMag);
      const num = unpackNumber(back.packedDesignation);
      if (a.number !== null) {
        expect(num).toBe(a.number);
        expect(back.readableDesignation).toBe(`(${a.number}) ${a.provisional}`);
      } else expect(unpackProvisional(back.packedDesignation)).toBe(a.provisional);
    }
    // numbered objects first, by number
    const numbers = records.map((r) => unpackNumber(r.packedDesignation)).filter((n) => n !== null);
    expect(numbers).toEqual([...numbers].sort((x, y) => (x ?? 0) - (y ?? 0)));
  });

  it('is deterministic in the seed', () => {
    expect(generateAsteroids(options)).toEqual(asteroids);
    expect(generateAsteroids({ ...options, seed: 5 })[0].elements).not.toEqual(asteroids[0].elements);
  });
});
