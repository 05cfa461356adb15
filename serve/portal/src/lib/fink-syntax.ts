/**
 * The search bar's own syntax, as Fink's Science Portal reads it: an object id, a position or a name, and
 * keywords `key=value` (or `key:value`): `r=` (radius, unit s, m or d), `last=`, `class=`, `after=`, `before=`,
 * `window=`, `trend=`, `sso=`. A date typed alone searches that night; a name typed alone is resolved (a class
 * name, TNS, SIMBAD, Solar System: lib/resolve-name.ts). Every value is checked here, so a wrong search is
 * refused with a message before anything is sent. Pure functions, no DOM.
 * Reference: Fink's Science Portal `apps/parse.py` (`parse_query`) and `index.py` (`results`); docs/portal.md.
 */
import {
  type Checked,
  checkCone,
  checkDate,
  checkRadius,
  DEFAULT_CLASS_LAST,
  DEFAULT_WINDOW_DAYS,
  ISO_DATE,
  ISO_DAY,
  isFullObjectId,
  MAX_CLASS_LAST,
  MAX_WINDOW_DAYS,
  NAME_TEXT,
  NIGHT_DAYS,
  normalizeObjectId,
  type Parsed,
  type TimeWindow,
  TRACKLET,
  TRENDS,
  ZTF_ID,
} from './search-query.js';

/** The keywords of the search bar (`radius` is another spelling of `r`). */
export const KEYWORDS = [
  'r',
  'radius',
  'last',
  'class',
  'after',
  'before',
  'window',
  'trend',
  'sso',
] as const;
type Keyword = (typeof KEYWORDS)[number];

const KEY_TOKEN = /^([A-Za-z_]\w*)[=:](.*)$/s;

/**
 * Splits the text into tokens at blanks, keeping quoted values whole (`class="SN candidate"`, `"M 31"`), with
 * `YYYY-MM-DD hh:mm[:ss]` kept as one token (joined with `T`), and commas read as blanks (as Fink).
 */
export function tokenize(text: string): string[] {
  const joined = text.replace(/\b(\d{4}-\d{2}-\d{2})\s+(\d{2}:\d{2}(:\d{2}(\.\d+)?)?)\b/g, '$1T$2');
  const tokens: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const ch of joined) {
    if (quote !== null) {
      if (ch === quote) quote = null;
      else current += ch;
    } else if ((ch === '"' || ch === "'") && (current === '' || /[=:]$/.test(current))) {
      quote = ch;
    } else if (/[\s,]/.test(ch)) {
      if (current !== '') tokens.push(current);
      current = '';
    } else current += ch;
  }
  if (current !== '') tokens.push(current);
  return tokens;
}

interface Pieces {
  id?: string;
  tracklet?: string;
  params: Partial<Record<Keyword, string>>;
  rest: string[];
}

/** Sorts tokens into an id or tracklet, keyword values and the rest; `class=` takes the words after it. */
function split(tokens: readonly string[]): Pieces | { error: string } {
  const pieces: Pieces = { params: {}, rest: [] };
  let classOpen = false;
  for (const token of tokens) {
    const key = KEY_TOKEN.exec(token);
    if (key) {
      const name = key[1].toLowerCase();
      if (!(KEYWORDS as readonly string[]).includes(name))
        return { error: `Unknown keyword ${key[1]}: use ${KEYWORDS.map((k) => `${k}=`).join(', ')}.` };
      pieces.params[name as Keyword] = key[2];
      classOpen = name === 'class';
    } else if (classOpen) {
      pieces.params.class = `${pieces.params.class ?? ''} ${token}`.trim();
    } else if (token.length >= 3 && ZTF_ID.test(token)) {
      if (pieces.id !== undefined) return { error: 'Give one object id per search.' };
      pieces.id = normalizeObjectId(token);
    } else if (token.length >= 4 && TRACKLET.test(token)) {
      pieces.tracklet = token.toUpperCase();
    } else pieces.rest.push(token);
  }
  return pieces;
}

/** The time keywords, checked: dates real, window positive. */
function timeWindow(params: Pieces['params']): Checked<TimeWindow> {
  const window: { after?: string; before?: string; windowDays?: number } = {};
  for (const key of ['after', 'before'] as const) {
    const text = params[key];
    if (text === undefined) continue;
    const checked = checkDate(text, `${key}=`);
    if ('error' in checked) return checked;
    window[key] = text;
  }
  if (params.window !== undefined) {
    const days = Number(params.window);
    if (!Number.isFinite(days) || days <= 0)
      return { error: `window=${params.window}: a positive number of days.` };
    if (params.before !== undefined) return { error: 'Give either before= or window=, not both.' };
    window.windowDays = days;
  }
  if (window.after !== undefined && window.before !== undefined) {
    const a = checkDate(window.after);
    const b = checkDate(window.before);
    if ('value' in a && 'value' in b && b.value <= a.value)
      return { error: `before=${window.before} is not after after=${window.after}.` };
  }
  return { value: window };
}

