/**
 * Dates as clients write them: ISO UTC text (`2021-11-03`, `2021-11-03 10:00:00`, `2021-11-03T10:00:00.5Z`) or a
 * JD or MJD number, turned into a JD (UTC). Pure: used by the API's date arguments (serve/args/dates.ts) and by the
 * portal's search bar, so both accept and refuse the same dates.
 *
 * Reference: docs/references.md#api-dates (`isoify_time`: a value whose integer division by 2,400,000 is non-zero
 * is a JD, any other value an MJD).
 */
import { MJD_OFFSET, unixMsToJd } from './jd.js';

/** Numbers at or above this value are JDs, below it MJDs (reference: `value // 2400000` non-zero). */
export const JD_THRESHOLD = 2_400_000;
/** JD of 10000-01-01 00:00 UTC: later dates have no four-digit ISO year and are rejected. */
export const MAX_DATE_JD = 5373484.5;

/** Text that says which forms a date argument takes (ends error messages). */
export const DATE_FORMS =
  'an ISO UTC date (2021-11-03, 2021-11-03 10:00:00, 2021-11-03T10:00:00), a JD or an MJD';

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(?:Z|\+00:00| UTC)?$/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Result of parsing a date: the JD (UTC), or the reason the text is not a date. */
export type ParsedDate = { readonly jd: number } | { readonly error: string };

function isoToJd(m: RegExpExecArray): ParsedDate {
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  const fraction = m[7] ? Number(`0.${m[7]}`) : 0;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const t = new Date(ms);
  const isCalendarDate =
    t.getUTCFullYear() === year && t.getUTCMonth() === month - 1 && t.getUTCDate() === day;
  if (!isCalendarDate || hour > 23 || minute > 59 || second > 59)
    return { error: 'is not a valid calendar date and time' };
  // Date.UTC maps years 0-99 to 1900-1999; such dates are outside any alert archive anyway.
  if (year < 1000) return { error: 'has a year before 1000' };
  return { jd: unixMsToJd(ms + fraction * 1000) };
}

/**
 * Parses one date argument.
 *
 * @param value ISO UTC text (date, optional `T` or space and `HH:MM[:SS[.fff]]`, optional `Z`), or a number
 *   (as JSON number or text): JD when `Math.floor(value / 2400000) !== 0`, else MJD. Surrounding white space
 *   is ignored.
 * @returns `{ jd }` (JD UTC, 0 ≤ jd ≤ {@link MAX_DATE_JD}), or `{ error }` saying what is wrong. Never throws.
 *
 * Reference: docs/references.md#api-dates.
 */
export function parseDateToJd(value: string | number): ParsedDate {
  let num: number;
  if (typeof value === 'number') num = value;
  else {
    const text = value.trim();
    const iso = ISO_DATE.exec(text);
    if (iso) return isoToJd(iso);
    if (!NUMBER.test(text)) return { error: `is not ${DATE_FORMS}` };
    num = Number(text);
  }
  if (!Number.isFinite(num)) return { error: `is not ${DATE_FORMS}` };
  if (num < 0) return { error: 'must not be negative (a JD or an MJD)' };
  const jd = Math.floor(num / JD_THRESHOLD) !== 0 ? num : num + MJD_OFFSET;
  if (jd > MAX_DATE_JD)
    return { error: 'is after the year 9999 as a JD (give a night as ISO text, e.g. 2021-11-03)' };
  return { jd };
}
