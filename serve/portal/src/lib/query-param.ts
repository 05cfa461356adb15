/**
 * One page-state parameter in the URL query, changed without touching the others (the object page and its tabs
 * share the query string), so a view stays shareable.
 */
import { navigate } from './router.js';

/** The query string `search` with `key` set to `value` (removed when null or empty), `?` included when not empty. */
export function withQueryParam(search: string, key: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null || value === '') params.delete(key);
  else params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Replaces one parameter of the current URL's query (history entry replaced, no reload). */
export function setQueryParam(key: string, value: string | null): void {
  navigate(`${location.pathname}${withQueryParam(location.search, key, value)}`, { replace: true });
}

/** The value of a query parameter if it is one of `choices`, else the first choice. */
export function pickChoice<T extends string>(value: string | null, choices: readonly T[]): T {
  return choices.find((c) => c === value) ?? choices[0];
}
