import { describe, expect, it } from 'vitest';
import { type ApiArgs, ApiRequestError } from './api.js';
import { type ApiGet, resolveName, tnsSpelling } from './resolve-name.js';
import { type StoreEntry, ZTF_ONLY } from './stores.js';

/** The one ZTF store of a server, listing `resolvers`. */
const ztfListing = (resolvers: string[]): StoreEntry[] => [{ ...ZTF_ONLY[0], resolvers }];

/**
 * A stub of the public API with the answer shapes docs/api.md gives for `/classes`, `/objects` and `/resolver`
 * (TNS: d:fullname, d:ra, d:declination; SIMBAD: Sesame's oname, otype, jradeg, jdedeg; ssodnet: i:ssnamenr,
 * i:name). Resolvers that know nothing answer `[]`; SIMBAD without a configured service answers 400, as ours does,
 * unless asked `offline` (the alerts' names only): then `[]`.
 */
function stubApi(answers: { tns?: object[]; simbad?: object[] | 'unconfigured'; sso?: object[] }): {
  get: ApiGet;
  calls: [string, ApiArgs][];
} {
  const calls: [string, ApiArgs][] = [];
  const get: ApiGet = async (endpoint, args) => {
    calls.push([endpoint, args]);
    if (endpoint === 'classes')
      return {
        'Fink classifiers': ['SN candidate', 'Early SN Ia candidate'],
        'Cross-match with SIMBAD': ['RRLyr'],
      };
    if (endpoint === '/api/v1/objects')
      return args.objectId === 'ZTF24abxbmdd'
        ? [
            { 'i:ra': 10.5, 'i:dec': -3.25 },
            { 'i:ra': 10.6, 'i:dec': -3.2 },
          ]
        : [];
    if (endpoint === '/api/v1/resolver' && args.resolver === 'tns') return answers.tns ?? [];
    if (endpoint === '/api/v1/resolver' && args.resolver === 'simbad') {
      if (answers.simbad === 'unconfigured') {
        if (args.offline === true) return [];
        throw new ApiRequestError(400, 'this server does not query SIMBAD');
      }
      return answers.simbad ?? [];
    }
    if (endpoint === '/api/v1/resolver' && args.resolver === 'ssodnet') return answers.sso ?? [];
    throw new Error(`unexpected call ${endpoint}`);
  };
  return { get, calls };
}

