/**
 * The home search: what the user typed (with a query type, or "auto" to detect it) becomes a `Query`; a query
 * lives in the URL (`/?action=conesearch&ra=…&dec=…&r=…`, the reference's scheme, and its older `?query_type=…`
 * form) and maps to one public API call. Pure functions, no DOM.
 * Reference: docs/references.md#portal-urls (URL scheme), #portal-search (parsing order, backend calls); docs/portal.md (SSO prefix).
 */
import {
  ARCSEC_PER_DEG,
  MAX_RADIUS_ARCSEC,
  parseDecDeg,
  parseRaDeg,
} from '../../../../compute/sky/sexagesimal.js';

/** The kinds of search (the reference's `action` values the portal serves). */
export const ACTIONS = ['objectid', 'conesearch', 'daterange', 'class', 'sso', 'tracklet'] as const;
export type Action = (typeof ACTIONS)[number];

/** Cone radius when none is given (arcsec), as the reference. */
export const DEFAULT_RADIUS_ARCSEC = 10;
/** Alerts of a class search when `last` is not given, as the reference. */
export const DEFAULT_CLASS_LAST = 100;
/** Length of a date search when no window is given (days): 1 hour. */
export const DEFAULT_WINDOW_DAYS = 1 / 24;
/** Longest date search the explorer answers (days). */
export const MAX_WINDOW_DAYS = 1;

/** A search, as the URL holds it. */
export type Query =
  | { readonly action: 'objectid'; readonly objectId: string }
  | {
      readonly action: 'conesearch';
      readonly raDeg: number;
      readonly decDeg: number;
      readonly radiusArcsec: number;
      /** First detection after this date (ISO UTC, JD or MJD), with `windowDays`; optional. */
      readonly after?: string;
      readonly windowDays?: number;
    }
  | { readonly action: 'daterange'; readonly after: string; readonly windowDays: number }
  | { readonly action: 'class'; readonly className: string; readonly last: number }
  | {
      readonly action: 'sso';
      readonly sso: string;
      /** True: a number is a prefix (8467 also finds 84673); false: the exact object (`sso=8467`). */
      readonly partial: boolean;
    }
  | { readonly action: 'tracklet'; readonly id: string };

/** A parse result: the query, or a message saying what is wrong (and how to write it). */
export type Parsed = { readonly query: Query } | { readonly error: string };

/** What the search box accepts: one of the actions, or `auto` (detected from the text). */
export type QueryType = Action | 'auto';

