import { describe, expect, it } from 'vitest';
import { ssoHeading, ssoServiceLinks } from './sso-links.js';

describe('Solar System headings and links', () => {
  it('names a numbered asteroid "(number) name", an unnumbered one by its designation', () => {
    expect(ssoHeading(8467, 'Benoitcarry', '8467')).toBe('(8467) Benoitcarry');
    expect(ssoHeading(null, '2010 JO69', '2010JO69')).toBe('2010 JO69');
    expect(ssoHeading(null, null, 'Benoitcarry')).toBe('Benoitcarry');
    expect(ssoHeading(8467, null, 'x')).toBe('(8467)');
  });

  it('links the MPC, JPL SBDB and IMCCE pages of the object', () => {
    const links = ssoServiceLinks('2010 JO69');
    expect(links.map((l) => l.label)).toEqual(['MPC', 'JPL SBDB', 'IMCCE ssoCard']);
    expect(links[0].href).toBe('https://minorplanetcenter.net/db_search/show_object?object_id=2010%20JO69');
    expect(links[1].href).toContain('sstr=2010%20JO69');
  });
});