describe('names typed in the search bar', () => {
  it('finds a class name in any case before asking the resolvers', async () => {
    const { get, calls } = stubApi({});
    expect(await resolveName({ action: 'resolve', name: 'sn candidate' }, get)).toMatchObject({
      found: [{ query: { action: 'class', className: 'SN candidate', last: 100 } }],
    });
    expect(await resolveName({ action: 'resolve', name: 'RRLyr' }, get)).toMatchObject({
      found: [{ query: { action: 'class', className: 'RRLyr' } }],
    });
    expect(calls.every(([endpoint]) => endpoint === 'classes')).toBe(true);
  });

  it('resolves a TNS name written without its blank, as Fink writes it, into a cone with the radius typed', async () => {
    expect(tnsSpelling('AT2021co')).toBe('AT 2021co');
    expect(tnsSpelling('sn2023ixf')).toBe('SN 2023ixf');
    const { get, calls } = stubApi({
      tns: [{ 'd:fullname': 'AT 2021co', 'd:ra': 150.25, 'd:declination': 2.5 }],
    });
    const resolved = await resolveName({ action: 'resolve', name: 'AT2021co', radiusArcsec: 300 }, get);
    expect(resolved).toMatchObject({
      found: [
        {
          query: { action: 'conesearch', raDeg: 150.25, decDeg: 2.5, radiusArcsec: 300 },
          via: 'TNS AT 2021co',
        },
      ],
    });
    expect(calls).toContainEqual(['/api/v1/resolver', { resolver: 'tns', name: 'AT 2021co', nmax: 1 }]);
  });

  it('resolves SIMBAD names into a cone of the default 10″, keeping the dates typed', async () => {
    const { get } = stubApi({ simbad: [{ oname: 'M 31', otype: 'G', jradeg: 10.684708, jdedeg: 41.26875 }] });
    expect(await resolveName({ action: 'resolve', name: 'M31', after: '2024-01-01' }, get)).toEqual({
      found: [
        {
          store: ZTF_ONLY[0],
          query: {
            action: 'conesearch',
            raDeg: 10.684708,
            decDeg: 41.26875,
            radiusArcsec: 10,
            after: '2024-01-01',
          },
          via: 'SIMBAD M 31 (G)',
          objectIds: [],
        },
      ],
    });
  });

  it('names no SIMBAD class for a name the alerts carry without a SIMBAD match (otype null)', async () => {
    const { get } = stubApi({ simbad: [{ oname: 'Gaia DR3 1', otype: null, jradeg: 1.5, jdedeg: 2.5 }] });
    expect(await resolveName({ action: 'resolve', name: 'Gaia DR3 1' }, get)).toMatchObject({
      found: [{ via: 'SIMBAD Gaia DR3 1' }],
    });
  });

  it('falls through to the Solar System when SIMBAD is not configured', async () => {
    const { get } = stubApi({
      simbad: 'unconfigured',
      sso: [{ 'i:ssnamenr': '8467', 'i:name': 'Benoitcarry', 'i:number': 8467 }],
    });
    expect(await resolveName({ action: 'resolve', name: 'Benoitcarry' }, get)).toMatchObject({
      found: [{ query: { action: 'sso', sso: '8467', partial: false } }],
    });
  });

  it('says where it looked when nothing knows the name', async () => {
    const { get } = stubApi({ simbad: 'unconfigured' });
    const answer = await resolveName({ action: 'resolve', name: 'M31' }, get);
    expect(answer).toHaveProperty('error');
    if ('error' in answer) {
      expect(answer.error).toMatch(/^M31 is not a class, nor a name known/);
      expect(answer.error).toMatch(/does not query SIMBAD/);
    }
  });

  it('asks only the resolvers the store lists, SIMBAD unlisted last (names the alerts carry)', async () => {
    const sso = [{ 'i:ssnamenr': '8467', 'i:name': 'Benoitcarry', 'i:number': 8467 }];
    const asked = (calls: [string, ApiArgs][]) =>
      calls.filter(([e]) => e === '/api/v1/resolver').map(([, a]) => a.resolver);
    // no TNS table, no SIMBAD service: the Solar System answers, nothing else is asked
    const first = stubApi({ simbad: 'unconfigured', sso });
    expect(
      await resolveName({ action: 'resolve', name: 'Benoitcarry' }, first.get, ztfListing(['ssodnet'])),
    ).toMatchObject({
      found: [{ query: { action: 'sso', sso: '8467' } }],
    });
    expect(asked(first.calls)).toEqual(['ssodnet']);
    // a name the alerts' cross-match carries: SIMBAD asked after the Solar System
    const gaia = [{ oname: 'Gaia DR3 1', otype: 'Star', jradeg: 1.5, jdedeg: 2.5 }];
    const second = stubApi({ simbad: gaia });
    expect(
      await resolveName({ action: 'resolve', name: 'Gaia DR3 1' }, second.get, ztfListing(['ssodnet'])),
    ).toMatchObject({
      found: [{ query: { action: 'conesearch', raDeg: 1.5, decDeg: 2.5 } }],
    });
    expect(asked(second.calls)).toEqual(['ssodnet', 'simbad']);
    // every resolver listed: Fink's order, TNS first
    const third = stubApi({ sso });
    await resolveName(
      { action: 'resolve', name: 'Benoitcarry' },
      third.get,
      ztfListing(['tns', 'simbad', 'ssodnet']),
    );
    expect(asked(third.calls)).toEqual(['tns', 'simbad', 'ssodnet']);
  });

  it("searches around a ZTF object given with a radius, from its latest alert's position", async () => {
    const { get } = stubApi({});
    expect(
      await resolveName({ action: 'resolve', name: 'ZTF24abxbmdd', radiusArcsec: 60 }, get),
    ).toMatchObject({
      found: [{ query: { action: 'conesearch', raDeg: 10.5, decDeg: -3.25, radiusArcsec: 60 } }],
    });
    expect(await resolveName({ action: 'resolve', name: 'ZTF24zzzzzzz', radiusArcsec: 60 }, get)).toEqual({
      error: 'ZTF24zzzzzzz is not in this store.',
    });
  });
});

