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
 * The night of an observation as the integer YYYYMMDD: the UTC calendar date of `jd` (docs/store.md, data
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

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * Texts of recent instants (Unix ms), direct-mapped by the instant: the alerts of a night share their exposures'
 * times, so most `v:lastdate` texts of a publication are written once.
 */
const ISO_CACHE_SIZE = 4096;
const isoCacheMs = new Float64Array(ISO_CACHE_SIZE).fill(Number.NaN);
const isoCacheText: string[] = new Array(ISO_CACHE_SIZE).fill('');

/**
 * ISO UTC text `YYYY-MM-DD HH:MM:SS.sss` of a JD, as the reference service writes `v:lastdate`: the JD rounded to
 * the millisecond, in the proleptic Gregorian calendar (as JavaScript's Date). Years 0000-9999 are computed with
 * integer arithmetic (~4x faster than formatting a Date); others are written as Date writes them (`+010000-…`).
 *
 * Reference: H. Hinnant, "chrono-Compatible Low-Level Date Algorithms" (civil_from_days).
 */
export function jdToIsoText(jd: number): string {
  const ms = Math.round(jdToUnixMs(jd));
  const slot = ((ms % ISO_CACHE_SIZE) + ISO_CACHE_SIZE) % ISO_CACHE_SIZE;
  if (isoCacheMs[slot] === ms) return isoCacheText[slot];
  const text = isoTextOfUnixMs(ms);
  isoCacheMs[slot] = ms;
  isoCacheText[slot] = text;
  return text;
}

/** {@link jdToIsoText} of a whole number of Unix milliseconds. */
function isoTextOfUnixMs(ms: number): string {
  const days = Math.floor(ms / MS_PER_DAY);
  const z = days + 719468; // days since 0000-03-01
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  if (!(year >= 0 && year <= 9999)) {
    return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  }
  const inDay = ms - days * MS_PER_DAY;
  const seconds = Math.floor(inDay / 1000);
  const y = year < 10 ? `000${year}` : year < 100 ? `00${year}` : year < 1000 ? `0${year}` : `${year}`;
  return (
    `${y}-${pad2(month)}-${pad2(day)} ${pad2(Math.floor(seconds / 3600))}:` +
    `${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}.${pad3(inDay - seconds * 1000)}`
  );
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
