import { describe, expect, it } from 'vitest';
import {
  dayFraction6,
  diffImageFileName,
  stampFileNames,
  trackletId,
  ztfCandid,
  ztfObjectId,
  ztfPid,
} from './ztf-ids.js';

describe('ZTF identifiers', () => {
  it('builds objectIds like ZTF24aaaaaab', () => {
    expect(ztfObjectId(2024, 1)).toBe('ZTF24aaaaaab');
    expect(ztfObjectId(2019, 26)).toBe('ZTF19aaaaaba');
    expect(ztfObjectId(2023, 26 ** 7 - 1)).toBe('ZTF23zzzzzzz');
    expect(() => ztfObjectId(2023, 26 ** 7)).toThrow(RangeError);
  });

  it('builds pid and candid with the digit layout of real alerts (nid 2481 → 2.48e18)', () => {
    // real alert ZTF18abtrwym: jd 2460235.8216782 (UTC day fraction 0.3216782), nid 2481
    const exposure = { nid: 2481, secondsOfDay: Math.round(0.3216782 * 86400) };
    expect(dayFraction6(exposure.secondsOfDay)).toBe(321678);
    const pid = ztfPid(exposure, 35);
    expect(pid).toBe(2481321678535n);
    const candid = ztfCandid(pid, 6);
    expect(candid).toBe(2481321678535010006n);
    expect(candid.toString()).toHaveLength(19);
    expect(ztfCandid(pid, 7)).toBeGreaterThan(candid);
    expect(() => ztfCandid(pid, 990000)).toThrow(RangeError);
  });

  it('names files and tracklets like ZTF and Fink', () => {
    const exposure = { night: 20231018, secondsOfDay: 27792, field: 696, fid: 2 as const };
    expect(diffImageFileName(exposure, 35)).toBe('ztf_20231018321666_000696_zr_c09_o_q4_scimrefdiffimg.fits');
    expect(trackletId(exposure, 3)).toBe('TRCK_20231018_074312_03');
    expect(stampFileNames(2481321673515010006n, 2481321673515n)).toEqual({
      science: 'candid2481321673515010006_pid2481321673515_targ_sci.fits.gz',
      template: 'candid2481321673515010006_ref.fits.gz',
      difference: 'candid2481321673515010006_pid2481321673515_targ_scimref.fits.gz',
    });
  });
});
