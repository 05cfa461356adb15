/**
 * The portal's name search asks each store's `/resolver` with its survey's argument (serve/portal/src/lib/
 * store-resolver.ts): the requests it builds must be what the API's declared arguments accept — ZTF's schema takes
 * `name`, the LSST one `name_or_id` and refuses a `name` alone — checked against the endpoints' own schemas
 * (serve/api/resolver.ts, serve/api/lsst/resolver.ts), not against the portal's table.
 */
import { describe, expect, it } from 'vitest';
import { LSST_RESOLVER_ENDPOINT } from '../../serve/api/lsst/resolver.js';
import { RESOLVER_ENDPOINT } from '../../serve/api/resolver.js';
import { resolverRequest } from '../../serve/portal/src/lib/store-resolver.js';
import type { StoreEntry } from '../../serve/portal/src/lib/stores.js';

const ZTF: StoreEntry = { name: 'ztf', survey: 'ztf', api: '/ztf/api/v1', default: true, resolvers: null };
const LSST: StoreEntry = {
  name: 'lsst',
  survey: 'lsst',
  api: '/lsst/api/v1',
  default: false,
  resolvers: null,
};

/** Whether an endpoint's declared arguments accept `args`, as its handler validates them. */
function accepts(endpoint: typeof RESOLVER_ENDPOINT, args: Record<string, unknown>): boolean {
  if (!endpoint.args) throw new Error(`${endpoint.path} declares no arguments`);
  return endpoint.args.safeParse(args).success;
}

describe("the portal's resolver requests", () => {
  it("go to each store's own API with the argument its schema declares", () => {
    const ztf = resolverRequest(ZTF, 'tns', 'AT 2024abc', 1);
    const lsst = resolverRequest(LSST, 'simbad', 'Gaia DR3 4836968293033500160');
    expect(ztf).toEqual({
      endpoint: '/ztf/api/v1/resolver',
      args: { resolver: 'tns', name: 'AT 2024abc', nmax: 1 },
    });
    expect(lsst).toEqual({
      endpoint: '/lsst/api/v1/resolver',
      args: { resolver: 'simbad', name_or_id: 'Gaia DR3 4836968293033500160' },
    });
    expect(accepts(RESOLVER_ENDPOINT, ztf.args)).toBe(true);
    expect(accepts(LSST_RESOLVER_ENDPOINT, lsst.args)).toBe(true);
    for (const resolver of ['tns', 'simbad', 'ssodnet'] as const)
      expect(accepts(LSST_RESOLVER_ENDPOINT, resolverRequest(LSST, resolver, '2024 AB', 1).args)).toBe(true);
  });

  it("would be refused with the other survey's argument name", () => {
    expect(accepts(LSST_RESOLVER_ENDPOINT, resolverRequest(ZTF, 'tns', 'AT 2024abc').args)).toBe(false);
    expect(accepts(RESOLVER_ENDPOINT, resolverRequest(LSST, 'tns', 'AT 2024abc').args)).toBe(false);
  });

  it("ask for the alerts' SIMBAD names only with an argument both APIs read as offline=true", () => {
    for (const [store, endpoint] of [
      [ZTF, RESOLVER_ENDPOINT],
      [LSST, LSST_RESOLVER_ENDPOINT],
    ] as const) {
      const { args } = resolverRequest(store, 'simbad', 'M 31', undefined, true);
      const parsed = endpoint.args?.safeParse(args);
      expect(parsed?.success).toBe(true);
      expect(parsed?.data).toMatchObject({ resolver: 'simbad', offline: true });
      // and without it, the API's default: SIMBAD's service asked for names the alerts do not carry
      expect(endpoint.args?.safeParse(resolverRequest(store, 'simbad', 'M 31').args).data).toMatchObject({
        offline: false,
      });
    }
  });

  it('ask the default store at its prefixed API as well as any other', () => {
    expect(resolverRequest({ ...ZTF, api: '/api/v1' }, 'ssodnet', '8467').endpoint).toBe('/api/v1/resolver');
  });
});
