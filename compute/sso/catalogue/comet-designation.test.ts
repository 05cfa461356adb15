import { describe, expect, it } from 'vitest';
import { packCometDesignation, parseCometName, unpackCometDesignation } from './comet-designation.js';

describe('comet designations (MPC packed forms, docs/references.md#mpc-packed-designations)', () => {
  it('splits MPC and JPL readable spellings into designation and name', () => {
    expect(parseCometName('   10P/Tempel 2')).toEqual({ designation: '10P', name: 'Tempel 2' });
    expect(parseCometName('1P/Halley')).toEqual({ designation: '1P', name: 'Halley' });
    expect(parseCometName('73P-B/Schwassmann-Wachmann')).toEqual({
      designation: '73P-B',
      name: 'Schwassmann-Wachmann',
    });
    // JPL puts a numbered comet's fragment after the name
    expect(parseCometName('73P/Schwassmann-Wachmann 3-AB')).toEqual({
      designation: '73P-AB',
      name: 'Schwassmann-Wachmann 3',
    });
    expect(parseCometName('C/1995 O1 (Hale-Bopp)')).toEqual({ designation: 'C/1995 O1', name: 'Hale-Bopp' });
    expect(parseCometName('C/1996 J1-B (Evans-Drinkwater)')).toEqual({
      designation: 'C/1996 J1-B',
      name: 'Evans-Drinkwater',
    });
    expect(parseCometName('D/1993 F2-P1 (Shoemaker-Levy 9)')?.designation).toBe('D/1993 F2-P1');
    expect(parseCometName('C/2020 P4-A')).toEqual({ designation: 'C/2020 P4-A', name: null });
    expect(parseCometName('C/2015 YG1 (NEOWISE)')?.designation).toBe('C/2015 YG1');
    expect(parseCometName("1I/'Oumuamua")).toEqual({ designation: '1I', name: "'Oumuamua" });
    expect(parseCometName('A/2017 U1')).toEqual({ designation: 'A/2017 U1', name: null });
    expect(parseCometName('X/1106 C1')?.designation).toBe('X/1106 C1');
    expect(parseCometName('C/-146 P1')?.designation).toBe('C/-146 P1');
    expect(parseCometName('432P/')).toEqual({ designation: '432P', name: null });
    expect(parseCometName('Ceres')).toBeNull();
    expect(parseCometName('2010 JO69')).toBeNull();
  });

  it('packs and unpacks like MPC (1995 A1 = J95A010, 1994 P1-B = J94P01b)', () => {
    expect(packCometDesignation('C/1995 A1')).toBe('CJ95A010');
    expect(packCometDesignation('P/1994 P1-B')).toBe('PJ94P01b');
    expect(packCometDesignation('10P')).toBe('0010P');
    expect(packCometDesignation('C/2020 V2')).toBe('CK20V020');
    expect(packCometDesignation('C/2015 YG1')).toBe('CK15Y01G');
    expect(packCometDesignation('73P-B')).toBeNull();
    expect(packCometDesignation('C/-146 P1')).toBeNull();
    for (const d of ['C/1995 O1', 'C/2020 F3', 'D/1993 F2-B', 'C/2015 YG1', 'P/2010 A123', 'C/2019 Y4-D']) {
      const packed = packCometDesignation(d);
      expect(packed).not.toBeNull();
      expect(unpackCometDesignation(`    ${packed}`)).toBe(d);
    }
    // the real CometEls.txt columns 1-12 of Hale-Bopp, NEOWISE and Halley
    expect(unpackCometDesignation('    CJ95O010')).toBe('C/1995 O1');
    expect(unpackCometDesignation('    CK20F030')).toBe('C/2020 F3');
    expect(unpackCometDesignation('0001P       ')).toBe('1P');
    expect(unpackCometDesignation('0073P      b')).toBe('73P-B');
    expect(unpackCometDesignation('00001       ')).toBeNull();
  });
});