describe('names typed in the search bar, on a server of a ZTF and an LSST store', () => {
  const ZTF: StoreEntry = { name: 'ztf', survey: 'ztf', api: '/ztf/api/v1', default: true, resolvers: [] };
  const LSST: StoreEntry = {
    name: 'lsst',
    survey: 'lsst',
    api: '/lsst/api/v1',
    default: false,
    resolvers: ['tns', 'ssodnet'],
  };
  /** Gaia DR3 source of Fink's LSST sample (test/data/lsst), a 64-bit diaObjectId kept as text. */
  const GAIA = 'Gaia DR3 4836968293033500160';
  const DIA_OBJECT_ID = '169738309211783177';

  /**
   * Two stores' APIs as docs/api.md describes them: the ZTF one has no TNS table and no SIMBAD service (its
   * offline SIMBAD knows no name: `[]` when asked `offline`, else 400); the LSST one takes `name_or_id` (a `name` is a 400 there, as Fink's LSST
   * route), its TNS table knows AT 2024abc (`f:` fields), its sources carry GAIA, its Solar System detections
   * 2024 AB (packed K24A00B).
   */
  function twoStores(): { get: ApiGet; calls: [string, ApiArgs][] } {
    const calls: [string, ApiArgs][] = [];
    const get: ApiGet = async (endpoint, args) => {
      calls.push([endpoint, args]);
      if (endpoint === 'classes') return { 'Fink classifiers': ['SN candidate'] };
      if (endpoint === '/ztf/api/v1/resolver') {
        if (args.resolver === 'simbad' && args.offline === true) return [];
        if (args.resolver === 'simbad') throw new ApiRequestError(400, 'No alert carries this name');
        throw new Error(`the ZTF store lists no ${args.resolver}`);
      }
      if (endpoint !== '/lsst/api/v1/resolver') throw new Error(`unexpected call ${endpoint}`);
      if (args.name !== undefined || args.name_or_id === undefined)
        throw new ApiRequestError(400, 'a value for name_or_id is required');
      const name = args.name_or_id;
      if (args.resolver === 'tns')
        return name === 'AT 2024abc'
          ? [{ 'f:fullname': 'AT 2024abc', 'f:ra': 52.5, 'f:declination': -28.1, 'f:type': 'SN Ia' }]
          : [];
      if (args.resolver === 'ssodnet')
        return name === '2024 AB'
          ? [{ 'r:packed_primary_provisional_designation': 'K24A00B', 'f:sso_name': '2024 AB' }]
          : [];
      if (name === GAIA)
        return [
          {
            name,
            oname: GAIA,
            otype: 'Star',
            jradeg: 53.1,
            jdedeg: -27.9,
            'r:diaObjectId': DIA_OBJECT_ID,
            'v:xmatch_field': 'f:xm_gaiadr3_DR3Name',
          },
        ];
      if (args.offline === true) return [];
      throw new ApiRequestError(400, 'No alert carries this name');
    };
    return { get, calls };
  }

  it('asks the LSST store with name_or_id and finds a TNS name only it knows, without asking SIMBAD', async () => {
    const { get, calls } = twoStores();
    const answer = await resolveName({ action: 'resolve', name: 'AT2024abc' }, get, [ZTF, LSST]);
    expect(answer).toEqual({
      found: [
        {
          store: LSST,
          query: { action: 'conesearch', raDeg: 52.5, decDeg: -28.1, radiusArcsec: 10 },
          via: 'TNS AT 2024abc',
          objectIds: [],
        },
      ],
    });
    expect(calls.filter(([e]) => e !== 'classes')).toEqual([
      ['/lsst/api/v1/resolver', { resolver: 'tns', name_or_id: 'AT 2024abc', nmax: 1 }],
    ]);
  });

  it("gives an LSST designation's Solar System search", async () => {
    const { get } = twoStores();
    expect(await resolveName({ action: 'resolve', name: '2024 AB' }, get, [ZTF, LSST])).toMatchObject({
      found: [
        { store: LSST, query: { action: 'sso', sso: 'K24A00B' }, via: 'Solar System object K24A00B 2024 AB' },
      ],
    });
  });

  it('finds a Gaia name the LSST alerts carry (the ZTF store none), asking both offline, with the diaObjectId exact', async () => {
    const { get, calls } = twoStores();
    const answer = await resolveName({ action: 'resolve', name: GAIA }, get, [ZTF, LSST]);
    expect(answer).toMatchObject({
      found: [{ store: LSST, objectIds: [DIA_OBJECT_ID], query: { raDeg: 53.1, decDeg: -27.9 } }],
    });
    // the listed resolvers first (LSST: TNS then Solar System), the offline SIMBAD of both stores last
    expect(
      calls
        .filter(([e]) => e !== 'classes')
        .map(([e, a]) => `${e} ${a.resolver}${a.offline === true ? ' offline' : ''}`),
    ).toEqual([
      '/lsst/api/v1/resolver tns',
      '/lsst/api/v1/resolver ssodnet',
      '/ztf/api/v1/resolver simbad offline',
      '/lsst/api/v1/resolver simbad offline',
    ]);
  });

  it('resolves with an LSST store as the default one', async () => {
    const { get } = twoStores();
    const lsstFirst = [
      { ...LSST, default: true },
      { ...ZTF, default: false },
    ];
    expect(await resolveName({ action: 'resolve', name: 'AT 2024abc' }, get, lsstFirst)).toMatchObject({
      found: [{ store: { name: 'lsst' }, via: 'TNS AT 2024abc' }],
    });
  });

  it('says that SIMBAD itself is not asked when no store has the service and none knows the name', async () => {
    const { get } = twoStores();
    const answer = await resolveName({ action: 'resolve', name: 'M31' }, get, [ZTF, LSST]);
    expect(answer).toEqual({
      error:
        "M31 is not a class, nor a name known to this server's resolvers (TNS, SIMBAD, Solar System). " +
        "SIMBAD's own names are not asked here (no SIMBAD service configured): only the names the alerts carry.",
    });
  });

  it("says every store's reason when its resolvers refuse the name", async () => {
    const refusing: ApiGet = async (endpoint, args) => {
      if (endpoint === 'classes') return {};
      throw new ApiRequestError(503, `${endpoint} ${String(args.resolver)} is starting`);
    };
    const both = [
      { ...ZTF, resolvers: ['simbad'] },
      { ...LSST, resolvers: ['simbad'] },
    ];
    expect(await resolveName({ action: 'resolve', name: 'M31' }, refusing, both)).toEqual({
      error:
        "M31 is not a class, nor a name known to this server's resolvers (TNS, SIMBAD, Solar System): " +
        'ztf: /ztf/api/v1/resolver simbad is starting lsst: /lsst/api/v1/resolver simbad is starting',
    });
  });
});
