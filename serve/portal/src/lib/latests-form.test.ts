import { describe, expect, it } from 'vitest';
import { classGroups, DEFAULT_N, latestsArgs, latestsRequestOf, MAX_N } from './latests-form.js';

describe('latestsRequestOf', () => {
  it('reads class, n and distinct from the query, n defaulted and clamped', () => {
    expect(latestsRequestOf(new URLSearchParams('class=SN%20candidate&n=25&distinct=true'))).toEqual({
      className: 'SN candidate',
      n: 25,
      distinct: true,
    });
    expect(latestsRequestOf(new URLSearchParams('n=abc')).n).toBe(DEFAULT_N);
    expect(latestsRequestOf(new URLSearchParams('n=-3')).n).toBe(DEFAULT_N);
    expect(latestsRequestOf(new URLSearchParams('n=99999')).n).toBe(MAX_N);
  });

  it('asks the API only once a class is chosen', () => {
    expect(latestsArgs({ className: '', n: 10, distinct: false })).toBeNull();
    expect(latestsArgs({ className: 'QSO', n: 5, distinct: true })).toEqual({
      class: 'QSO',
      n: 5,
      distinct: 'true',
    });
    expect(latestsArgs({ className: 'QSO', n: 5, distinct: false })).toEqual({ class: 'QSO', n: 5 });
  });
});

describe('classGroups', () => {
  it('groups the /classes answer (docs/references.md#api-classes shape), allclasses first', () => {
    const groups = classGroups({
      classnames: {
        'Fink classifiers': ['SN candidate', 'Unknown'],
        'Cross-match with SIMBAD (see http://simbad.u-strasbg.fr/simbad/sim-display?data=otypes)': [
          '(SIMBAD) QSO',
        ],
      },
    });
    expect(groups).toEqual([
      { label: 'All', classes: ['allclasses'] },
      { label: 'Fink classifiers', classes: ['SN candidate', 'Unknown'] },
      { label: 'Cross-match with SIMBAD', classes: ['(SIMBAD) QSO'] },
    ]);
    expect(classGroups(null)).toEqual([{ label: 'All', classes: ['allclasses'] }]);
  });
});
