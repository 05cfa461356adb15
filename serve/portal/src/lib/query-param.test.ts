import { describe, expect, it } from 'vitest';
import { pickChoice, withQueryParam } from './query-param.js';

describe('withQueryParam', () => {
  it('sets one parameter and keeps the others', () => {
    expect(withQueryParam('?tab=sso&x=1', 'ssoview', 'phase')).toBe('?tab=sso&x=1&ssoview=phase');
    expect(withQueryParam('?ssoview=phase', 'ssoview', 'astrometry')).toBe('?ssoview=astrometry');
  });

  it('removes it for null or empty, and gives no "?" when nothing is left', () => {
    expect(withQueryParam('?ssoview=phase', 'ssoview', null)).toBe('');
    expect(withQueryParam('?a=1&ssoview=phase', 'ssoview', '')).toBe('?a=1');
  });
});

describe('pickChoice', () => {
  it('keeps a known value, else the first choice', () => {
    expect(pickChoice('phase', ['lightcurve', 'phase'] as const)).toBe('phase');
    expect(pickChoice('nope', ['lightcurve', 'phase'] as const)).toBe('lightcurve');
    expect(pickChoice(null, ['lightcurve', 'phase'] as const)).toBe('lightcurve');
  });
});
