import { describe, expect, it } from 'vitest';
import { MAX_SSO_MATCHES, ssoPrefixMatches } from './sso-prefix.js';

describe('Solar System number prefix (docs/portal.md, search)', () => {
  it('offers the longer numbers starting with the digits, the exact one first', () => {
    expect(
      ssoPrefixMatches('8467', ['84673', '8467', 'Benoitcarry', '18467', 846712, '8467', '2010JO69']),
    ).toEqual(['8467', '84673', '846712']);
    expect(ssoPrefixMatches('99', ['8467'])).toEqual([]);
  });

  it('keeps at most the number of objects one sso request takes', () => {
    const many = Array.from({ length: 300 }, (_, i) => String(1000 + i));
    expect(ssoPrefixMatches('1', many)).toHaveLength(MAX_SSO_MATCHES);
  });
});
