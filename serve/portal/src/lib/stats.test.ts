import { describe, expect, it } from 'vitest';
import {
  CLASS_COLOURS,
  classTotals,
  cumulative,
  gapBrokenSeries,
  nightAxis,
  nightOfKey,
  statsDateArg,
  statsDateProblem,
  statsSeries,
} from './stats.js';

const ROWS = [
  {
    'key:key': 'ztf_20240302',
    'key:time': 1709420000000,
    'basic:raw': 700,
    'basic:sci': 680,
    'class:AGN': null,
    'class:QSO': 46,
    'class:Unknown': 99,
    'class:simbad_tot': 46,
    'class:simbad_gal': 99,
  },
  {
    'key:key': 'ztf_20240301',
    'key:time': 1709330000000,
    'basic:raw': 720,
    'basic:sci': 692,
    'class:AGN': 14,
    'class:QSO': 59,
    'class:Unknown': null,
    'class:simbad_tot': 73,
    'class:simbad_gal': 0,
  },
  { 'key:key': 'not a night', 'basic:raw': 1 },
];

describe('statsSeries', () => {
  it('orders nights, fills absent (null) classes with 0 and keeps the SIMBAD counts apart', () => {
    const s = statsSeries(ROWS);
    expect(s.nights).toEqual(['2024-03-01', '2024-03-02']);
    expect(s.basic).toEqual({ raw: [720, 700], sci: [692, 680] });
    expect(s.classes).toEqual({ QSO: [59, 46], AGN: [14, 0], Unknown: [0, 99] });
    expect(s.simbad).toEqual({ tot: [73, 46], gal: [0, 99] });
  });

  it('totals classes, largest first', () => {
    expect(classTotals(statsSeries(ROWS))).toEqual([
      { label: 'QSO', total: 105 },
      { label: 'Unknown', total: 99 },
      { label: 'AGN', total: 14 },
    ]);
  });
});

describe('helpers', () => {
  it('reads night keys', () => {
    expect(nightOfKey('ztf_20211103')).toBe('2021-11-03');
    expect(nightOfKey('ztf_2021')).toBeNull();
    expect(nightOfKey(3)).toBeNull();
  });

  it('sums cumulatively', () => {
    expect(cumulative([1, 2, 3])).toEqual([1, 3, 6]);
    expect(cumulative([])).toEqual([]);
  });

  it('accepts the date filters of the API', () => {
    expect(statsDateArg('')).toBe('');
    expect(statsDateArg('2024-03')).toBe('202403');
    expect(statsDateArg(' 20240301 ')).toBe('20240301');
    expect(statsDateArg('2024-3')).toBeNull();
    expect(statsDateArg('March')).toBeNull();
  });
});

describe('statistics page helpers', () => {
  it('says why a date filter is wrong', () => {
    expect(statsDateProblem('')).toBeNull();
    expect(statsDateProblem('2024-03-18')).toBeNull();
    expect(statsDateProblem('abc')).toMatch(/is not a date/);
    expect(statsDateProblem('202413')).toMatch(/Month 13/);
    expect(statsDateProblem('20230229')).toMatch(/no day 29/);
    expect(statsDateProblem('20240229')).toBeNull();
  });

  it('breaks the nightly line between seasons (more than 31 days apart)', () => {
    const { x, y } = gapBrokenSeries(['2019-11-01', '2019-11-02', '2021-06-01'], [1, 2, 3]);
    expect(x).toEqual(['2019-11-01', '2019-11-02', null, '2021-06-01']);
    expect(y).toEqual([1, 2, null, 3]);
  });

  it('gives every class drawn its own colour, and one night a day axis', () => {
    expect(new Set(CLASS_COLOURS.map((c) => c.toLowerCase())).size).toBe(CLASS_COLOURS.length);
    expect(nightAxis(['2024-03-18'])).toMatchObject({
      range: ['2024-03-17', '2024-03-19'],
      dtick: 86_400_000,
      tickformat: '%Y-%m-%d',
    });
  });
});
