/**
 * What a search is (`Query`: one public API call; `NameQuery`: a name to resolve first) and the checks of its
 * parts as typed: positions (decimal or sexagesimal, Dec within ±90°), radii (unit s, m or d, at most 5°), dates
 * (ISO UTC, JD or MJD, real calendar dates) and object ids in any case. Pure functions, no DOM.
 * Reference: docs/portal.md ("Home search"); Fink's Science Portal `apps/parse.py` (syntax).
 */
import {
  ARCSEC_PER_DEG,
  MAX_RADIUS_ARCSEC,
  parseDecDeg,
  parseRaDeg,
} from '../../../../compute/sky/sexagesimal.js';
import { parseDateToJd } from '../../../../compute/time/index.js';

/** The kinds of search (the reference's `action` values the portal serves). */
export const ACTIONS = ['objectid', 'conesearch', 'daterange', 'class', 'sso', 'tracklet'] as const;
export type Action = (typeof ACTIONS)[number];

/** Cone radius when none is given (arcsec), as the reference. */
export const DEFAULT_RADIUS_ARCSEC = 10;
/** Alerts of a class search when `last` is not given, as the reference. */
export const DEFAULT_CLASS_LAST = 100;
/** Most alerts of a class search (`/api/v1/latests`'s limit). */
export const MAX_CLASS_LAST = 10_000;
/** Length of a date search from a date and time when no window is given (days): 1 hour. */
export const DEFAULT_WINDOW_DAYS = 1 / 24;
/** Length of the search of a date typed without a time (days): that whole night (UTC date). */
export const NIGHT_DAYS = 1;
/** Longest date search the explorer answers (days). */
export const MAX_WINDOW_DAYS = 1;
/** Light-curve trends `/api/v1/latests` filters on (with a class only). */
export const TRENDS = ['rising', 'fading', 'low_state', 'new_low_state'] as const;

/** A time window: start (ISO UTC, JD or MJD as typed), and an end or a length in days. */
export interface TimeWindow {
  readonly after?: string;
  readonly before?: string;
  readonly windowDays?: number;
}

/** A search that maps to one API call, as the URL holds it. */
export type Query =
  | { readonly action: 'objectid'; readonly objectId: string }
  | ({
      readonly action: 'conesearch';
      readonly raDeg: number;
      readonly decDeg: number;
      readonly radiusArcsec: number;
    } & TimeWindow)
  | { readonly action: 'daterange'; readonly after: string; readonly windowDays: number }
  | ({
      readonly action: 'class';
      readonly className: string;
      readonly last: number;
      readonly trend?: string;
    } & Omit<TimeWindow, 'windowDays'>)
  | {
      readonly action: 'sso';
      readonly sso: string;
      /** True: a number is a prefix (8467 also finds 84673); false: the exact object (`sso=8467`). */
      readonly partial: boolean;
    }
  | { readonly action: 'tracklet'; readonly id: string };

/**
 * A name to resolve before searching (lib/resolve-name.ts): a class name, a TNS, SIMBAD or Solar System name, or a
 * full ZTF id given with a radius (a cone around it). `radiusArcsec` is the radius typed, if any.
 */
export type NameQuery = {
  readonly action: 'resolve';
  readonly name: string;
  readonly radiusArcsec?: number;
} & TimeWindow;

/** A parse result: the search, or a message saying what is wrong (and how to write it). */
export type Parsed = { readonly query: Query | NameQuery } | { readonly error: string };

