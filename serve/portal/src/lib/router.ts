/**
 * A small history-API router: the path names the page, the query string holds its state, so every view has a
 * shareable URL. Links are plain `<a href>`; clicks on same-origin links are turned into `navigate` calls.
 */
import { useEffect, useState } from 'preact/hooks';

/** The page a location shows, with its path parameters. */
export type Route =
  | { readonly page: 'home' }
  /** `store`: the store named by the path's prefix (`/lsst/object/<id>`), null for the default store. */
  | { readonly page: 'object'; readonly objectId: string; readonly store: string | null }
  | { readonly page: 'sso'; readonly name: string; readonly store: string | null }
  | { readonly page: 'stats' }
  | { readonly page: 'latests' }
  | { readonly page: 'xmatch' }
  | { readonly page: 'gw' }
  | { readonly page: 'not-found'; readonly path: string };

/**
 * Object ids of the stores served: ZTF ids, and any id given as `/object/<id>` (the default store) or
 * `/<store>/object/<id>` (the store of that name, lib/stores.ts); Solar System pages likewise.
 */
const ZTF_ID_PATH = /^\/(ZTF[0-9]{2}[a-z]{7})\/?$/;

/** The route of a path (no query string). */
export function routeOf(pathname: string): Route {
  const ztf = ZTF_ID_PATH.exec(pathname);
  if (ztf) return { page: 'object', objectId: ztf[1], store: null };
  const parts = pathname.split('/').filter((p) => p !== '');
  if (parts.length === 0) return { page: 'home' };
  const [first, second, third] = parts;
  if (first === 'object' && second && parts.length === 2)
    return { page: 'object', objectId: decode(second), store: null };
  if (first === 'sso' && second && parts.length === 2)
    return { page: 'sso', name: decode(second), store: null };
  if (second === 'object' && third && parts.length === 3)
    return { page: 'object', objectId: decode(third), store: decode(first) };
  if (second === 'sso' && third && parts.length === 3)
    return { page: 'sso', name: decode(third), store: decode(first) };
  if (
    parts.length === 1 &&
    (first === 'stats' || first === 'latests' || first === 'xmatch' || first === 'gw')
  ) {
    return { page: first };
  }
  return { page: 'not-found', path: pathname };
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Goes to a same-origin URL (path and query) without reloading the page. */
export function navigate(url: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.dispatchEvent(new Event('skyalert:navigate'));
  if (!options.replace) window.scrollTo(0, 0);
}

/** Replaces the query string of the current URL (page state), keeping the path. */
export function setQuery(params: Record<string, string | null | undefined>): void {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, value);
  }
  const text = search.toString();
  navigate(`${location.pathname}${text ? `?${text}` : ''}`, { replace: true });
}

/** The current location (path and query), re-rendering on navigation. */
export function useLocation(): { readonly pathname: string; readonly search: URLSearchParams } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const update = (): void => setTick((t) => t + 1);
    window.addEventListener('popstate', update);
    window.addEventListener('skyalert:navigate', update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener('skyalert:navigate', update);
    };
  }, []);
  return { pathname: location.pathname, search: new URLSearchParams(location.search) };
}

/** Turns clicks on same-origin `<a>` links (not API downloads, not new-tab clicks) into in-app navigation. */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const anchor = (event.target as Element | null)?.closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin) return;
    // the API and VO services, of the default store or of a named one (`/lsst/api/v1/...`)
    if (/^\/([a-z][a-z0-9-]*\/)?(api|vo)\//.test(url.pathname)) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  });
}
