import { describe, expect, it } from 'vitest';
import { apiCall, MAX_SEARCH_N } from './search-api.js';

describe('API call of a search (docs/references.md#portal-search)', () => {
  it("maps each search to its endpoint, asking for the endpoint's most rows where it has a limit", () => {
    // docs/api.md: conesearch and explorer answer at most 10,000 objects (n), 1,000 by default
    expect(MAX_SEARCH_N).toBe(10_000);
    expect(apiCall({ action: 'objectid', objectId: 'ZTF21' })).toEqual({
      endpoint: 'explorer',
      args: { objectId: 'ZTF21', n: 10_000 },
      limit: 10_000,
    });
    expect(apiCall({ action: 'conesearch', raDeg: 1, decDeg: 2, radiusArcsec: 3 })).toEqual({
      endpoint: 'conesearch',
      args: { ra: 1, dec: 2, radius: 3, n: 10_000 },
      limit: 10_000,
    });
    expect(apiCall({ action: 'daterange', after: '2024-03-29', windowDays: 1 }).args).toEqual({
      startdate: '2024-03-29',
      window: 1,
      n: 10_000,
    });
    expect(apiCall({ action: 'tracklet', id: 'TRCK_2024' })).toEqual({
      endpoint: 'tracklet',
      args: { id: 'TRCK_2024' },
      limit: null,
    });
  });

  it('sends the time window, the class window and the trend under the API’s names', () => {
    expect(
      apiCall({
        action: 'class',
        className: 'SN candidate',
        last: 10,
        after: '2023-11-07T04:00:00',
        before: '2023-12-01',
        trend: 'rising',
      }),
    ).toEqual({
      endpoint: 'latests',
      args: {
        class: 'SN candidate',
        n: 10,
        startdate: '2023-11-07T04:00:00',
        stopdate: '2023-12-01',
        trend: 'rising',
      },
      limit: null,
    });
    const cone = { action: 'conesearch', raDeg: 1, decDeg: 2, radiusArcsec: 3 } as const;
    expect(apiCall({ ...cone, after: '2021-07-01', windowDays: 2 }).args).toMatchObject({
      startdate: '2021-07-01',
      window: 2,
    });
    expect(apiCall({ ...cone, after: '2021-07-01', before: '2021-08-01' }).args).toMatchObject({
      startdate: '2021-07-01',
      stopdate: '2021-08-01',
    });
  });

  it('asks for the columns given, and the numbers found for a Solar System prefix', () => {
    expect(
      apiCall({ action: 'objectid', objectId: 'ZTF24' }, { columns: ['i:objectId', 'i:ra'] }).args,
    ).toEqual({ objectId: 'ZTF24', n: 10_000, columns: 'i:objectId,i:ra' });
    expect(
      apiCall({ action: 'sso', sso: '8467', partial: true }, { ssoMatches: ['8467', '84673'] }).args,
    ).toEqual({ n_or_d: '8467,84673' });
    expect(apiCall({ action: 'sso', sso: '8467', partial: false }, { ssoMatches: ['84673'] }).args).toEqual({
      n_or_d: '8467',
    });
  });
});
