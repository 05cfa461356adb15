import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testDataPath } from '../../../test/support/test-data.js';
import { calendarToJd, parseCometElsLine } from './cometels-record.js';

const realLines = fs
  .readFileSync(testDataPath('orbits', 'skyfield_CometEls.txt'), 'utf8')
  .split('\n')
  .filter((l) => l !== '');

function record(line: string) {
  const out = parseCometElsLine(line);
  if (out.kind !== 'record') throw new Error(`not parsed: ${JSON.stringify(out)}`);
  return out.record;
}

describe('CometEls.txt lines to catalogue records', () => {
  it('converts calendar dates to JD (Meeus 1998 example 7.a: 1957 Oct 4.81 = JD 2436116.31)', () => {
    expect(calendarToJd(1957, 10, 4.81)).toBeCloseTo(2436116.31, 6);
    expect(calendarToJd(2000, 1, 1.5)).toBe(2451545.0);
    // year 33 is not 1933: 1,900 Gregorian years = 4 x 146,097 + 300 x 365 + 72 days
    expect(calendarToJd(1933, 3, 1) - calendarToJd(33, 3, 1)).toBe(693960);
  });

  it('reads the three real lines: Hale-Bopp, NEOWISE, Halley', () => {
    expect(realLines).toHaveLength(3);
    const haleBopp = record(realLines[0]);
    expect(haleBopp).toMatchObject({
      kind: 'comet',
      number: null,
      name: 'Hale-Bopp',
      designation: 'C/1995 O1',
    });
    // T = 1997 03 29.6884 TT = JD 2450536.5 + 0.6884; epoch 2020-07-07 0h TT = JD 2459037.5
    expect(haleBopp.orbit.elements).toEqual({
      qAu: 0.911359,
      e: 0.994936,
      inclDeg: 88.9864,
      nodeDeg: 283.3688,
      periDeg: 130.5984,
      perihelionJdTt: expect.closeTo(2450537.1884, 6),
      epochJdTt: 2459037.5,
    });
    expect(haleBopp.orbit.magnitude).toEqual({ kind: 'comet', hMag: -2, gSlope: 4 });
    expect(record(realLines[1])).toMatchObject({ name: 'NEOWISE', designation: 'C/2020 F3' });
    const halley = record(realLines[2]);
    expect(halley).toMatchObject({ designation: '1P', name: 'Halley', source: 'cometels' });
    expect(halley.orbit.elements.perihelionJdTt).toBeCloseTo(2446450.9321, 6); // 1986 01 20.4321
    expect(halley.orbit.elements.inclDeg).toBe(162.3035);
  });

  it('falls back on the packed columns, takes T as epoch when none, reads fragments', () => {
    const noName = `${realLines[0].slice(0, 102)}${' '.repeat(56)}${realLines[0].slice(158)}`;
    expect(record(noName).designation).toBe('C/1995 O1');
    const noEpoch = `${realLines[2].slice(0, 81)}        ${realLines[2].slice(89)}`;
    const r = record(noEpoch).orbit.elements;
    expect(r.epochJdTt).toBe(r.perihelionJdTt);
    const fragment = `0073P      b${realLines[2].slice(12, 102)}73P-B/Schwassmann-Wachmann`;
    expect(record(fragment)).toMatchObject({ designation: '73P-B', name: 'Schwassmann-Wachmann' });
  });

  it('skips blank lines and rejects broken ones with a reason', () => {
    expect(parseCometElsLine('   ')).toEqual({ kind: 'not-orbit' });
    const badQ = `${realLines[0].slice(0, 30)} 0.9x1359${realLines[0].slice(39)}`;
    expect(parseCometElsLine(badQ)).toEqual({ kind: 'rejected', reason: 'qAu is not a number' });
    const badMonth = `${realLines[0].slice(0, 19)}13${realLines[0].slice(21)}`;
    expect(parseCometElsLine(badMonth)).toMatchObject({ kind: 'rejected' });
    const noDesignation = `            ${realLines[0].slice(12, 102)}`;
    expect(parseCometElsLine(noDesignation)).toMatchObject({ kind: 'rejected' });
  });
});
