import { describe, expect, it } from 'vitest';
import { type GwFields, gwFormData, gwProblems, mocOf, mocSkyFraction, SKY_AREA_DEG2 } from './gw-form.js';

const OK: GwFields = {
  file: new Blob([new Uint8Array([0x1f, 0x8b])]),
  fileName: 'bayestar.fits.gz',
  credibleLevel: '0.9',
  nDayBefore: '1',
  nDayAfter: '6',
};

describe('gwProblems', () => {
  it('accepts a map with a level in (0, 1] and days >= 0', () => {
    expect(gwProblems(OK)).toEqual([]);
    expect(gwProblems({ ...OK, credibleLevel: '1', nDayBefore: '0' })).toEqual([]);
  });

  it('names each problem', () => {
    expect(gwProblems({ ...OK, file: null })[0]).toContain('Choose a sky map');
    expect(gwProblems({ ...OK, credibleLevel: '1.2' })[0]).toContain('credible level');
    expect(gwProblems({ ...OK, credibleLevel: '0' })[0]).toContain('credible level');
    expect(gwProblems({ ...OK, nDayBefore: '-1' })).toEqual([
      'The days before the event are a number, 0 or more.',
    ]);
    expect(gwProblems({ ...OK, nDayAfter: '' })).toEqual([
      'The days after the event are a number, 0 or more.',
    ]);
  });
});

describe('gwFormData', () => {
  it('sends the map file and the arguments of /bayestar', () => {
    const form = gwFormData(OK, 'moc-json');
    expect((form.get('file') as File).name).toBe('bayestar.fits.gz');
    expect(form.get('credible_level')).toBe('0.9');
    expect(form.get('n_day_before')).toBe('1');
    expect(form.get('n_day_after')).toBe('6');
    expect(form.get('output-format')).toBe('moc-json');
  });
});

describe('MOC answers', () => {
  it('accepts IVOA MOC JSON and refuses anything else', () => {
    expect(mocOf({ '3': [1, 2], '4': [40] })).toEqual({ '3': [1, 2], '4': [40] });
    expect(mocOf([{ a: 1 }])).toBeNull();
    expect(mocOf({ x: [1] })).toBeNull();
    expect(mocOf({ '3': [-1] })).toBeNull();
    expect(mocOf({})).toBeNull();
  });

  it('gives the sky fraction: one order-0 cell is 1/12 of the sky (41,253 deg² in all)', () => {
    expect(mocSkyFraction({ '0': [0] })).toBeCloseTo(1 / 12, 12);
    expect(mocSkyFraction({ '1': [0, 1, 2, 3], '0': [1] })).toBeCloseTo(2 / 12, 12);
    expect(SKY_AREA_DEG2).toBeCloseTo(41252.96, 2);
  });
});
