import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testDataPath } from '../../../test/support/test-data.js';
import { formatMpcorbLine, packNumber, packProvisional, parseMpcorbLine } from '../mpcorb-format.js';
import { mpcorbIdentity, parseMpcorbCatalogueLine } from './mpcorb-record.js';

const realLines = fs
  .readFileSync(testDataPath('orbits', 'skyfield_MPCORB.excerpt.DAT'), 'utf8')
  .split('\n')
  .filter((l) => l !== '');

describe('MPCORB.DAT lines to catalogue records', () => {
  it('reads every real line of the excerpt: (1) Ceres to (4) Vesta', () => {
    const records = realLines.map(parseMpcorbCatalogueLine);
    expect(
      records.map((r) => (r.kind === 'record' ? `${r.record.number} ${r.record.name}` : r.kind)),
    ).toEqual(['1 Ceres', '2 Pallas', '3 Juno', '4 Vesta']);
    const ceres = records[0];
    if (ceres.kind !== 'record') throw new Error('Ceres not parsed');
    // hand check: q = a (1 - e) = 2.7676569 x 0.9224429; T = epoch 2020-05-31 - M / n = 2459000.5 - 760.003 d
    expect(ceres.record.orbit.elements).toEqual({
      qAu: expect.closeTo(2.553005457, 8),
      e: 0.0775571,
      inclDeg: 10.58862,
      nodeDeg: 80.28698,
      periDeg: 73.73161,
      perihelionJdTt: expect.closeTo(2458240.497, 3),
      epochJdTt: 2459000.5,
    });
    expect(ceres.record.orbit.magnitude).toEqual({ kind: 'asteroid', hMag: 3.4, gSlope: 0.15 });
    expect(ceres.record).toMatchObject({ kind: 'asteroid', designation: null, source: 'mpcorb' });
  });

  it('reads identities from packed and readable designations', () => {
    expect(mpcorbIdentity('08467', '(8467) Benoitcarry')).toEqual({
      kind: 'asteroid',
      number: 8467,
      name: 'Benoitcarry',
      designation: null,
    });
    expect(mpcorbIdentity(packNumber(624188), '(624188) 2002 MA6')).toEqual({
      kind: 'asteroid',
      number: 624188,
      name: null,
      designation: '2002 MA6',
    });
    expect(mpcorbIdentity('K10J69O', '2010 JO69')).toEqual({
      kind: 'asteroid',
      number: null,
      name: null,
      designation: '2010 JO69',
    });
    expect(mpcorbIdentity('PLS2040', '2040 P-L')?.designation).toBe('2040 P-L');
    expect(mpcorbIdentity('_Q0AAAA', '')).toBeNull();
  });

  it('skips header and blank lines, rejects broken orbit lines with a reason', () => {
    expect(parseMpcorbCatalogueLine('')).toEqual({ kind: 'not-orbit' });
    expect(parseMpcorbCatalogueLine('MINOR PLANET CENTER ORBIT DATABASE (MPCORB)')).toEqual({
      kind: 'not-orbit',
    });
    expect(parseMpcorbCatalogueLine('-'.repeat(202))).toEqual({ kind: 'not-orbit' });
    const broken = `${realLines[0].slice(0, 70)}0.07x5571${realLines[0].slice(79)}`;
    expect(parseMpcorbCatalogueLine(broken)).toEqual({
      kind: 'rejected',
      reason: 'bad e in columns 71-79: "0.07x5571"',
    });
    expect(parseMpcorbCatalogueLine(realLines[0].slice(0, 90))).toEqual({
      kind: 'rejected',
      reason: 'line too short (90 columns)',
    });
  });

  it('reads lines written by the simulator writer (unnumbered, blank G)', () => {
    const ceres = parseMpcorbLine(realLines[0]);
    if (!ceres) throw new Error('unparsed');
    const line = formatMpcorbLine({
      ...ceres,
      packedDesignation: packProvisional('2010 JO69'),
      readableDesignation: '2010 JO69',
    });
    const blankG = `${line.slice(0, 14)}     ${line.slice(19)}`;
    const out = parseMpcorbCatalogueLine(blankG);
    expect(out.kind === 'record' && out.record).toMatchObject({
      number: null,
      designation: '2010 JO69',
      orbit: { magnitude: { hMag: 3.4, gSlope: null } },
    });
  });
});
