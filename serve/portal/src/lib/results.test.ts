import { describe, expect, it } from 'vitest';
import { cellText, isBlank, jdText, sortResults, toResultRows } from './results.js';

const rows = [
  {
    'i:objectId': 'ZTF1b',
    'i:jd': 2460400.5,
    'i:magpsf': 18.2,
    'v:classification': 'SN candidate',
    'd:nalerthist': 7,
    'v:separation_degree': 2 / 3600,
  },
  {
    'i:objectId': 'ZTF1a',
    'i:jd': 2460401.5,
    'i:magpsf': 17.1,
    'v:classification': 'Unknown',
    'v:separation_degree': 1 / 3600,
  },
  { 'i:objectId': 'ZTF1a', 'i:jd': 2460402.5, 'i:magpsf': 16.9, 'v:classification': 'Unknown' },
  { 'i:objectId': 'ZTF1c', 'i:jd': null, 'i:magpsf': null, 'v:classification': null },
];

describe('search results', () => {
  it('keeps one row per object, its latest alert, and counts alerts', () => {
    const results = toResultRows(rows);
    expect(results.map((r) => r.objectId)).toEqual(['ZTF1b', 'ZTF1a', 'ZTF1c']);
    expect(results[1]).toMatchObject({ lastMag: 16.9, lastJd: 2460402.5, alerts: 2 });
    expect(results[0]).toMatchObject({ alerts: 7 });
    expect(results[0].separationArcsec).toBeCloseTo(2, 9);
  });

  it('sorts by a column in both directions with nulls last', () => {
    const results = toResultRows(rows);
    expect(sortResults(results, 'lastJd').map((r) => r.objectId)).toEqual(['ZTF1b', 'ZTF1a', 'ZTF1c']);
    expect(sortResults(results, 'lastJd', true).map((r) => r.objectId)).toEqual(['ZTF1a', 'ZTF1b', 'ZTF1c']);
    expect(sortResults(results, 'lastMag').map((r) => r.objectId)).toEqual(['ZTF1a', 'ZTF1b', 'ZTF1c']);
    expect(sortResults(results, 'objectId', true).map((r) => r.objectId)).toEqual([
      'ZTF1c',
      'ZTF1b',
      'ZTF1a',
    ]);
    expect(sortResults(results, 'classification').map((r) => r.objectId)).toEqual([
      'ZTF1b',
      'ZTF1a',
      'ZTF1c',
    ]);
  });

  it('writes JD 2460400.5 as 2024-03-31 00:00:00 UTC (USNO JD converter)', () => {
    expect(jdText(2460400.5)).toBe('2024-03-31 00:00:00');
    expect(jdText(null)).toBe('');
  });
});

describe('result cells', () => {
  it('shows blank values (null, NaN, the text nan) as empty, ids as read, numbers in their format', () => {
    expect(['nan', 'NaN', 'None', null, undefined, Number.NaN, ''].every(isBlank)).toBe(true);
    expect(isBlank(0)).toBe(false);
    const [row] = toResultRows([
      { 'i:objectId': 'ZTF1a', 'd:vsx': 'nan', 'i:objectidps1': '211873243326729047', 'i:magpsf': 18.234 },
    ]);
    expect(cellText(row, { field: 'd:vsx', label: 'VSX', format: 'text' })).toBe('');
    expect(cellText(row, { field: 'i:objectidps1', label: 'PS1', format: 'text' })).toBe(
      '211873243326729047',
    );
    expect(cellText(row, { field: 'i:magpsf', label: 'mag', format: 'mag' })).toBe('18.23');
  });
});
