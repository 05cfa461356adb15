/** Julian dates: conversions between JD (UTC), MJD, Unix milliseconds and nights. */

/** JD of the Unix epoch 1970-01-01T00:00:00 UTC. */
export const JD_UNIX_EPOCH = 2440587.5;
/** JD minus MJD. */
export const MJD_OFFSET = 2400000.5;
export const MS_PER_DAY = 86_400_000;

/** Unix time in milliseconds of a JD (UTC). */
export function jdToUnixMs(jd: number): number {
  return (jd - JD_UNIX_EPOCH) * MS_PER_DAY;
}

/** JD (UTC) of a Unix time in milliseconds. */
export function unixMsToJd(ms: number): number {
  return ms / MS_PER_DAY + JD_UNIX_EPOCH;
}

/**
 * The night of an observation as the integer YYYYMMDD: the UTC calendar date of `jd` (DESIGN.md, data
 * conventions). ZTF nights at Palomar (03:00-13:00 UTC) fall within one UTC date.
 */
export function jdToNight(jd: number): number {
  const d = new Date(jdToUnixMs(jd));
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

/** The JD (UTC) range [start, end) of a night given as YYYYMMDD. */
export function nightToJdRange(night: number): { startJd: number; endJd: number } {
  const y = Math.floor(night / 10000);
  const m = Math.floor((night % 10000) / 100);
  const d = night % 100;
  const startJd = unixMsToJd(Date.UTC(y, m - 1, d));
  return { startJd, endJd: startJd + 1 };
}

/** ISO UTC text `YYYY-MM-DD HH:MM:SS.sss` of a JD, as the reference service writes `v:lastdate`. */
export function jdToIsoText(jd: number): string {
  const iso = new Date(Math.round(jdToUnixMs(jd))).toISOString();
  // `YYYY-MM-DDTHH:MM:SS.sssZ` for years 0000-9999 (slices are cheaper than replacements); others as written
  return iso.length === 24
    ? `${iso.slice(0, 10)} ${iso.slice(11, 23)}`
    : iso.replace('T', ' ').replace('Z', '');
}

/** True when `night` is a valid YYYYMMDD calendar date. */
export function isValidNight(night: number): boolean {
  if (!Number.isInteger(night) || night < 19000101 || night > 29991231) return false;
  const y = Math.floor(night / 10000);
  const m = Math.floor((night % 10000) / 100);
  const d = night % 100;
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}
