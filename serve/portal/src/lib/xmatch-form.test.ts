import { describe, expect, it } from 'vitest';
import { type XmatchFields, xmatchColumns, xmatchFormData, xmatchProblems } from './xmatch-form.js';

const OK: XmatchFields = {
  catalogText: 'RA,Dec,ID\n193.82,2.89,a\n',
  file: null,
  fileName: '',
  header: 'RA, Dec, ID',
  radiusArcsec: '1.5',
  windowDays: '',
};

describe('xmatchProblems', () => {
  it('accepts a pasted catalogue with a 3-column header and a radius', () => {
    expect(xmatchProblems(OK)).toEqual([]);
    expect(xmatchProblems({ ...OK, header: 'RA,Dec,ID,Time', windowDays: '2' })).toEqual([]);
  });

  it('names each problem', () => {
    expect(xmatchProblems({ ...OK, catalogText: ' ' })).toEqual([
      'Give a catalogue: paste CSV text or choose a file.',
    ]);
    expect(xmatchProblems({ ...OK, file: new Blob(['x']) })[0]).toContain('not both');
    expect(xmatchProblems({ ...OK, header: 'RA,Dec' })[0]).toContain('3 or 4 columns');
    expect(xmatchProblems({ ...OK, radiusArcsec: '18001' })[0]).toContain('at most 18,000');
    expect(xmatchProblems({ ...OK, radiusArcsec: '0' })[0]).toContain('more than 0');
    expect(xmatchProblems({ ...OK, radiusArcsec: '' })[0]).toContain('radius');
    expect(xmatchProblems({ ...OK, windowDays: '-1' })[0]).toContain('window');
  });
});

describe('xmatchFormData', () => {
  it('sends pasted text as catalog, the header without blanks, and the output format', () => {
    const form = xmatchFormData(OK);
    expect(form.get('catalog')).toBe(OK.catalogText);
    expect(form.get('file')).toBeNull();
    expect(form.get('header')).toBe('RA,Dec,ID');
    expect(form.get('radius')).toBe('1.5');
    expect(form.get('window')).toBeNull();
    expect(form.get('output-format')).toBe('json');
  });

  it('sends a file in the file field, with its name', async () => {
    const file = new Blob(['RA,Dec,ID\n1,2,a\n'], { type: 'text/csv' });
    const form = xmatchFormData(
      { ...OK, catalogText: '', file, fileName: 'mine.csv', windowDays: '3' },
      'votable',
    );
    const sent = form.get('file');
    expect(sent).toBeInstanceOf(Blob);
    expect((sent as File).name).toBe('mine.csv');
    expect(await (sent as Blob).text()).toBe('RA,Dec,ID\n1,2,a\n');
    expect(form.get('catalog')).toBeNull();
    expect(form.get('window')).toBe('3');
    expect(form.get('output-format')).toBe('votable');
  });
});

describe('xmatchColumns', () => {
  it('puts catalogue columns first, then alert fields, then the separation (in arcsec)', () => {
    const row = {
      ID: 'a',
      RA: 1,
      Dec: 2,
      'i:objectId': 'ZTF1',
      'i:fid': 1,
      'v:separation_degree': 1e-4,
      'i:jd': 3,
    };
    expect(xmatchColumns([row])).toEqual(['ID', 'RA', 'Dec', 'i:objectId', 'i:jd', 'separation (arcsec)']);
    expect(xmatchColumns([])).toEqual([]);
  });
});
