import { describe, expect, it } from 'vitest';
import { diaObjectSearchUrl, objectPath, type StoreEntry, ssoPath, storeEntries, storeOf } from './stores.js';

const BOTH: StoreEntry[] = storeEntries([
  { name: 'ztf', survey: 'ztf', api: '/ztf/api/v1', default: true },
  { name: 'lsst', survey: 'lsst', api: '/lsst/api/v1', default: false },
  { name: 'x', survey: 'hsc', api: '/x/api/v1', default: false },
]);

describe('the stores of the server', () => {
  it('reads the resolvers a store lists (null when the server does not say)', () => {
    const [listed, unsaid] = storeEntries([
      { name: 'ztf', survey: 'ztf', api: '/ztf/api/v1', default: true, resolvers: ['tns', 'ssodnet'] },
      { name: 'lsst', survey: 'lsst', api: '/lsst/api/v1', default: false },
    ]);
    expect(listed.resolvers).toEqual(['tns', 'ssodnet']);
    expect(unsaid.resolvers).toBeNull();
  });

  it('keeps the well-formed entries and finds a store by its path prefix', () => {
    expect(BOTH.map((s) => s.name)).toEqual(['ztf', 'lsst']);
    expect(storeOf(BOTH, null)?.name).toBe('ztf');
    expect(storeOf(BOTH, 'lsst')?.survey).toBe('lsst');
    expect(storeOf(BOTH, 'nope')).toBeUndefined();
  });

  it('names the pages of each store', () => {
    expect(objectPath(BOTH[0], 'ZTF21abfmbix')).toBe('/ZTF21abfmbix');
    expect(objectPath(BOTH[1], '169738309211783177')).toBe('/lsst/object/169738309211783177');
    expect(ssoPath(BOTH[0], '8467')).toBe('/sso/8467');
    expect(ssoPath(BOTH[1], '2001 SB97')).toBe('/lsst/sso/2001%20SB97');
  });

  it('opens a diaObjectId typed in the search bar on the LSST store, digits unchanged', () => {
    // 2^63 − 1 has 19 digits; beyond 2^53 a JavaScript number would change them
    expect(diaObjectSearchUrl('auto', ' 9223372036854775807 ', BOTH)).toBe(
      '/lsst/object/9223372036854775807',
    );
    expect(diaObjectSearchUrl('objectid', '169738309211783177', BOTH)).toBe(
      '/lsst/object/169738309211783177',
    );
    expect(diaObjectSearchUrl('auto', '8467', BOTH)).toBeNull();
    expect(diaObjectSearchUrl('sso', '169738309211783177', BOTH)).toBeNull();
    expect(diaObjectSearchUrl('auto', '169738309211783177', [BOTH[0]])).toBeNull();
  });
});
