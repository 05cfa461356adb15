import { describe, expect, it } from 'vitest';
import { parseMpcorbCatalogueLine } from '../../../compute/sso/catalogue/index.js';
import { computeEphemerides, meanMotionDegPerDay } from '../../../compute/sso/ephemeris/index.js';
import {
  formatMpcorbLine,
  parseMpcorbLine,
  unpackNumber,
  unpackProvisional,
} from '../../../compute/sso/index.js';
import { generateAsteroids, mpcorbOrder, simOrbit } from './asteroid-population.js';

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
      const aAu = a.elements.qAu / (1 - a.elements.e);
      expect(aAu).toBeGreaterThanOrEqual(2.1 - 1e-12);
      expect(aAu).toBeLessThanOrEqual(3.3 + 1e-12);
      expect(a.elements.e).toBeLessThan(0.25);
      expect(a.elements.inclDeg).toBeLessThan(20);
      expect(a.hMag).toBeGreaterThanOrEqual(14);
      expect(a.hMag).toBeLessThanOrEqual(18);
      expect(a.g1 + a.g2).toBeLessThanOrEqual(1);
      expect(a.g1).toBeGreaterThan(0);
      expect(a.g2).toBeGreaterThan(0);
      // near opposition seen from Palomar (the choice is made on the two-body orbit)
      const place = computeEphemerides(simOrbit(a), [options.oppositionJd], { propagation: 'twobody' });
      expect(place.elongationDeg[0]).toBeGreaterThan(120);
      expect(place.decDeg[0]).toBeGreaterThan(-25);
      if (a.mpcorb) expect(a.mpcorb.meanMotionDegPerDay).toBeCloseTo(meanMotionDegPerDay(a.mpcorb.aAu), 7);
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

  it('writes MPCORB lines that the catalogue reader turns back into exactly the simulated orbits', () => {
    const records = mpcorbOrder(asteroids);
    expect(records).toHaveLength(40);
    const byDesignation = new Map(asteroids.map((a) => [a.mpcorb?.packedDesignation, a]));
    for (const r of records) {
      const line = formatMpcorbLine(r);
      const back = parseMpcorbLine(line);
      const a = byDesignation.get(r.packedDesignation);
      if (!back || !a) throw new Error('unparsed line');
      const outcome = parseMpcorbCatalogueLine(line);
      if (outcome.kind !== 'record') throw new Error(`catalogue reader: ${JSON.stringify(outcome)}`);
      expect(outcome.record.orbit.elements).toEqual(a.elements);
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
