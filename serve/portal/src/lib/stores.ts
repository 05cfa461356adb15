/**
 * The stores the server serves (`/api/v1/stores`: name, survey, API base; the first also at `/api/v1`), read once
 * per page load, and the paths of their pages: a store's pages live under its name (`/lsst/object/<id>`), and the
 * first store's also without it (`/object/<id>`). Reference: docs/portal.md, "Surveys".
 */
import { useEffect, useState } from 'preact/hooks';
import { type ApiRow, getJson } from './api.js';

/** A survey the portal shows. */
export type Survey = 'ztf' | 'lsst';

/**
 * The argument of a store's `/resolver` that carries the name, per survey: Fink's ZTF route takes `name`, its LSST
 * route `name_or_id` (and refuses `name` with a 400). Reference: serve/api/resolver.ts, serve/api/lsst/resolver.ts.
 */
export const RESOLVER_NAME_ARG: Readonly<Record<Survey, string>> = { ztf: 'name', lsst: 'name_or_id' };

/** A store served, as `/api/v1/stores` lists it. */
export interface StoreEntry {
  /** Path prefix of the store (`ztf`, `lsst`). */
  readonly name: string;
  readonly survey: Survey;
  /** Base of its API, `/<name>/api/v1`. */
  readonly api: string;
  /** True for the first store (also at `/api/v1` and at un-prefixed portal paths). */
  readonly default: boolean;
  /** The resolvers its `/resolver` resolves names with (`tns`, `simbad`, `ssodnet`); null when not said. */
  readonly resolvers: readonly string[] | null;
}

/** What a server that does not list its stores serves: one ZTF store. */
export const ZTF_ONLY: readonly StoreEntry[] = [
  { name: 'ztf', survey: 'ztf', api: '/api/v1', default: true, resolvers: null },
];

/** The entries of a `/api/v1/stores` answer that are well formed (others left out). */
export function storeEntries(rows: readonly ApiRow[]): StoreEntry[] {
  return rows.flatMap((r) =>
    typeof r.name === 'string' &&
    (r.survey === 'ztf' || r.survey === 'lsst') &&
    typeof r.api === 'string' &&
    r.api.startsWith('/')
      ? [
          {
            name: r.name,
            survey: r.survey,
            api: r.api,
            default: r.default === true,
            resolvers: Array.isArray(r.resolvers) ? r.resolvers.filter((v) => typeof v === 'string') : null,
          },
        ]
      : [],
  );
}

let loading: Promise<readonly StoreEntry[]> | null = null;

/** The stores of the server (asked once per page load; one ZTF store when the server does not say). */
export function loadStores(): Promise<readonly StoreEntry[]> {
  loading ??= getJson<ApiRow[]>('stores').then(
    (rows) => {
      const entries = storeEntries(rows);
      return entries.length > 0 ? entries : ZTF_ONLY;
    },
    () => ZTF_ONLY,
  );
  return loading;
}

/** The stores of the server, null until known. */
export function useStores(): readonly StoreEntry[] | null {
  const [stores, setStores] = useState<readonly StoreEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadStores().then((s) => live && setStores(s));
    return () => {
      live = false;
    };
  }, []);
  return stores;
}

/**
 * The store of a page path's prefix: the store named `prefix`, or the default store when `prefix` is null.
 * @returns undefined when no store has that name.
 */
export function storeOf(stores: readonly StoreEntry[], prefix: string | null): StoreEntry | undefined {
  return prefix === null ? stores.find((s) => s.default) : stores.find((s) => s.name === prefix);
}

/** The first store of a survey, undefined when the server serves none. */
export function storeOfSurvey(stores: readonly StoreEntry[], survey: Survey): StoreEntry | undefined {
  return stores.find((s) => s.survey === survey);
}

/** An endpoint of a store's API as a path `apiUrl` takes (`/lsst/api/v1/objects`). */
export function storeEndpoint(store: StoreEntry, endpoint: string): string {
  return `${store.api}/${endpoint}`;
}

/** The object page of an id in a store: `/<store>/object/<id>` (ZTF ids of the default store: `/<id>`). */
export function objectPath(store: StoreEntry, id: string): string {
  if (store.default && store.survey === 'ztf') return `/${encodeURIComponent(id)}`;
  return `/${store.name}/object/${encodeURIComponent(id)}`;
}

/** The Solar System page of a name in a store: `/<store>/sso/<name>` (the default ZTF store: `/sso/<name>`). */
export function ssoPath(store: StoreEntry, name: string): string {
  const prefix = store.default && store.survey === 'ztf' ? '' : `/${store.name}`;
  return `${prefix}/sso/${encodeURIComponent(name)}`;
}

/** A Rubin diaObjectId as typed in the search bar: an integer of 12 to 20 digits (asteroid numbers are shorter). */
export const DIA_OBJECT_ID = /^\d{12,20}$/;

/**
 * The page a search text opens directly when it is a diaObjectId and the server serves an LSST store: that store's
 * object page, the id kept as typed (never a JavaScript number).
 * @param type the query type chosen (`auto`: Fink's syntax, `objectid`: an object id); other types: null.
 * @returns the page's path, or null when the text is not a diaObjectId or no LSST store is served.
 */
export function diaObjectSearchUrl(
  type: string,
  text: string,
  stores: readonly StoreEntry[] | null,
): string | null {
  const id = text.trim();
  if ((type !== 'auto' && type !== 'objectid') || !DIA_OBJECT_ID.test(id)) return null;
  const lsst = stores === null ? undefined : storeOfSurvey(stores, 'lsst');
  return lsst === undefined ? null : objectPath(lsst, id);
}
