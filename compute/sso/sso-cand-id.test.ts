import { describe, expect, it } from 'vitest';
import { assignSsoCandIds, isSsoCandId, MAX_SSO_CAND_COUNTER, ssoCandId } from './sso-cand-id.js';

describe('ssoCandId', () => {
  // fink-fat test_int_to_tags (docs/references.md#ssocand-id)
  it.each([
    [15, 2460135.98, 'FF20230710aaaaaap'],
    [27, 2460135.98, 'FF20230710aaaaabb'],
    [652, 2460135.98, 'FF20230710aaaaazc'],
    [3, 2460135.42, 'FF20230709aaaaaad'],
    [4, 2460137.57, 'FF20230712aaaaaae'],
    [5, 2460148.72, 'FF20230723aaaaaaf'],
  ])('counter %i at JD %d is %s', (counter, jd, id) => {
    expect(ssoCandId(counter, jd)).toBe(id);
    expect(isSsoCandId(id)).toBe(true);
  });

  it('takes the UTC calendar date: JD x.5 starts a day, x.4999 is the day before', () => {
    expect(ssoCandId(0, 2460135.5)).toBe('FF20230710aaaaaaa');
    expect(ssoCandId(0, 2460135.4999)).toBe('FF20230709aaaaaaa');
  });

  it.each([
    [-1, 2460135.98],
    [MAX_SSO_CAND_COUNTER + 1, 2460135.98],
    [0.5, 2460135.98],
    [0, Number.NaN],
    [0, Number.POSITIVE_INFINITY],
    [0, 0],
    [0, 1e9],
  ])('has no id for counter %d at JD %d', (counter, jd) => {
    expect(ssoCandId(counter, jd)).toBeNull();
  });
});

describe('isSsoCandId', () => {
  it.each(['FF20230725aaaacgw', 'FF2022aaaaaaa', 'FF20200505aaaaacn'])('accepts %s', (id) => {
    expect(isSsoCandId(id)).toBe(true);
  });
  it.each([
    '',
    'FF20230725',
    'FF20230725aaaacg',
    'FF20230725aaaacgww',
    'ff20230725aaaacgw',
    'FF20230725AAAACGW',
    'FF202307aaaacgw',
    "FF20230725aaaacgw' OR 1=1",
    ' FF20230725aaaacgw',
    '12',
  ])('rejects %j', (id) => {
    expect(isSsoCandId(id)).toBe(false);
  });
});

describe('assignSsoCandIds', () => {
  it('numbers a batch by reference epoch from the stored count, answering in input order (§5.4)', () => {
    expect(assignSsoCandIds([2460148.72, 2460135.42, 2460137.57], 3)).toEqual([
      'FF20230723aaaaaaf',
      'FF20230709aaaaaad',
      'FF20230712aaaaaae',
    ]);
  });

  it('starts at aaaaaaa on an empty store and keeps input order for equal epochs', () => {
    expect(assignSsoCandIds([2460135.98, 2460135.98], 0)).toEqual(['FF20230710aaaaaaa', 'FF20230710aaaaaab']);
    expect(assignSsoCandIds([], 12)).toEqual([]);
  });

  it('skips ids already taken, never reusing one', () => {
    const taken = new Set(['FF20230710aaaaaad', 'FF20230710aaaaaae']);
    expect(assignSsoCandIds([2460135.98, 2460135.99], 3, taken)).toEqual([
      'FF20230710aaaaaaf',
      'FF20230710aaaaaag',
    ]);
  });

  it('answers null for an invalid epoch, a bad start or a counter past 7 letters', () => {
    expect(assignSsoCandIds([2460135.98, Number.NaN], 0)).toBeNull();
    expect(assignSsoCandIds([2460135.98], -1)).toBeNull();
    expect(assignSsoCandIds([2460135.98, 2460135.99], MAX_SSO_CAND_COUNTER)).toBeNull();
    expect(assignSsoCandIds([2460135.98], MAX_SSO_CAND_COUNTER)).toEqual(['FF20230710zzzzzzz']);
  });
});
