import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseVotable } from '../../test/support/table-readers.js';
import { tableColumns } from './table-columns.js';
import { encodeVotable, fieldIds, JD_TIMESYS_ID, xmlEscape } from './votable.js';

const votable = (rows: Record<string, unknown>[], columns?: string[]) =>
  parseVotable(encodeVotable(rows, tableColumns(rows, columns), 'objects_ZTF19acihgng'));

const alert = {
  'i:objectId': 'ZTF19acihgng',
  'i:candid': 1060135832015015002n,
  'i:jd': 2458814.6358218,
  'i:ra': 289.8937586,
  'i:dec': 61.8469285,
  'i:magpsf': Math.fround(18.59),
  'i:fid': 2,
  'd:from_upper': false,
  'v:lapse': 0,
  'v:constellation': 'Draco',
  'v:sigma(rate(g-r))': Number.NaN,
};

describe('encodeVotable', () => {
  it('writes a VOTable 1.4 with one TABLE named after the request', () => {
    const t = votable([alert]);
    expect(t.root.version).toBe('1.4');
    expect(t.root.xmlns).toBe('http://www.ivoa.net/xml/VOTable/v1.3');
    expect(t.table).toEqual({ name: 'objects_ZTF19acihgng', nrows: '1' });
  });

  it('describes each FIELD with name, NCName ID, datatype, unit, UCD and DESCRIPTION from the catalogue', () => {
    const byName = new Map(votable([alert]).fields.map((f) => [f.name, f]));
    expect(byName.get('i:ra')).toMatchObject({
      ID: 'i_ra',
      datatype: 'double',
      unit: 'deg',
      ucd: 'pos.eq.ra;meta.main',
    });
    expect(byName.get('i:ra')?.description).toMatch(/Right Ascension/i);
    expect(byName.get('i:objectId')).toMatchObject({ ID: 'i_objectId', datatype: 'char', arraysize: '*' });
    expect(byName.get('i:candid')).toMatchObject({ ID: 'i_candid', datatype: 'long' });
    expect(byName.get('i:magpsf')).toMatchObject({ datatype: 'float', unit: 'mag', ucd: 'phot.mag' });
    expect(byName.get('i:fid')).toMatchObject({ datatype: 'int' });
    expect(byName.get('d:from_upper')).toMatchObject({ ID: 'd_from_upper', datatype: 'boolean' });
    expect(byName.get('v:lapse')).toMatchObject({ unit: 'd', ucd: 'time.duration' });
    expect(byName.get('v:sigma(rate(g-r))')).toMatchObject({ ID: 'v_sigma_rate_g-r__', unit: 'mag/d' });
  });

  it('ties the Julian-date columns to a UTC TIMESYS with time origin 0 (JD)', () => {
    const t = votable([{ ...alert, 'i:jdstarthist': 2458814.6, 'i:jdendhist': 2458814.7 }]);
    expect(t.timesys).toEqual([
      { ID: JD_TIMESYS_ID, timeorigin: '0', timescale: 'UTC', refposition: 'TOPOCENTER' },
    ]);
    const refs = t.fields.filter((f) => f.ref === JD_TIMESYS_ID).map((f) => f.name);
    expect(refs).toEqual(['i:jd', 'i:jdstarthist', 'i:jdendhist']);
    expect(t.fields.find((f) => f.name === 'i:jd')).toMatchObject({ unit: 'd', datatype: 'double' });
    expect(votable([{ 'i:ra': 1 }]).timesys).toEqual([]);
  });

  it('round-trips the values: exact long, shortest float32, T/F booleans, empty TD for NaN', () => {
    const t = votable([alert]);
    const cell = (name: string) => t.rows[0][t.fields.findIndex((f) => f.name === name)];
    expect(cell('i:candid')).toBe('1060135832015015002');
    expect(cell('i:magpsf')).toBe('18.59');
    expect(Number(cell('i:jd'))).toBe(alert['i:jd']);
    expect(cell('d:from_upper')).toBe('F');
    expect(cell('v:sigma(rate(g-r))')).toBeNull();
    expect(cell('v:constellation')).toBe('Draco');
  });

  it('leaves cells empty for keys a row lacks (upper limits)', () => {
    const t = votable([
      { 'i:jd': 2, 'i:magpsf': 18.5, 'd:tag': 'valid' },
      { 'i:jd': 1, 'i:diffmaglim': 20.5, 'd:tag': 'upperlim' },
    ]);
    expect(t.fields.map((f) => f.name)).toEqual(['i:jd', 'i:magpsf', 'd:tag', 'i:diffmaglim']);
    expect(t.rows).toEqual([
      ['2', '18.5', 'valid', null],
      ['1', null, 'upperlim', '20.5'],
    ]);
  });

  it('writes 2-D stamps as double arrays of size Nx* in row-major order', () => {
    const stamp = [
      [1, 2, 3],
      [4, Number.NaN, 6],
    ];
    const t = votable([
      { 'b:cutoutScience_stampData': stamp },
      { 'b:cutoutScience_stampData': null },
      { 'b:cutoutScience_stampData': [] },
    ]);
    expect(t.fields[0]).toMatchObject({ datatype: 'double', arraysize: '3x*', ucd: 'phot.count;obs.image' });
    expect(t.rows).toEqual([['1 2 3 4 NaN 6'], [null], ['']]);
  });

  it('writes non-ASCII strings as unicodeChar and escapes XML special characters', () => {
    const t = votable([{ note: 'a < b & "c" \'d\' é\n' }]);
    expect(t.fields[0]).toMatchObject({ datatype: 'unicodeChar', arraysize: '*' });
    expect(t.rows[0][0]).toBe('a < b & "c" \'d\' é\n');
  });

  it('answers a well-formed empty table, with FIELDs when column names are given', () => {
    expect(votable([]).fields).toEqual([]);
    const t = votable([], ['i:objectId', 'i:jd']);
    expect(t.fields.map((f) => f.ID)).toEqual(['i_objectId', 'i_jd']);
    expect(t.rows).toEqual([]);
  });

  it('round-trips any text through XML escaping (invalid XML characters become U+FFFD)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const t = votable([{ s }]);
        const expected = s.replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD');
        expect(t.rows[0][0] ?? '').toBe(expected);
      }),
      { numRuns: 300 },
    );
    expect(xmlEscape('\u0001\uD800x')).toBe('\uFFFD\uFFFDx');
  });
});

describe('fieldIds', () => {
  it('makes unique XML NCNames from API names', () => {
    expect(fieldIds(['i:ra', 'i_ra', 'i:ra', '1st', 'v:g-r', JD_TIMESYS_ID], [JD_TIMESYS_ID])).toEqual([
      'i_ra',
      'i_ra_2',
      'i_ra_3',
      '_1st',
      'v_g-r',
      `${JD_TIMESYS_ID}_2`,
    ]);
  });

  it('always yields NCNames, all distinct', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 20 }), (names) => {
        const ids = fieldIds(names);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(id).toMatch(/^[A-Za-z_][A-Za-z0-9_.-]*$/);
      }),
    );
  });
});
