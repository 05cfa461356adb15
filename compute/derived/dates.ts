/**
 * Date-like derived fields of an alert: `v:lastdate`, `v:firstdate` and `v:lapse`.
 *
 * Reference: docs/references.md#derived-fields (derived fields) and #api-dates (ISO format of returned times).
 */
import { jdToIsoText } from '../time/index.js';

/** JD of 10000-01-01 00:00 UTC: ISO text needs a four-digit year. */
const MAX_ISO_JD = 5373484.5;
/** JD of 0000-01-01 00:00 UTC (proleptic Gregorian). */
const MIN_ISO_JD = 1721059.5;

/** ISO text of a JD, or null when there is none or it falls outside years 0000-9999. */
function isoOrNull(jd: number | null): string | null {
  if (jd === null || !Number.isFinite(jd) || jd < MIN_ISO_JD || jd > MAX_ISO_JD) return null;
  const text = jdToIsoText(jd);
  // Rounding to the millisecond may cross a range end: `+010000-…` or `-000001-…` (no `-` after 4 characters).
  return text.charCodeAt(4) === 0x2d ? text : null;
}

/**
 * `v:lastdate`: the time of the alert as ISO text.
 *
 * @param jd JD (UTC) of the exposure start (`i:jd`).
 * @returns `YYYY-MM-DD HH:MM:SS.sss` in UTC, rounded to the millisecond; null when `jd` is null, not finite,
 *   or outside years 0000-9999.
 *
 * Reference: docs/references.md#derived-fields (`v:lastdate`), #api-dates.
 */
export function lastdate(jd: number | null): string | null {
  return isoOrNull(jd);
}

/**
 * `v:firstdate`: the time of the first detection at the alert's position as ISO text.
 *
 * @param jdstarthist JD (UTC) of the first detection (`i:jdstarthist`).
 * @returns `YYYY-MM-DD HH:MM:SS.sss` in UTC, rounded to the millisecond; null as for {@link lastdate}.
 *
 * Reference: docs/references.md#derived-fields (`v:firstdate`), #api-dates.
 */
export function firstdate(jdstarthist: number | null): string | null {
  return isoOrNull(jdstarthist);
}

/**
 * `v:lapse`: the time elapsed since the first detection.
 *
 * @param jd JD (UTC) of the alert (`i:jd`).
 * @param jdstarthist JD (UTC) of the first detection (`i:jdstarthist`).
 * @returns `jd − jdstarthist` in days (≥ 0 for consistent inputs, not clamped); null when either is null or
 *   not finite.
 *
 * Reference: docs/references.md#derived-fields (`v:lapse`).
 */
export function lapseDays(jd: number | null, jdstarthist: number | null): number | null {
  if (jd === null || jdstarthist === null || !Number.isFinite(jd) || !Number.isFinite(jdstarthist))
    return null;
  return jd - jdstarthist;
}
