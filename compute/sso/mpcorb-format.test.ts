import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedPath } from '../../test/support/shared.js';
import {
  formatMpcorbLine,
  MpcFormatError,
  packEpoch,
  packNumber,
  packProvisional,
  parseMpcorbLine,
  readableDesignation,
  unpackEpoch,
  unpackNumber,
  unpackProvisional,
  ztfSsnamenr,
} from './mpcorb-format.js';

const EXCERPT = sharedPath('data', 'orbits', 'skyfield_MPCORB.excerpt.DAT');
const realLines = fs
  .readFileSync(EXCERPT, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');

describe('packed numbers and designations (docs/references.md#mpc-packed-designations)', () => {
  it('packs and unpacks numbers in the three ranges', () => {
    expect(packNumber(8467)).toBe('08467');
    expect(packNumber(100000)).toBe('A0000');
    expect(packNumber(619999)).toBe('z9999');
    expect(packNumber(620000)).toBe('~0000');
    expect(packNumber(620061)).toBe('~000z');
    for (const n of [1, 99999, 100000, 354321, 619999, 620000, 900123, 3140113]) {
      expect(unpackNumber(packNumber(n))).toBe(n);
    }
    expect(() => packNumber(0)).toThrow(MpcFormatError);
    expect(unpackNumber('K19A12B')).toBeNull();
  });

  it('packs provisional designations like MPC', () => {
    expect(packProvisional('1995 XA')).toBe('J95X00A');
    expect(packProvisional('1995 XL1')).toBe('J95X01L');
    expect(packProvisional('1998 SQ108')).toBe('J98SA8Q');
    expect(packProvisional('2007 TA418')).toBe('K07Tf8A');
    expect(packProvisional('2010 JO69')).toBe('K10J69O');
    for (const d of ['2019 AB12', '2023 XY', '2024 CZ619', '1899 AA5']) {
      expect(unpackProvisional(packProvisional(d))).toBe(d);
    }
    expect(packProvisional('2040 P-L')).toBe('PLS2040');
    expect(packProvisional('3138 T-1')).toBe('T1S3138');
    expect(unpackProvisional('T2S1010')).toBe('1010 T-2');
    expect(unpackProvisional('T3S4101')).toBe('4101 T-3');
    expect(ztfSsnamenr('2010 JO69')).toBe('2010JO69');
    expect(() => packProvisional('Ceres')).toThrow(MpcFormatError);
  });

  it('packs epochs (K205V = 2020-05-31 0h TT = JD 2459000.5)', () => {
    expect(unpackEpoch('K205V')).toBe(2459000.5);
    expect(packEpoch(2459000.5)).toBe('K205V');
    expect(packEpoch(2460319.5)).toBe('K241A'); // 2024-01-10
    expect(unpackEpoch('J9611')).toBe(2450083.5); // 1996-01-01
    expect(unpackEpoch('xxxxx')).toBeNull();
  });
});

describe('MPCORB lines', () => {
  it('parses the real skyfield excerpt lines (1) Ceres to (4) Vesta', () => {
    const ceres = parseMpcorbLine(realLines[0]);
    expect(ceres).not.toBeNull();
    expect(ceres?.packedDesignation).toBe('00001');
    expect(ceres?.hMag).toBe(3.4);
    expect(ceres?.g).toBe(0.15);
    expect(ceres?.epochJdTt).toBe(2459000.5);
    expect(ceres?.meanAnomalyDeg).toBe(162.68631);
    expect(ceres?.periDeg).toBe(73.73161);
    expect(ceres?.nodeDeg).toBe(80.28698);
    expect(ceres?.inclDeg).toBe(10.58862);
    expect(ceres?.e).toBe(0.0775571);
    expect(ceres?.meanMotionDegPerDay).toBe(0.21406009);
    expect(ceres?.aAu).toBe(2.7676569);
    expect(ceres?.readableDesignation).toBe('(1) Ceres');
    expect(ceres?.lastObservation).toBe('20190915');
    expect(parseMpcorbLine(realLines[3])?.readableDesignation).toBe('(4) Vesta');
  });

  it('writes the real lines back column for column (H aside: MPC wrote "3.4" with one decimal)', () => {
    for (const line of realLines) {
      const parsed = parseMpcorbLine(line);
      if (!parsed) throw new Error('unparsed line');
      const written = formatMpcorbLine(parsed);
      expect(written).toHaveLength(202);
      expect(written.slice(0, 8)).toBe(line.slice(0, 8));
      expect(written.slice(13)).toBe(line.slice(13));
      expect(Number(written.slice(8, 13))).toBe(Number(line.slice(8, 13)));
    }
  });

  it('round-trips a simulated numbered and an unnumbered orbit', () => {
    const base = {
      hMag: 16.84,
      g: 0.15,
      epochJdTt: 2460310.5,
      meanAnomalyDeg: 12.34567,
      periDeg: 301.5,
      nodeDeg: 5.25,
      inclDeg: 7.125,
      e: 0.1234567,
      meanMotionDegPerDay: 0.23456789,
      aAu: 2.6543211,
      observations: 120,
      oppositions: 5,
      arc: '2012-2023',
      lastObservation: '20231201',
    };
    const numbered = {
      ...base,
      packedDesignation: packNumber(900123),
      readableDesignation: '(900123) 2019 AB12',
    };
    const line = formatMpcorbLine(numbered);
    expect(line.slice(0, 7)).toBe('~1As7  ');
    expect(line.slice(166, 194)).toBe(readableDesignation(900123, '2019 AB12').padEnd(28));
    expect(parseMpcorbLine(line)).toMatchObject(numbered);
    const provisional = {
      ...base,
      packedDesignation: packProvisional('2021 QT7'),
      readableDesignation: '2021 QT7',
    };
    const line2 = formatMpcorbLine(provisional);
    expect(line2.slice(0, 7)).toBe('K21Q07T');
    expect(line2.slice(175, 183)).toBe('2021 QT7');
    expect(parseMpcorbLine(line2)).toMatchObject(provisional);
  });

  it('rejects values that do not fit and skips header lines', () => {
    expect(parseMpcorbLine('MINOR PLANET CENTER ORBIT DATABASE (MPCORB)')).toBeNull();
    expect(parseMpcorbLine('-'.repeat(202))).toBeNull();
    const ok = parseMpcorbLine(realLines[0]);
    if (!ok) throw new Error('unparsed line');
    expect(() => formatMpcorbLine({ ...ok, aAu: 12345678.9 })).toThrow(MpcFormatError);
  });
});