/** Object ids: `ZTF` and two digits and 7 letters, or a prefix of one (at least `ZTF`), any case. */
export const ZTF_ID = /^ZTF\d{0,2}[a-z]{0,7}$/i;
const ZTF_FULL_ID = /^ZTF\d{2}[a-z]{7}$/i;
/** Tracklet ids `TRCK_YYYYMMDD_HHMMSS_NN`, or a prefix, any case. */
export const TRACKLET = /^TRCK(_\d{0,8}(_\d{0,6}(_\d{0,2})?)?)?$/i;
/** An ISO UTC date, with an optional time (`T` or a space). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;
/** An ISO UTC date without time: searched as that whole night. */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A start date: ISO UTC, JD (7 digits) or MJD (5 digits). */
export const DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$|^\d{7}(\.\d+)?$|^\d{5}(\.\d+)?$/;
/** What a name (Solar System, TNS, SIMBAD, class) may hold. */
export const NAME_TEXT = /^[\p{L}\p{N} /()'._+*[\]-]{1,60}$/u;

/** An object id as ZTF writes it (`ZTF` upper case, the letters lower case): `ztf24ABXBMDD` → `ZTF24abxbmdd`. */
export function normalizeObjectId(text: string): string {
  return `ZTF${text.slice(3).toLowerCase()}`;
}

/** True when a text is a complete ZTF object id, any case (a search for it can open the object page directly). */
export function isFullObjectId(text: string): boolean {
  return ZTF_FULL_ID.test(text);
}

/** A value read from the search text, or what is wrong with it. */
export type Checked<T> = { readonly value: T } | { readonly error: string };

/**
 * Reads a radius: `10` or `10s` (arcsec), `2m` (arcmin), `0.5d` (deg); `"`, `′`, `'`, `°` too.
 * @returns arcseconds in (0, {@link MAX_RADIUS_ARCSEC}], or an error naming the limit.
 */
export function checkRadius(text: string): Checked<number> {
  const m = /^(\d+\.?\d*|\.\d+)\s*(s|"|″|m|'|′|d|°)?$/.exec(text.trim());
  if (!m) return { error: `Radius ${text}: a number with an optional unit s, m or d (e.g. 10, 2m, 0.5d).` };
  const value = Number(m[1]);
  const unit = m[2] ?? 's';
  const arcsec = /[m'′]/.test(unit) ? value * 60 : /[d°]/.test(unit) ? value * ARCSEC_PER_DEG : value;
  if (arcsec <= 0) return { error: `Radius ${text}: it must be more than 0.` };
  if (arcsec > MAX_RADIUS_ARCSEC)
    return { error: `Radius ${text} is over the limit of 5° (18,000″): give a smaller radius.` };
  return { value: arcsec };
}

/** A radius with optional unit suffix (see {@link checkRadius}), in arcsec; null when it is not one. */
export function parseRadiusText(text: string): number | null {
  const checked = checkRadius(text);
  return 'value' in checked ? checked.value : null;
}

/**
 * Checks a date as typed: ISO UTC (`2023-10-18`, `2023-10-18 04:00`, `2023-10-18T04:00:00`), JD or MJD.
 * @returns its JD (UTC), or an error for a text that is no date or an impossible one (2023-02-30).
 */
export function checkDate(text: string, what = 'Date'): Checked<number> {
  if (!DATE.test(text.trim()) && !/^\d+(\.\d+)?$/.test(text.trim()))
    return { error: `${what} ${text}: use an ISO UTC date (2023-10-18, 2023-10-18 04:00), a JD or an MJD.` };
  const parsed = parseDateToJd(text);
  return 'jd' in parsed ? { value: parsed.jd } : { error: `${what} ${text} ${parsed.error}.` };
}

/** Space-separated tokens as [ra, dec, radius?]: 2-3 tokens as they are, 6-7 as three sexagesimal fields each. */
function groupTokens(tokens: string[]): string[] | null {
  if (tokens.length === 2 || tokens.length === 3) return tokens;
  if (tokens.length === 6 || tokens.length === 7) {
    return [tokens.slice(0, 3).join(' '), tokens.slice(3, 6).join(' '), ...tokens.slice(6)];
  }
  return null;
}

/** Characters of a position or radius typed as numbers (decimal or sexagesimal, with units). */
const POSITION_TEXT = /^[+-]?[\d.:hdms°'"″′+\s-]+$/;

/** A cone as typed: centre (deg) and radius (arcsec). */
export interface Cone {
  readonly raDeg: number;
  readonly decDeg: number;
  readonly radiusArcsec: number;
}

/**
 * Reads "RA Dec [radius]" in decimal degrees or sexagesimal (`12 55 17.2 +02 53 50 5`, `12:55:17.2 +02:53:50`,
 * `12h55m17.2s +02d53m50s 2m`, `193.822, 2.897, 5`).
 * @returns null when the text does not look like a position; an error when it does but is wrong (Dec beyond
 *   ±90°, RA beyond 24h or 360°, radius over 5°); else the cone (radius default {@link DEFAULT_RADIUS_ARCSEC}).
 */
export function checkCone(text: string): Checked<Cone & { readonly radiusTyped: boolean }> | null {
  const trimmed = text.trim();
  if (!POSITION_TEXT.test(trimmed.replace(/,/g, ' ')) || !/\d/.test(trimmed)) return null;
  const parts = trimmed.includes(',')
    ? trimmed.split(',').map((p) => p.trim())
    : groupTokens(trimmed.split(/\s+/));
  if (parts === null || parts.length < 2 || parts.length > 3) return null;
  const ra = parseRaDeg(parts[0]);
  if (!('deg' in ra)) return { error: `RA ${parts[0]} ${ra.error}.` };
  const dec = parseDecDeg(parts[1]);
  if (!('deg' in dec)) return { error: `Dec ${parts[1]} ${dec.error}.` };
  const radius = parts.length === 3 ? checkRadius(parts[2]) : { value: DEFAULT_RADIUS_ARCSEC };
  if ('error' in radius) return radius;
  return {
    value: { raDeg: ra.deg, decDeg: dec.deg, radiusArcsec: radius.value, radiusTyped: parts.length === 3 },
  };
}

/** {@link checkCone} as a cone or null (not a position, or a wrong one). */
export function parseCone(text: string): Cone | null {
  const checked = checkCone(text);
  if (checked === null || 'error' in checked) return null;
  const { raDeg, decDeg, radiusArcsec } = checked.value;
  return { raDeg, decDeg, radiusArcsec };
}