const ZTF_ID = /^ZTF\d{2}[a-z]{0,7}$/;
const ZTF_FULL_ID = /^ZTF\d{2}[a-z]{7}$/;
const TRACKLET = /^TRCK(_\d{0,8}(_\d{0,6}(_\d{0,2})?)?)?$/;
/** An ISO UTC date (what auto-detection takes for a date search; bare numbers are Solar System numbers). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;
/** A start date: ISO UTC, JD (7 digits) or MJD (5 digits). */
const DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$|^\d{7}(\.\d+)?$|^\d{5}(\.\d+)?$/;
const SSO_TEXT = /^[\p{L}\p{N} /()'._-]{1,40}$/u;

/** A radius with optional unit suffix: `10` or `10s` (arcsec), `2m` (arcmin), `0.5d` (deg). */
export function parseRadiusText(text: string): number | null {
  const m = /^(\d+\.?\d*|\.\d+)\s*(s|"|″|m|'|′|d|°)?$/.exec(text.trim());
  if (!m) return null;
  const value = Number(m[1]);
  const unit = m[2] ?? 's';
  const arcsec = /[m'′]/.test(unit) ? value * 60 : /[d°]/.test(unit) ? value * ARCSEC_PER_DEG : value;
  return arcsec > 0 && arcsec <= MAX_RADIUS_ARCSEC ? arcsec : null;
}

/**
 * Reads "RA Dec [radius]" in decimal degrees or sexagesimal (`12 55 17.2 +02 53 50 5`, `12:55:17.2 +02:53:50`,
 * `12h55m17.2s +02d53m50s 2m`, `193.822, 2.897, 5`).
 * @returns the cone (radius default {@link DEFAULT_RADIUS_ARCSEC}), or null when the text is not one.
 */
export function parseCone(text: string): { raDeg: number; decDeg: number; radiusArcsec: number } | null {
  const parts = text.includes(',')
    ? text.split(',').map((p) => p.trim())
    : groupTokens(text.trim().split(/\s+/));
  if (parts === null || parts.length < 2 || parts.length > 3) return null;
  const ra = parseRaDeg(parts[0]);
  const dec = parseDecDeg(parts[1]);
  const radius = parts.length === 3 ? parseRadiusText(parts[2]) : DEFAULT_RADIUS_ARCSEC;
  if (!('deg' in ra) || !('deg' in dec) || radius === null) return null;
  return { raDeg: ra.deg, decDeg: dec.deg, radiusArcsec: radius };
}

/** Space-separated tokens as [ra, dec, radius?]: 2-3 tokens as they are, 6-7 as three sexagesimal fields each. */
function groupTokens(tokens: string[]): string[] | null {
  if (tokens.length === 2 || tokens.length === 3) return tokens;
  if (tokens.length === 6 || tokens.length === 7) {
    return [tokens.slice(0, 3).join(' '), tokens.slice(3, 6).join(' '), ...tokens.slice(6)];
  }
  return null;
}

/** Guesses the query type of a text, in the reference's order (ids, options, coordinates, dates, names). */
export function detectType(text: string): Action | null {
  const t = text.trim();
  if (t === '') return null;
  if (/^sso\s*[=:]/i.test(t)) return 'sso';
  if (/^class\s*[=:]/i.test(t)) return 'class';
  if (ZTF_ID.test(t)) return 'objectid';
  if (TRACKLET.test(t)) return 'tracklet';
  if (parseCone(t.split(';')[0]) !== null) return 'conesearch';
  if (ISO_DATE.test(t.split(/\s*,\s*/)[0])) return 'daterange';
  return SSO_TEXT.test(t) ? 'sso' : null;
}

/** Removes a `name=` or `name:` option prefix and surrounding quotes. */
function optionValue(text: string, name: string): string {
  const m = new RegExp(`^${name}\\s*[=:]\\s*(.*)$`, 'i').exec(text.trim());
  return (m ? m[1] : text).trim().replace(/^"(.*)"$/, '$1');
}

function parseWindow(text: string | undefined, fallback: number): number | null {
  if (text === undefined || text.trim() === '') return fallback;
  const days = Number(text);
  return Number.isFinite(days) && days > 0 && days <= MAX_WINDOW_DAYS ? days : null;
}

/**
 * Parses the search box.
 * @param type the chosen query type, or `auto` to detect it ({@link detectType}).
 * @param text what was typed; each type's forms are in `QUERY_HELP` (lib/query-help.ts).
 * @returns the query, or an error message naming the expected form. Never throws.
 */
export function parseSearch(type: QueryType, text: string): Parsed {
  const t = text.trim();
  if (t === '') return { error: 'Type something to search for.' };
  const action = type === 'auto' ? detectType(t) : type;
  if (action === null) return { error: `Query not recognized: ${t}` };
  switch (action) {
    case 'objectid':
      return ZTF_ID.test(t)
        ? { query: { action, objectId: t } }
        : { error: 'Bad ZTF object id: it starts with ZTF and two digits (ZTF21abfmbix, or a prefix).' };
    case 'tracklet':
      return TRACKLET.test(t)
        ? { query: { action, id: t } }
        : { error: 'Bad tracklet id: TRCK_YYYYMMDD_HHMMSS_NN, or a prefix of it (TRCK_20211022).' };
    case 'class': {
      const [name, last] = optionValue(t, 'class').split(/\s*,\s*/);
      const n = last === undefined ? DEFAULT_CLASS_LAST : Number(last);
      if (!name || !Number.isInteger(n) || n < 1 || n > 10_000)
        return {
          error: 'Class search: a class name, optionally followed by a comma and the number of alerts.',
        };
      return { query: { action, className: name, last: n } };
    }
    case 'sso': {
      const forced = /^sso\s*[=:]/i.test(t);
      const name = optionValue(t, 'sso');
      if (!SSO_TEXT.test(name)) return { error: 'Solar System search: a name, number or designation.' };
      return { query: { action, sso: name, partial: !forced && /^\d+$/.test(name) } };
    }
    case 'daterange': {
      const [after, window] = t.split(/\s*,\s*/);
      const days = parseWindow(window, DEFAULT_WINDOW_DAYS);
      if (!DATE.test(after) || days === null)
        return {
          error:
            'Date search: a start date (2024-03-29 10:00, JD or MJD), optionally a comma and a window in days (≤ 1).',
        };
      return { query: { action, after, windowDays: days } };
    }
    case 'conesearch': {
      const [position, after, window] = t.split(/\s*;\s*/);
      const cone = parseCone(position);
      if (cone === null)
        return {
          error:
            'Bad cone search: RA Dec [radius], e.g. 193.822 2.897 5 or 12:55:17.2 +02:53:50 10″ (radius ≤ 5°).',
        };
      if (after === undefined) return { query: { action, ...cone } };
      const days = parseWindow(window, 1);
      if (!DATE.test(after) || days === null)
        return { error: 'Cone search dates: RA Dec radius; start date; window in days (≤ 1).' };
      return { query: { action, ...cone, after, windowDays: days } };
    }
  }
}

function numberParam(params: URLSearchParams, ...names: string[]): number | null {
  for (const name of names) {
    const value = params.get(name);
    if (value !== null && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  }
  return null;
}

/**
 * Reads a search from the page URL: `action=…` (docs/references.md#portal-urls) or the older `query_type=…` form.
 * @returns null when the URL holds no search; an error when it holds a malformed one.
 */
export function queryFromParams(params: URLSearchParams): Parsed | null {
  const action = params.get('action');
  if (action !== null) return actionQuery(action, params);
  if (params.has('query_type')) return legacyQuery(params.get('query_type') ?? '', params);
  return null;
}

function actionQuery(action: string, p: URLSearchParams): Parsed {
  const get = (name: string): string => (p.get(name) ?? '').trim();
  switch (action) {
    case 'objectid':
      return parseSearch('objectid', get('objectId') || get('object'));
    case 'tracklet':
      return parseSearch('tracklet', get('id') || get('object'));
    case 'sso': {
      const name = get('sso') || get('object');
      if (!SSO_TEXT.test(name)) return { error: 'Solar System search: a name, number or designation.' };
      const partial = ['1', 'true', 'True'].includes(get('partial'));
      return { query: { action, sso: name, partial: partial && /^\d+$/.test(name) } };
    }
    case 'class': {
      const last = numberParam(p, 'last', 'n') ?? DEFAULT_CLASS_LAST;
      return parseSearch('class', `${get('class')}, ${last}`);
    }
    case 'daterange': {
      const window = numberParam(p, 'window');
      return parseSearch('daterange', window === null ? get('after') : `${get('after')}, ${window}`);
    }
    case 'conesearch':
      return coneFromParams(get('ra'), get('dec'), get('r') || get('radius'), get('after'), get('window'));
    default:
      return { error: `Unknown search action ${JSON.stringify(action)}: use one of ${ACTIONS.join(', ')}.` };
  }
}

function coneFromParams(ra: string, dec: string, radius: string, after: string, window: string): Parsed {
  const raDeg = parseRaDeg(ra);
  const decDeg = parseDecDeg(dec);
  const radiusArcsec = radius === '' ? DEFAULT_RADIUS_ARCSEC : parseRadiusText(radius);
  if (!('deg' in raDeg) || !('deg' in decDeg) || radiusArcsec === null)
    return {
      error: 'Bad cone search in the URL: ra, dec (degrees or sexagesimal) and r (arcsec, ≤ 18,000).',
    };
  const cone = { action: 'conesearch', raDeg: raDeg.deg, decDeg: decDeg.deg, radiusArcsec } as const;
  if (after === '') return { query: cone };
  const days = parseWindow(window, 1);
  return DATE.test(after) && days !== null
    ? { query: { ...cone, after, windowDays: days } }
    : { error: 'Bad cone search dates in the URL: after (ISO, JD or MJD) and window (days, ≤ 1).' };
}

/** The 2021–2023 form: `query_type=objectId|Conesearch|Date Search|Class Search|SSO|Tracklet`. */
function legacyQuery(type: string, p: URLSearchParams): Parsed {
  const get = (name: string): string => (p.get(name) ?? '').trim();
  switch (type) {
    case 'objectId':
      return parseSearch('objectid', get('objectId'));
    case 'Conesearch':
      return coneFromParams(
        get('ra'),
        get('dec'),
        get('radius'),
        get('startdate_conesearch'),
        get('window_days_conesearch'),
      );
    case 'Date Search': {
      // the old form gave the window in minutes
      const minutes = numberParam(p, 'window');
      return parseSearch('daterange', `${get('startdate')}${minutes === null ? '' : `, ${minutes / 1440}`}`);
    }
    case 'Class Search':
      return parseSearch('class', get('class'));
    case 'SSO':
      return parseSearch('sso', get('n_or_d'));
    case 'Tracklet':
      return parseSearch('tracklet', get('id'));
    case '':
      return { error: 'Empty query type.' };
    default:
      return { error: `Unknown query type ${JSON.stringify(type)}.` };
  }
}

/** The URL parameters of a query (the reference's `action` scheme), for a shareable link. */
export function queryToParams(q: Query): Record<string, string> {
  switch (q.action) {
    case 'objectid':
      return { action: q.action, objectId: q.objectId };
    case 'tracklet':
      return { action: q.action, id: q.id };
    case 'sso':
      return q.partial ? { action: q.action, sso: q.sso, partial: 'true' } : { action: q.action, sso: q.sso };
    case 'class':
      return { action: q.action, class: q.className, last: String(q.last) };
    case 'daterange':
      return { action: q.action, after: q.after, window: String(q.windowDays) };
    case 'conesearch': {
      const cone = {
        action: q.action,
        ra: String(q.raDeg),
        dec: String(q.decDeg),
        r: String(q.radiusArcsec),
      };
      return q.after === undefined ? cone : { ...cone, after: q.after, window: String(q.windowDays ?? 1) };
    }
  }
}

/** The text of a query as typed in the search box (auto-detected back to the same query). */
export function queryText(q: Query): string {
  switch (q.action) {
    case 'objectid':
      return q.objectId;
    case 'tracklet':
      return q.id;
    case 'sso':
      return q.partial || !/^\d+$/.test(q.sso) ? q.sso : `sso=${q.sso}`;
    case 'class':
      return `class=${q.className}${q.last === DEFAULT_CLASS_LAST ? '' : `, ${q.last}`}`;
    case 'daterange':
      return `${q.after}, ${q.windowDays}`;
    case 'conesearch': {
      const cone = `${q.raDeg} ${q.decDeg} ${q.radiusArcsec}`;
      return q.after === undefined ? cone : `${cone}; ${q.after}; ${q.windowDays ?? 1}`;
    }
  }
}

/** One API call: a public endpoint and its arguments. */
export interface ApiCall {
  readonly endpoint: string;
  readonly args: Record<string, string | number | boolean>;
}

/**
 * The API call that answers a query (docs/references.md#portal-search): objectid → explorer (objectId, a prefix allowed);
 * cone → conesearch (ra, dec, radius, startdate/window); date range → explorer; class → latests (n = last);
 * sso → sso (`n_or_d`: the exact object, or the numbers `ssoMatches` found for a prefix); tracklet → tracklet.
 * @param ssoMatches for a partial SSO search, the matching names or numbers (see lib/sso-prefix.ts).
 */
export function apiCall(q: Query, ssoMatches: readonly string[] = []): ApiCall {
  switch (q.action) {
    case 'objectid':
      return { endpoint: 'explorer', args: { objectId: q.objectId } };
    case 'tracklet':
      return { endpoint: 'tracklet', args: { id: q.id } };
    case 'sso':
      return {
        endpoint: 'sso',
        args: { n_or_d: q.partial && ssoMatches.length > 0 ? ssoMatches.join(',') : q.sso },
      };
    case 'class':
      return { endpoint: 'latests', args: { class: q.className, n: q.last } };
    case 'daterange':
      return { endpoint: 'explorer', args: { startdate: q.after, window: q.windowDays } };
    case 'conesearch': {
      const cone = { ra: q.raDeg, dec: q.decDeg, radius: q.radiusArcsec };
      return {
        endpoint: 'conesearch',
        args: q.after === undefined ? cone : { ...cone, startdate: q.after, window: q.windowDays ?? 1 },
      };
    }
  }
}

/** True when a text is a complete ZTF object id (a search for it can open the object page directly). */
export function isFullObjectId(text: string): boolean {
  return ZTF_FULL_ID.test(text);
}
