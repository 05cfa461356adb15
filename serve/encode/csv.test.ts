import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/support/table-readers.js';
import { csvField, encodeCsv } from './csv.js';
import { tableColumns } from './table-columns.js';

const csv = (rows: Record<string, unknown>[], columns?: string[]) =>
  encodeCsv(rows, tableColumns(rows, columns));

describe('encodeCsv', () => {
  it('writes a header of API names and one CRLF line per row', () => {
    const text = csv([
      { 'i:objectId': 'ZTF19acihgng', 'i:ra': 289.8937586, 'i:fid': 2 },
      { 'i:objectId': 'ZTF21abfmbix', 'i:ra': 1.5, 'i:fid': 1 },
    ]);
    expect(text).toBe('i:objectId,i:ra,i:fid\r\nZTF19acihgng,289.8937586,2\r\nZTF21abfmbix,1.5,1\r\n');
  });

  it('keeps 64-bit ids exact and writes float32 columns in their shortest form', () => {
    const text = csv([
      { 'i:candid': 1060135832015015002n, 'i:magpsf': Math.fround(18.59), 'i:jd': 2458814.6358 },
    ]);
    expect(parseCsv(text)[1]).toEqual(['1060135832015015002', '18.59', '2458814.6358']);
  });

  it('writes null, undefined, NaN and infinities as empty fields, and "" for an empty string', () => {
    const text = csv([{ a: null, b: Number.NaN, c: Number.POSITIVE_INFINITY, d: undefined, e: '' }]);
    expect(text.split('\r\n')[1]).toBe(',,,,""');
  });

  it('quotes fields with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('plain text')).toBe('plain text');
    const text = csv([{ 'v:classification': '(SIMBAD) Candidate_SN*, "x"' }]);
    expect(parseCsv(text)).toEqual([['v:classification'], ['(SIMBAD) Candidate_SN*, "x"']]);
  });

  it('writes the union of the keys of heterogeneous rows (valid alerts and upper limits)', () => {
    const text = csv([
      { 'i:jd': 2.5, 'i:magpsf': 18.5, 'd:tag': 'valid' },
      { 'i:jd': 1.5, 'i:diffmaglim': 20.25, 'd:tag': 'upperlim' },
    ]);
    expect(parseCsv(text)).toEqual([
      ['i:jd', 'i:magpsf', 'd:tag', 'i:diffmaglim'],
      ['2.5', '18.5', 'valid', ''],
      ['1.5', '', 'upperlim', '20.25'],
    ]);
  });

  it('writes cutout stamps as JSON text with NaN pixels as null', () => {
    const stamp = [
      [1, 2.5],
      [Number.NaN, 4],
    ];
    const rows = parseCsv(csv([{ 'b:cutoutScience_stampData': stamp }]));
    expect(JSON.parse(rows[1][0])).toEqual([
      [1, 2.5],
      [null, 4],
    ]);
    const typed = parseCsv(csv([{ 'b:cutoutScience_stampData': [new Float32Array([1, 2])] }]));
    expect(JSON.parse(typed[1][0])).toEqual([[1, 2]]);
  });

  it('writes booleans as true/false, bytes as base64 and dates in ISO 8601 UTC', () => {
    const when = new Date(Date.UTC(2019, 10, 27, 3, 15, 36, 123));
    const rows = parseCsv(csv([{ 'd:from_upper': true, raw: new Uint8Array([1, 2, 3]), when }]));
    expect(rows[1]).toEqual(['true', 'AQID', '2019-11-27T03:15:36.123Z']);
  });

  it('writes a one-column null as "" so that the line is not blank', () => {
    expect(csv([{ 'i:ssnamenr': null }, { 'i:ssnamenr': '1992AL' }])).toBe('i:ssnamenr\r\n""\r\n1992AL\r\n');
  });

  it('writes just a header for an empty result with column hints, nothing without', () => {
    expect(csv([], ['i:objectId', 'i:jd'])).toBe('i:objectId,i:jd\r\n');
    expect(csv([])).toBe('');
  });

  it('round-trips any strings and numbers through an RFC 4180 parser', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ s: fc.string({ unit: 'binary' }), x: fc.double({ noNaN: true }), n: fc.bigInt() }),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        (rows) => {
          const parsed = parseCsv(csv(rows));
          expect(parsed[0]).toEqual(['s', 'x', 'n']);
          rows.forEach((r, i) => {
            expect(parsed[i + 1][0]).toBe(r.s);
            const x = parsed[i + 1][1];
            // -0 is written 0, as in JSON
            if (Number.isFinite(r.x)) expect(Number(x) === r.x).toBe(true);
            else expect(x).toBe('');
            expect(BigInt(parsed[i + 1][2])).toBe(r.n);
          });
        },
      ),
    );
  });
});