/** A date search from `after` (and `before` or a window), at most {@link MAX_WINDOW_DAYS}. */
function dateSearch(time: TimeWindow): Parsed {
  const after = time.after ?? '';
  let days = time.windowDays ?? (ISO_DAY.test(after) ? NIGHT_DAYS : DEFAULT_WINDOW_DAYS);
  if (time.before !== undefined) {
    const a = checkDate(after);
    const b = checkDate(time.before);
    if ('value' in a && 'value' in b) days = Number((b.value - a.value).toFixed(9));
  }
  if (days > MAX_WINDOW_DAYS)
    return {
      error: `A date search covers at most ${MAX_WINDOW_DAYS} day: give a shorter window= or an earlier before=.`,
    };
  return { query: { action: 'daterange', after, windowDays: days } };
}

/**
 * Parses the search bar in Fink's syntax (see the file comment).
 * @returns the search, or an error saying what is wrong and how to write it. Never throws.
 */
export function parseFinkSyntax(text: string): Parsed {
  if (text.trim() === '') return { error: 'Type something to search for.' };
  const pieces = split(tokenize(text));
  if ('error' in pieces) return pieces;
  const { params } = pieces;
  const time = timeWindow(params);
  if ('error' in time) return time;
  const radiusText = params.r ?? params.radius;
  const radius = radiusText === undefined ? undefined : checkRadius(radiusText);
  if (radius && 'error' in radius) return radius;
  const radiusArcsec = radius?.value;
  const rest = pieces.rest.join(' ');
  if (params.trend !== undefined) {
    if (params.class === undefined)
      return { error: 'trend= can only be used with a class search: add class= to your search.' };
    if (!(TRENDS as readonly string[]).includes(params.trend))
      return { error: `trend=${params.trend}: use one of ${TRENDS.join(', ')}.` };
  }

  if (rest !== '') {
    if (pieces.id !== undefined || pieces.tracklet !== undefined)
      return { error: `Search one thing at a time: ${pieces.id ?? pieces.tracklet} and ${rest}.` };
    const cone = checkCone(rest);
    if (cone !== null) {
      if ('error' in cone) return cone;
      const { radiusTyped, ...centre } = cone.value;
      if (radiusArcsec !== undefined && radiusTyped)
        return { error: 'The radius is given twice: keep either the third number or r=.' };
      return {
        query: {
          action: 'conesearch',
          ...centre,
          ...(radiusArcsec === undefined ? {} : { radiusArcsec }),
          ...time.value,
        },
      };
    }
    if (ISO_DATE.test(rest.replace('T', ' '))) {
      const checked = checkDate(rest);
      if ('error' in checked) return checked;
      if (time.value.after !== undefined)
        return { error: 'Give the start date once (typed alone or after=).' };
      return dateSearch({ ...time.value, after: rest });
    }
    if (/^\d+$/.test(rest) && radiusArcsec === undefined)
      return { query: { action: 'sso', sso: rest, partial: true } };
    if (!NAME_TEXT.test(rest)) return { error: `Query not recognized: ${text.trim()}` };
    return {
      query: {
        action: 'resolve',
        name: rest,
        ...(radiusArcsec === undefined ? {} : { radiusArcsec }),
        ...time.value,
      },
    };
  }
  if (pieces.id !== undefined) {
    if (radiusArcsec !== undefined && isFullObjectId(pieces.id))
      return { query: { action: 'resolve', name: pieces.id, radiusArcsec, ...time.value } };
    return { query: { action: 'objectid', objectId: pieces.id } };
  }
  if (pieces.tracklet !== undefined) return { query: { action: 'tracklet', id: pieces.tracklet } };
  if (params.sso !== undefined) {
    const name = params.sso.trim();
    if (!NAME_TEXT.test(name)) return { error: 'sso=: a Solar System name, number or designation.' };
    return { query: { action: 'sso', sso: name, partial: false } };
  }
  if (params.class !== undefined || params.last !== undefined) return classSearch(params, time.value);
  if (radiusArcsec !== undefined)
    return { error: 'r= needs a position, an object id or a name to search around.' };
  if (time.value.after !== undefined) return dateSearch(time.value);
  if (time.value.before !== undefined) return { error: 'before= needs after= (or a class= search).' };
  return { error: `Query not recognized: ${text.trim()}` };
}

function classSearch(params: Pieces['params'], time: TimeWindow): Parsed {
  const className = params.class?.trim() || 'allclasses';
  const last = params.last === undefined ? DEFAULT_CLASS_LAST : Number(params.last);
  if (!Number.isInteger(last) || last < 1 || last > MAX_CLASS_LAST)
    return {
      error: `last=${params.last}: a whole number of alerts from 1 to ${MAX_CLASS_LAST.toLocaleString('en-US')}.`,
    };
  if (time.windowDays !== undefined)
    return { error: 'A class search takes after= and before= (not window=).' };
  return {
    query: {
      action: 'class',
      className,
      last,
      ...(time.after === undefined ? {} : { after: time.after }),
      ...(time.before === undefined ? {} : { before: time.before }),
      ...(params.trend === undefined ? {} : { trend: params.trend }),
    },
  };
}
