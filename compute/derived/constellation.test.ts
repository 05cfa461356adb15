import { describe, expect, it } from 'vitest';
import { constellationName } from './constellation.js';

describe('constellationName (docs/references.md#derived-fields, v:constellation)', () => {
  it('names the constellation of well-known objects (J2000 positions from SIMBAD)', () => {
    const cases: [string, number, number, string][] = [
      ['M31', 10.6847, 41.269, 'Andromeda'],
      ['Polaris', 37.9546, 89.2641, 'Ursa Minor'],
      ['Galactic centre (Sgr A*)', 266.417, -29.008, 'Sagittarius'],
      ['M87', 187.7059, 12.3911, 'Virgo'],
      ['M81', 148.8882, 69.0653, 'Ursa Major'],
      ['Arcturus', 213.9153, 19.1824, 'Boötes'],
      ['rho Oph', 246.3959, -23.4472, 'Ophiuchus'],
      ['Fomalhaut', 344.4127, -29.6222, 'Piscis Austrinus'],
      ['alf Ant', 156.7879, -31.0678, 'Antlia'],
      ['bet Cam', 75.8545, 60.4422, 'Camelopardalis'],
      ['alf Cha', 124.6315, -76.9197, 'Chamaeleon'],
      ['Sirius', 101.2872, -16.7161, 'Canis Major'],
      ['Betelgeuse', 88.7929, 7.4071, 'Orion'],
    ];
    for (const [name, raDeg, decDeg, expected] of cases) {
      expect(constellationName(raDeg, decDeg), name).toBe(expected);
    }
  });

  it('agrees with the reference service next to boundaries', () => {
    // `v:constellation` written by the Fink API (astropy) in
    // ../shared/data/sso/fink-fat_mpc_example_30sso.parquet
    // (all 9519 rows agree). Each of these lies within 30″ of a boundary; the first is 1″ below the And/Psc
    // boundary (dec 33° in B1875) without aberration, and astronomy-engine's own rotation names it Pisces.
    const rows: [string, number, number, string][] = [
      ['ZTF20acxchzd', 19.1677652, 33.6605525, 'Andromeda'],
      ['ZTF20acxbccc', 19.1688862, 33.6637048, 'Andromeda'],
      ['ZTF20acswssh', 12.4388597, 31.2093797, 'Pisces'],
      ['ZTF22aaarqes', 106.685342, 7.8261972, 'Monoceros'],
      ['ZTF22aaaqteg', 106.6965836, 7.8236846, 'Canis Minor'],
      ['ZTF19acscclk', 306.0401349, 7.6444403, 'Delphinus'],
      ['ZTF21aakymfy', 47.6871504, 31.1365588, 'Aries'],
      ['ZTF21aaivjjo', 26.1096157, 28.6311959, 'Triangulum'],
      ['ZTF21abqwbqv', 40.1442765, 37.2897167, 'Perseus'],
      ['ZTF21abquzva', 40.1393474, 37.2856599, 'Triangulum'],
      ['ZTF21acpxiuv', 182.3251303, -0.1159632, 'Virgo'],
      ['ZTF22aaabtbo', 72.9756956, 54.6276254, 'Camelopardalis'],
    ];
    for (const [objectId, raDeg, decDeg, expected] of rows) {
      expect(constellationName(raDeg, decDeg), objectId).toBe(expected);
    }
  });

  it('names the poles', () => {
    expect(constellationName(0, 90)).toBe('Ursa Minor');
    expect(constellationName(123, -90)).toBe('Octans');
  });

  it('wraps right ascension', () => {
    expect(constellationName(10.6847 + 360, 41.269)).toBe('Andromeda');
    expect(constellationName(-10, 20)).toBe(constellationName(350, 20));
    expect(constellationName(360, 0)).toBe(constellationName(0, 0));
  });

  it('gives one of 88 distinct full names over a grid of the sky', () => {
    const names = new Set<string | null>();
    for (let dec = -89.5; dec < 90; dec += 1) {
      for (let ra = 0.5; ra < 360; ra += 1) names.add(constellationName(ra, dec));
    }
    expect(names.has(null)).toBe(false);
    expect(names.size).toBe(88);
    for (const name of names) expect(name?.length).toBeGreaterThan(2);
  });

  it('gives null for invalid coordinates', () => {
    expect(constellationName(Number.NaN, 0)).toBeNull();
    expect(constellationName(0, Number.POSITIVE_INFINITY)).toBeNull();
    expect(constellationName(0, 90.0001)).toBeNull();
    expect(constellationName(0, -91)).toBeNull();
  });
});
