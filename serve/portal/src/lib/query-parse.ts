/**
 * The home search: what the user typed (with a query type, or "auto": Fink's syntax, lib/fink-syntax.ts) becomes a
 * search; a search lives in the URL as the text typed (`/?query=…`, never rewritten), or in the reference's
 * scheme (`/?action=conesearch&ra=…&dec=…&r=…`) and its older `?query_type=…` form. Pure functions, no DOM.
 * Reference: docs/references.md#portal-urls (URL scheme), #portal-search (parsing order, backend calls); docs/portal.md.
 */
import { parseDecDeg, parseRaDeg } from '../../../../compute/sky/sexagesimal.js';
import { parseFinkSyntax } from './fink-syntax.js';
import {
  ACTIONS,
  type Action,
  checkDate,
  DATE,
  DEFAULT_CLASS_LAST,
  DEFAULT_RADIUS_ARCSEC,
  DEFAULT_WINDOW_DAYS,
  ISO_DATE,
  ISO_DAY,
  isFullObjectId,
  MAX_WINDOW_DAYS,
  NAME_TEXT,
  type NameQuery,
  NIGHT_DAYS,
  normalizeObjectId,
  type Parsed,
  parseCone,
  parseRadiusText,
  type Query,
  TRACKLET,
  ZTF_ID,
} from './search-query.js';

export { type ApiCall, apiCall } from './search-api.js';
export {
  ACTIONS,
  type Action,
  DEFAULT_RADIUS_ARCSEC,
  isFullObjectId,
  type NameQuery,
  type Parsed,
  parseCone,
  parseRadiusText,
  type Query,
} from './search-query.js';

/** What the search box accepts: one of the actions, or `auto` (Fink's syntax, detected from the text). */
export type QueryType = Action | 'auto';

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
 * The portal's earlier comma forms, still read in auto mode: `RA Dec r; date; window`, `date, window` and
 * `class=Name, n`; anything else is Fink's syntax.
 */
function parseAuto(t: string): Parsed {
  if (t.includes(';')) return parseSearch('conesearch', t);
  const parts = t.split(/\s*,\s*/);
  if (parts.length === 2 && /^\d+(\.\d+)?$/.test(parts[1])) {
    if (ISO_DATE.test(parts[0])) return parseSearch('daterange', t);
    if (/^class\s*[=:]/i.test(parts[0])) return parseSearch('class', t);
  }
  return parseFinkSyntax(t);
}

/**
 * Parses the search box.
 * @param type the chosen query type, or `auto` for Fink's syntax (lib/fink-syntax.ts) and the earlier comma forms.
 * @param text what was typed; each type's forms are in pages/home/query-help.tsx.
 * @returns the query, or an error message naming the expected form. Never throws.
 */
