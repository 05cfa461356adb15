import { describe, expect, it } from 'vitest';
import type { SsoIdentity } from './catalogue-record.js';
import { catalogueId, cleanSsnamenr, identityKeys, queryKeys, ztfSsnamenrSpellings } from './name-keys.js';

const benoitcarry: SsoIdentity = { kind: 'asteroid', number: 8467, name: 'Benoitcarry', designation: null };
const ma6: SsoIdentity = { kind: 'asteroid', number: 624188, name: null, designation: '2002 MA6' };
const jo69: SsoIdentity = { kind: 'asteroid', number: null, name: null, designation: '2010 JO69' };
const tempel2: SsoIdentity = { kind: 'comet', number: null, name: 'Tempel 2', designation: '10P' };
const ztf: SsoIdentity = { kind: 'comet', number: null, name: 'ZTF', designation: 'C/2020 V2' };

/** The identity a query finds among some identities, as the catalogue lookup does (exact keys only). */
function resolve(input: string | number, ids: SsoIdentity[]): SsoIdentity | null {
  const q = queryKeys(input);
  if (!q) return null;
  const hits = ids.filter((id) =>
    identityKeys(id).some((k) => (k.packed ? k.key === q.exact : k.key === q.folded)),
  );
  return hits.length === 1 ? hits[0] : null;
}

describe('name keys (docs/references.md#sso-name-resolution, #ztf-ssnamenr, #mpc-packed-designations)', () => {
  it('lists the keys of each kind of object', () => {
    expect(identityKeys(benoitcarry)).toEqual([
      { key: '8467', packed: false },
      { key: 'benoitcarry', packed: false },
      { key: '08467', packed: true },
    ]);
    expect(identityKeys(jo69)).toEqual([
      { key: '2010jo69', packed: false },
      { key: 'K10J69O', packed: true },
    ]);
    expect(identityKeys(ma6).map((k) => k.key)).toEqual([
      '624188',
      '2002ma6',
      '2002ma06',
      '~015Y',
      'K02M06A',
    ]); // 624188 - 620000 = 4188 = 1·62² + 5·62 + 34
    expect(identityKeys(tempel2)).toEqual([
      { key: '10p', packed: false },
      { key: '10p/tempel2', packed: false },
      { key: '0010P', packed: true },
    ]);
    expect(identityKeys(ztf)).toEqual([
      { key: 'c/2020v2', packed: false },
      { key: 'CK20V020', packed: true },
    ]);
  });

  it('resolves every accepted spelling of a query, exactly', () => {
    const rubin: SsoIdentity = { kind: 'asteroid', number: 4429, name: 'Rubin', designation: null };
    const rubincam: SsoIdentity = { kind: 'asteroid', number: 6821, name: 'Rubincam', designation: null };
    const n84673: SsoIdentity = { kind: 'asteroid', number: 84673, name: null, designation: '2003 AB1' };
    const all = [benoitcarry, ma6, jo69, tempel2, ztf, rubin, rubincam, n84673];
    for (const q of ['8467', 8467, 'Benoitcarry', 'BENOITCARRY', ' benoitcarry ', '08467']) {
      expect(resolve(q, all)).toBe(benoitcarry);
    }
    for (const q of ['2010 JO69', '2010JO69', '2010jo69', 'K10J69O']) expect(resolve(q, all)).toBe(jo69);
    for (const q of ['624188', '2002 MA6', '2002MA6', '2002MA06']) expect(resolve(q, all)).toBe(ma6);
    for (const q of ['10P', '10p', '10P/Tempel 2', '0010P']) expect(resolve(q, all)).toBe(tempel2);
    for (const q of ['C/2020 V2', 'C/2020V2', 'c/2020 v2', 'CK20V020']) expect(resolve(q, all)).toBe(ztf);
    expect(resolve('Rubin', all)).toBe(rubin);
    expect(resolve('Rubinca', all)).toBeNull();
    expect(resolve('846', all)).toBeNull();
    expect(resolve('84673', all)).toBe(n84673);
    expect(resolve('k10j69o', all)).toBeNull(); // packed forms are case-sensitive
    expect(resolve('kdflsjffld', all)).toBeNull();
    expect(resolve('Tempel 2', all)).toBeNull(); // comet names are not keys (shared by many comets)
    expect(queryKeys('   ')).toBeNull();
    expect(queryKeys('x'.repeat(65))).toBeNull();
  });

  it('keeps packed keys distinct where only the case differs (2007 TA418 vs 2007 TA158)', () => {
    const ta418: SsoIdentity = { kind: 'asteroid', number: null, name: null, designation: '2007 TA418' };
    const ta158: SsoIdentity = { kind: 'asteroid', number: null, name: null, designation: '2007 TA158' };
    expect(resolve('K07Tf8A', [ta418, ta158])).toBe(ta418);
    expect(resolve('K07TF8A', [ta418, ta158])).toBe(ta158);
  });

  it('gives the ZTF ssnamenr spellings, zero-padded as older alerts wrote them', () => {
    expect(ztfSsnamenrSpellings(ma6)).toEqual(['624188', '2002MA6', '2002MA06']);
    expect(ztfSsnamenrSpellings(benoitcarry)).toEqual(['8467', 'Benoitcarry']);
    expect(ztfSsnamenrSpellings(jo69)).toEqual(['2010JO69']);
    expect(ztfSsnamenrSpellings({ ...jo69, designation: '2023 XY' })).toEqual([
      '2023XY',
      '2023XY00',
      '2023XY0',
    ]);
    expect(ztfSsnamenrSpellings(tempel2)).toEqual(['10P']);
    expect(ztfSsnamenrSpellings(ztf)).toEqual(['C/2020V2']);
    expect(ztfSsnamenrSpellings({ ...benoitcarry, name: 'Mr. Spock' })).toContain('Mr.Spock');
  });

  it('cleans ssnamenr as Fink does before resolution', () => {
    expect(cleanSsnamenr('2010XY03')).toBe('2010XY3');
    expect(cleanSsnamenr('2023AB0')).toBe('2023AB');
    expect(cleanSsnamenr('2023XY00')).toBe('2023XY');
    expect(cleanSsnamenr('2002MA06')).toBe('2002MA6');
    expect(cleanSsnamenr('2012XK111')).toBe('2012XK111');
    expect(cleanSsnamenr('624188')).toBe('624188');
    expect(cleanSsnamenr('Benoitcarry')).toBe('Benoitcarry');
    expect(cleanSsnamenr('C/2020V2')).toBe('C/2020V2');
  });

  it('names each object by number, else designation', () => {
    expect(catalogueId(benoitcarry)).toBe('8467');
    expect(catalogueId(jo69)).toBe('2010 JO69');
    expect(catalogueId(tempel2)).toBe('10P');
    expect(catalogueId({ kind: 'asteroid', number: null, name: 'x', designation: null })).toBeNull();
  });
});
