import { describe, expect, it } from 'vitest';
import { GAIA_DR3_PREFIX, xmatchNameKey } from './xmatch-names.js';

describe('xmatchNameKey', () => {
  it("ignores case, blanks and the field's catalogue prefix, not another catalogue's", () => {
    const gaia = (n: string) => xmatchNameKey(n, GAIA_DR3_PREFIX);
    for (const n of [
      'Gaia DR3 4836968293033500160',
      '  gaia\tdr3   4836968293033500160 ',
      '4836968293033500160',
    ])
      expect(gaia(n)).toBe('4836968293033500160');
    expect(gaia('Gaia DR2 4836968293033500160')).toBe('gaia dr2 4836968293033500160');
    expect(gaia('Gaia DR3')).toBe('');
  });

  it('drops each optional prefix word in order (2MASS names with and without "2MASS J")', () => {
    const twoMass = (n: string) => xmatchNameKey(n, ['2MASS', 'J']);
    for (const n of ['2MASS J00424433+4116074', 'j00424433+4116074', '00424433+4116074'])
      expect(twoMass(n)).toBe('00424433+4116074');
    expect(xmatchNameKey(' NGC  0224 ', [])).toBe('ngc 0224');
  });

  it('refuses a prefix that is not plain words (a programming error)', () => {
    expect(() => xmatchNameKey('x', ["a'b"])).toThrow(/catalogue prefix/);
  });
});