export function parseSearch(type: QueryType, text: string): Parsed {
  const t = text.trim();
  if (t === '') return { error: 'Type something to search for.' };
  if (type === 'auto') return parseAuto(t);
  const action = type;
  switch (action) {
    case 'objectid':
      return ZTF_ID.test(t)
        ? { query: { action, objectId: normalizeObjectId(t) } }
        : { error: 'Bad ZTF object id: it starts with ZTF and two digits (ZTF21abfmbix, or a prefix).' };
    case 'tracklet':
      return TRACKLET.test(t)
        ? { query: { action, id: t.toUpperCase() } }
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
      if (!NAME_TEXT.test(name)) return { error: 'Solar System search: a name, number or designation.' };
      return { query: { action, sso: name, partial: !forced && /^\d+$/.test(name) } };
    }
    case 'daterange': {
      const [after, window] = t.split(/\s*,\s*/);
      // a date without a time is that whole night, as in the search bar
      const days = parseWindow(window, ISO_DAY.test(after) ? NIGHT_DAYS : DEFAULT_WINDOW_DAYS);
      if (!DATE.test(after) || days === null)
        return {
          error:
            'Date search: a start date (2024-03-29 10:00, JD or MJD), optionally a comma and a window in days (≤ 1).',
        };
      const real = checkDate(after);
      if ('error' in real) return real;
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
  const text = params.get('query');
  if (text !== null) return parseSearch(queryTypeParam(params.get('type')), text);
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
      if (!NAME_TEXT.test(name)) return { error: 'Solar System search: a name, number or designation.' };
      const partial = ['1', 'true', 'True'].includes(get('partial'));
      return { query: { action, sso: name, partial: partial && /^\d+$/.test(name) } };
    }
    case 'class': {
      const last = numberParam(p, 'last', 'n') ?? DEFAULT_CLASS_LAST;
      const parsed = parseSearch('class', `${get('class')}, ${last}`);
      if ('error' in parsed || parsed.query.action !== 'class') return parsed;
      const extra = (['after', 'before', 'trend'] as const).filter((k) => get(k) !== '');
      if (extra.length === 0) return parsed;
      // the keywords are checked as the search bar checks them
      return parseFinkSyntax(
        `class="${parsed.query.className}" last=${last} ${extra.map((k) => `${k}="${get(k)}"`).join(' ')}`,
      );
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
      return {
        action: q.action,
        class: q.className,
        last: String(q.last),
        ...(q.after === undefined ? {} : { after: q.after }),
        ...(q.before === undefined ? {} : { before: q.before }),
        ...(q.trend === undefined ? {} : { trend: q.trend }),
      };
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
    case 'class': {
      const extra = [
        q.last === DEFAULT_CLASS_LAST ? '' : ` last=${q.last}`,
        q.after === undefined ? '' : ` after="${q.after}"`,
        q.before === undefined ? '' : ` before="${q.before}"`,
        q.trend === undefined ? '' : ` trend=${q.trend}`,
      ];
      return `class="${q.className}"${extra.join('')}`;
    }
    case 'daterange':
      return `${q.after}, ${q.windowDays}`;
    case 'conesearch': {
      const cone = `${q.raDeg} ${q.decDeg} ${q.radiusArcsec}`;
      return q.after === undefined ? cone : `${cone}; ${q.after}; ${q.windowDays ?? 1}`;
    }
  }
}

/** The query type of a `type=` URL parameter (auto when absent or unknown). */
export function queryTypeParam(value: string | null): QueryType {
  return (ACTIONS as readonly string[]).includes(value ?? '') ? (value as Action) : 'auto';
}

/**
 * The page a search opens: a complete object id (any case) its object page, anything else `/?query=<the text
 * as typed>` (with `type=` when a query type was chosen), so the field and the URL keep the user's text.
 */
export function searchUrl(type: QueryType, text: string, query: Query | NameQuery): string {
  if (query.action === 'objectid' && isFullObjectId(query.objectId)) return `/${query.objectId}`;
  const params = new URLSearchParams({ query: text.trim() });
  if (type !== 'auto') params.set('type', type);
  return `/?${params.toString()}`;
}

/**
 * The text to show in the search field for a page URL: the `query` parameter as typed; for the `action=` and
 * `query_type=` forms, their values as written in the URL (a position is not rewritten into decimals).
 */
export function fieldText(params: URLSearchParams, parsed: Parsed | null): string {
  const typed = params.get('query');
  if (typed !== null) return typed;
  if (parsed === null || 'error' in parsed) return '';
  const q = parsed.query;
  if (q.action === 'conesearch') {
    const ra = params.get('ra') ?? '';
    const dec = params.get('dec') ?? '';
    const r = params.get('r') ?? params.get('radius');
    const after = params.get('after') ?? params.get('startdate_conesearch');
    return [ra, dec, r === null ? '' : `r=${r}`, after ? `after="${after}"` : '']
      .filter((p) => p !== '')
      .join(' ');
  }
  return q.action === 'resolve' ? q.name : queryText(q);
}
