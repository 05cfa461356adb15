import { describe, expect, it } from 'vitest';
import { type ApiArgs, ApiRequestError } from './api.js';
import { type ApiGet, resolveName, tnsSpelling } from './resolve-name.js';

/**
 * A stub of the public API with the answer shapes docs/api.md gives for `/classes`, `/objects` and `/resolver`
 * (TNS: d:fullname, d:ra, d:declination; SIMBAD: Sesame's oname, otype, jradeg, jdedeg; ssodnet: i:ssnamenr,
 * i:name). Resolvers that know nothing answer `[]`; SIMBAD without a configured service answers 400, as ours does.
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
    if (endpoint === 'objects')
      return args.objectId === 'ZTF24abxbmdd'
        ? [
            { 'i:ra': 10.5, 'i:dec': -3.25 },
            { 'i:ra': 10.6, 'i:dec': -3.2 },
          ]
        : [];
    if (endpoint === 'resolver' && args.resolver === 'tns') return answers.tns ?? [];
    if (endpoint === 'resolver' && args.resolver === 'simbad') {
      if (answers.simbad === 'unconfigured')
        throw new ApiRequestError(400, 'this server does not query SIMBAD');
      return answers.simbad ?? [];
    }
    if (endpoint === 'resolver' && args.resolver === 'ssodnet') return answers.sso ?? [];
    throw new Error(`unexpected call ${endpoint}`);
  };
  return { get, calls };
}

describe('names typed in the search bar', () => {
  it('finds a class name in any case before asking the resolvers', async () => {
    const { get, calls } = stubApi({});
    expect(await resolveName({ action: 'resolve', name: 'sn candidate' }, get)).toMatchObject({
      query: { action: 'class', className: 'SN candidate', last: 100 },
    });
    expect(await resolveName({ action: 'resolve', name: 'RRLyr' }, get)).toMatchObject({
      query: { action: 'class', className: 'RRLyr' },
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
      query: { action: 'conesearch', raDeg: 150.25, decDeg: 2.5, radiusArcsec: 300 },
    });
    expect(calls).toContainEqual(['resolver', { resolver: 'tns', name: 'AT 2021co', nmax: 1 }]);
  });

  it('resolves SIMBAD names into a cone of the default 10″, keeping the dates typed', async () => {
    const { get } = stubApi({ simbad: [{ oname: 'M 31', otype: 'G', jradeg: 10.684708, jdedeg: 41.26875 }] });
    expect(await resolveName({ action: 'resolve', name: 'M31', after: '2024-01-01' }, get)).toEqual({
      query: {
        action: 'conesearch',
        raDeg: 10.684708,
        decDeg: 41.26875,
        radiusArcsec: 10,
        after: '2024-01-01',
      },
      via: 'SIMBAD M 31 (G)',
    });
  });

  it('falls through to the Solar System when SIMBAD is not configured', async () => {
    const { get } = stubApi({
      simbad: 'unconfigured',
      sso: [{ 'i:ssnamenr': '8467', 'i:name': 'Benoitcarry', 'i:number': 8467 }],
    });
    expect(await resolveName({ action: 'resolve', name: 'Benoitcarry' }, get)).toMatchObject({
      query: { action: 'sso', sso: '8467', partial: false },
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
      calls.filter(([e]) => e === 'resolver').map(([, a]) => a.resolver);
    // no TNS table, no SIMBAD service: the Solar System answers, nothing else is asked
    const first = stubApi({ simbad: 'unconfigured', sso });
    expect(
      await resolveName({ action: 'resolve', name: 'Benoitcarry' }, first.get, ['ssodnet']),
    ).toMatchObject({
      query: { action: 'sso', sso: '8467' },
    });
    expect(asked(first.calls)).toEqual(['ssodnet']);
    // a name the alerts' cross-match carries: SIMBAD asked after the Solar System
    const gaia = [{ oname: 'Gaia DR3 1', otype: 'Star', jradeg: 1.5, jdedeg: 2.5 }];
    const second = stubApi({ simbad: gaia });
    expect(
      await resolveName({ action: 'resolve', name: 'Gaia DR3 1' }, second.get, ['ssodnet']),
    ).toMatchObject({
      query: { action: 'conesearch', raDeg: 1.5, decDeg: 2.5 },
    });
    expect(asked(second.calls)).toEqual(['ssodnet', 'simbad']);
    // every resolver listed: Fink's order, TNS first
    const third = stubApi({ sso });
    await resolveName({ action: 'resolve', name: 'Benoitcarry' }, third.get, ['tns', 'simbad', 'ssodnet']);
    expect(asked(third.calls)).toEqual(['tns', 'simbad', 'ssodnet']);
  });

  it("searches around a ZTF object given with a radius, from its latest alert's position", async () => {
    const { get } = stubApi({});
    expect(
      await resolveName({ action: 'resolve', name: 'ZTF24abxbmdd', radiusArcsec: 60 }, get),
    ).toMatchObject({
      query: { action: 'conesearch', raDeg: 10.5, decDeg: -3.25, radiusArcsec: 60 },
    });
    expect(await resolveName({ action: 'resolve', name: 'ZTF24zzzzzzz', radiusArcsec: 60 }, get)).toEqual({
      error: 'ZTF24zzzzzzz is not in this store.',
    });
  });
});
