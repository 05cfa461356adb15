/**
 * Identifiers of simulated alerts, shaped like ZTF's: objectId (`ZTF` + year + 7 letters), processing id `pid`,
 * candidate id `candid` (64-bit), difference-image and stamp file names, and Fink tracklet ids. Pure.
 */
import { base26Letters } from '../../../compute/ids/index.js';
import type { Exposure, Fid } from './night-schedule.js';

/** Largest table id within one (exposure, readout channel); keeps candid digits within pid * 1e6 + 10000 + tblid. */
export const MAX_TBLID = 989_999;
const OBJECT_LETTERS = 7;

/**
 * ZTF objectId: `ZTF`, the last two digits of the year of first detection, and 7 lowercase letters encoding a
 * counter in base 26 (a = 0), most significant first (`ZTF24aaaaaab` for counter 1).
 * Throws RangeError when the counter does not fit 7 letters (26^7).
 */
export function ztfObjectId(year: number, counter: number): string {
  const letters = base26Letters(counter, OBJECT_LETTERS);
  if (letters === null) throw new RangeError(`objectId counter out of range: ${counter}`);
  return `ZTF${String(year % 100).padStart(2, '0')}${letters}`;
}

/** Six digits of the fraction of the UTC day of an exposure start (as in ZTF file names and pid). */
export function dayFraction6(secondsOfDay: number): number {
  return Math.floor((secondsOfDay * 1e6) / 86400);
}

/**
 * Processing id of the science image of one readout channel: nid, 6 digits of the day fraction, then 500 + rcid
 * (13 digits in 2019-2027, like ZTF's 2481321673515).
 */
export function ztfPid(exposure: Pick<Exposure, 'nid' | 'secondsOfDay'>, rcid: number): bigint {
  return (
    BigInt(exposure.nid) * 1_000_000_000n +
    BigInt(dayFraction6(exposure.secondsOfDay)) * 1000n +
    BigInt(500 + rcid)
  );
}

/**
 * Candidate id: pid * 10^6 + 10000 + tblid (19 digits, about 1.0e18 in late 2019 to 2.9e18 in 2025, like ZTF's
 * 2481321673515010006). Unique when tblid is unique within (exposure, rcid).
 * Throws RangeError when tblid is outside 0..MAX_TBLID.
 */
export function ztfCandid(pid: bigint, tblid: number): bigint {
  if (!Number.isInteger(tblid) || tblid < 0 || tblid > MAX_TBLID)
    throw new RangeError(`tblid out of range: ${tblid}`);
  return pid * 1_000_000n + 10_000n + BigInt(tblid);
}

function ymd(night: number): string {
  return String(night);
}

function hhmmss(secondsOfDay: number): string {
  const h = Math.floor(secondsOfDay / 3600);
  const m = Math.floor((secondsOfDay % 3600) / 60);
  const s = Math.floor(secondsOfDay % 60);
  return [h, m, s].map((v) => String(v).padStart(2, '0')).join('');
}

const FILTER_CODE: Readonly<Record<Fid, string>> = { 1: 'zg', 2: 'zr', 3: 'zi' };

/** ZTF difference-image file name, e.g. `ztf_20231018321632_000696_zr_c09_o_q4_scimrefdiffimg.fits`. */
export function diffImageFileName(
  exposure: Pick<Exposure, 'night' | 'secondsOfDay' | 'field' | 'fid'>,
  rcid: number,
): string {
  const ccd = String(Math.floor(rcid / 4) + 1).padStart(2, '0');
  const quadrant = (rcid % 4) + 1;
  const frac = String(dayFraction6(exposure.secondsOfDay)).padStart(6, '0');
  const field = String(exposure.field).padStart(6, '0');
  return `ztf_${ymd(exposure.night)}${frac}_${field}_${FILTER_CODE[exposure.fid]}_c${ccd}_o_q${quadrant}_scimrefdiffimg.fits`;
}

/** The three stamp file names of an alert, as ZTF names them. */
export function stampFileNames(
  candid: bigint,
  pid: bigint,
): { science: string; template: string; difference: string } {
  return {
    science: `candid${candid}_pid${pid}_targ_sci.fits.gz`,
    template: `candid${candid}_ref.fits.gz`,
    difference: `candid${candid}_pid${pid}_targ_scimref.fits.gz`,
  };
}

/**
 * Fink tracklet id of the `index`-th tracklet found in an exposure: `TRCK_YYYYMMDD_HHMMSS_NN` (UTC of the
 * exposure start). Reference: Fink tracklet module (fink-science `tracklets`), id format of `/api/v1/tracklet`.
 */
export function trackletId(exposure: Pick<Exposure, 'night' | 'secondsOfDay'>, index: number): string {
  return `TRCK_${ymd(exposure.night)}_${hhmmss(exposure.secondsOfDay)}_${String(index).padStart(2, '0')}`;
}
