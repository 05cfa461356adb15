import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedPath } from '../../../test/support/shared.js';
import { meanMotionDegPerDay } from '../ephemeris/index.js';
import type { CatalogueRecord } from './catalogue-record.js';
import { jplAsteroidIdentity, jplRowParser } from './jpl-sbdb-record.js';

interface Table {
  fields: string[];
  data: unknown[][];
}

function load(file: string): { table: Table; records: CatalogueRecord[]; rejected: string[] } {
  const table = JSON.parse(fs.readFileSync(sharedPath('data', 'orbits', file), 'utf8')) as Table;
  const parser = jplRowParser(table.fields);
  if (!parser) throw new Error('unknown layout');
  const records: CatalogueRecord[] = [];
  const rejected: string[] = [];
  for (const row of table.data) {
    const out = parser.parse(row);
    if (out.kind === 'record') records.push(out.record);
    else if (out.kind === 'rejected') rejected.push(out.reason);
  }
  return { table, records, rejected };
}

const asteroids = load('jpl_sbdb_asteroids_kstars.json');
const comets = load('jpl_sbdb_comets_kstars.json');
const find = (rs: CatalogueRecord[], designation: string) => {
  const r = rs.find((x) => x.designation === designation);
  if (!r) throw new Error(`${designation} missing`);
  return r;
};

describe('JPL SBDB tables (KStars JSON layout)', () => {
  it('reads every asteroid row but the one without a mean anomaly', () => {
    expect(asteroids.table.data).toHaveLength(7099);
    expect(asteroids.records).toHaveLength(7098);
    expect(asteroids.rejected).toEqual(['(2002 PD153): missing or non-elliptic elements']);
    expect(asteroids.records.filter((r) => r.number !== null)).toHaveLength(3808); // data/README.md §7
  });

  it('converts (a, e, M) to perihelion form consistently with the q and ma columns of every row', () => {
    const fields = asteroids.table.fields;
    const [iq, ima, ia] = ['q', 'ma', 'a'].map((f) => fields.indexOf(f));
    const parser = jplRowParser(fields);
    let worstQ = 0;
    let worstM = 0;
    for (const row of asteroids.table.data) {
      const out = parser?.parse(row);
      if (out?.kind !== 'record') continue;
      const el = out.record.orbit.elements;
      worstQ = Math.max(worstQ, Math.abs(el.qAu - Number(row[iq])));
      const m = (el.epochJdTt - el.perihelionJdTt) * meanMotionDegPerDay(Number(row[ia]));
      const diff = ((((m - Number(row[ima])) % 360) + 540) % 360) - 180;
      worstM = Math.max(worstM, Math.abs(diff));
    }
    expect(worstQ).toBeLessThan(1e-7); // AU: JPL q and a (1 - e) agree to 5e-8 AU at worst
    expect(worstM).toBeLessThan(1e-6); // deg (JD subtraction rounding, ~1e-10 day)
  });

  it('hand-checks Ceres (epoch MJD 59800 = JD 2459800.5 TDB)', () => {
    const ceres = find(asteroids.records, 'A801 AA');
    expect(ceres).toMatchObject({ number: 1, name: 'Ceres', source: 'jpl-sbdb' });
    expect(ceres.orbit.elements.qAu).toBeCloseTo(2.549063861972717, 12);
    expect(ceres.orbit.elements.epochJdTt).toBe(2459800.5);
    // M 334.327 deg: next passage 25.673 deg / 0.21407 deg/day after the epoch
    expect(ceres.orbit.elements.perihelionJdTt).toBeCloseTo(2459920.37, 2);
    expect(ceres.orbit.magnitude).toEqual({ kind: 'asteroid', hMag: 3.33, gSlope: 0.12 });
    expect(jplAsteroidIdentity('       (2010 JO69)')).toEqual({
      kind: 'asteroid',
      number: null,
      name: null,
      designation: '2010 JO69',
    });
    expect(jplAsteroidIdentity('  2309 Mr. Spock (1971 QX1)')?.name).toBe('Mr. Spock');
  });

  it('reads the comets: 10P/Tempel 2, Halley, hyperbolic C/2019 Q4 and C/2020 V2, fragments', () => {
    expect(comets.table.data).toHaveLength(3768);
    expect(comets.rejected).toEqual([]);
    const tempel2 = find(comets.records, '10P');
    expect(tempel2).toMatchObject({ kind: 'comet', number: null, name: 'Tempel 2' });
    expect(tempel2.orbit.elements).toEqual({
      qAu: 1.42157541610954,
      e: 0.5362527909890924,
      inclDeg: 12.02520019180638,
      nodeDeg: 117.8013510070295,
      periDeg: 195.5840183881886,
      perihelionJdTt: Number('2455382.161170190599'), // tp as JPL prints it
      epochJdTt: 56068 + 2400000.5,
    });
    expect(tempel2.orbit.magnitude).toEqual({ kind: 'comet', hMag: 14.1, gSlope: null });
    expect(find(comets.records, '1P').orbit.elements.qAu).toBe(0.585978111516909);
    expect(find(comets.records, 'C/1995 O1').name).toBe('Hale-Bopp');
    expect(find(comets.records, 'C/2019 Q4').orbit.elements.e).toBeCloseTo(3.3562, 4);
    expect(find(comets.records, 'C/2020 V2')).toMatchObject({
      name: 'ZTF',
      orbit: { elements: { e: 1.001415965047434 } },
    });
    expect(find(comets.records, '73P-B').name).toBe('Schwassmann-Wachmann 3');
    expect(find(comets.records, 'D/1993 F2-P1').name).toBe('Shoemaker-Levy 9');
    expect(find(comets.records, '432P').name).toBeNull();
  });

  it('refuses an unknown table layout', () => {
    expect(jplRowParser(['full_name', 'epoch_mjd', 'e'])).toBeNull();
  });
});
