/**
 * Names typed in the search bar, resolved through the public API as Fink's Science Portal does: a class name
 * (the default store's `/classes`, any case), a full ZTF id given with a radius (the ZTF store's `/objects`: its
 * latest position), then the `/resolver` of every store served (ZTF and LSST, lib/store-resolver.ts): TNS
 * (`AT2021co`, `SN 2023ixf`), SIMBAD (`M31`: offline from the alerts' cross-match fields, else through the SIMBAD
 * service the operator configured) and the Solar System (names, numbers, designations), each store's first answer
 * kept. Only the resolvers a store lists as available (`/api/v1/stores`, `resolvers`) are asked, so that no request
 * ends in a "not configured here" 400. SIMBAD unlisted (no Sesame service) is asked last, only when no store's
 * listed resolvers know the name, for the names the alerts' cross-match fields carry (`offline=true`: a store
 * whose alerts do not carry it answers `[]`, not a 400).
 * Reference: Fink's Science Portal `apps/parse.py` (`call_resolver`, the order TNS, SIMBAD, Solar System).
 */
import { type ApiArgs, ApiRequestError, type ApiRow } from './api.js';
import type { NameQuery, Query } from './search-query.js';
import { DEFAULT_RADIUS_ARCSEC, isFullObjectId } from './search-query.js';
import { RESOLVER_FIELDS, type ResolverName, resolverRequest } from './store-resolver.js';
import { type StoreEntry, storeEndpoint, storeOfSurvey, ZTF_ONLY } from './stores.js';

/**
 * Reads one API answer (the portal passes `getRowsExact`, 64-bit ids kept as text; tests a stub).
 * @param endpoint a full path (`/lsst/api/v1/resolver`) or a name of the default store's API (`classes`).
 */
export type ApiGet = (endpoint: string, args: ApiArgs) => Promise<unknown>;

/** A resolved name: the search to run and what the name was resolved as (shown above the results). */
export interface Resolved {
  readonly query: Query;
  readonly via: string;
}

/** A name resolved by one store: the search in that store, and the objects the answer names. */
export interface StoreResolved extends Resolved {
  readonly store: StoreEntry;
  /** The store's objects whose alerts carry the name (offline SIMBAD), exact text; else empty. */
  readonly objectIds: readonly string[];
}

/** What the stores resolved a name into, in the order of the stores (at most one each); never empty. */
export interface NameResolution {
  readonly found: readonly StoreResolved[];
}

/** Fink writes TNS names with a blank after the prefix (`AT 2021co`); users often type them without. */
export function tnsSpelling(name: string): string {
  const m = /^(AT|SN|TDE|FRB)\s*(\d{4}\w+)$/i.exec(name.trim());
  return m ? `${m[1].toUpperCase()} ${m[2]}` : name.trim();
}

function number(row: ApiRow, field: string): number | null {
  const v = row[field];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

/** An answer as rows; an API error a resolver gives for "not known here" (400, 404, 502) is no rows. */
async function rows(get: ApiGet, endpoint: string, args: ApiArgs, notes: string[]): Promise<ApiRow[]> {
  try {
    const answer = await get(endpoint, args);
    return Array.isArray(answer) ? (answer as ApiRow[]) : [];
  } catch (error) {
    if (error instanceof ApiRequestError && [400, 404, 502, 503].includes(error.status)) {
      notes.push(error.text);
      return [];
    }
    throw error;
  }
}

/** The search around a position, with the radius and dates typed (10″ when none). */
function coneOf(q: NameQuery, raDeg: number, decDeg: number): Query {
  return {
    action: 'conesearch',
    raDeg,
    decDeg,
    radiusArcsec: q.radiusArcsec ?? DEFAULT_RADIUS_ARCSEC,
    ...(q.after === undefined ? {} : { after: q.after }),
    ...(q.before === undefined ? {} : { before: q.before }),
    ...(q.windowDays === undefined ? {} : { windowDays: q.windowDays }),
  };
}

/** Asks one resolver of one store; "not known here" errors go to `notes`, prefixed with the store's name. */
async function ask(
  get: ApiGet,
  store: StoreEntry,
  resolver: ResolverName,
  name: string,
  notes: string[],
  nmax?: number,
  offline = false,
): Promise<ApiRow[]> {
  const { endpoint, args } = resolverRequest(store, resolver, name, nmax, offline);
  const mine: string[] = [];
  const found = await rows(get, endpoint, args, mine);
  notes.push(...mine.map((n) => `${store.name}: ${n}`));
  return found;
}

/** The TNS, SIMBAD or Solar System answer of one store for `name`, null when it knows none. */
async function resolveIn(
  store: StoreEntry,
  resolver: ResolverName,
  q: NameQuery,
  get: ApiGet,
  notes: string[],
  offline: boolean,
): Promise<StoreResolved | null> {
  const name = q.name.trim();
  const fields = RESOLVER_FIELDS[store.survey];
  if (resolver === 'tns') {
    const [row] = await ask(get, store, 'tns', tnsSpelling(name), notes, 1);
    const ra = row ? number(row, fields.tns.ra) : null;
    const dec = row ? number(row, fields.tns.dec) : null;
    if (ra === null || dec === null) return null;
    const via = `TNS ${String(row[fields.tns.name] ?? name)}`;
    return { store, query: coneOf(q, ra, dec), via, objectIds: [] };
  }
  if (resolver === 'simbad') {
    const found = await ask(get, store, 'simbad', name, notes, undefined, offline);
    const ra = found[0] ? number(found[0], 'jradeg') : null;
    const dec = found[0] ? number(found[0], 'jdedeg') : null;
    if (ra === null || dec === null) return null;
    // the SIMBAD class, when the answer has one (an offline name without a SIMBAD match has none)
    const otype = typeof found[0].otype === 'string' && found[0].otype !== '' ? ` (${found[0].otype})` : '';
    const via = `SIMBAD ${String(found[0].oname ?? name)}${otype}`;
    const ids = found.flatMap((r) => {
      const id = r[fields.objectId];
      return typeof id === 'string' || typeof id === 'number' ? [String(id)] : [];
    });
    return { store, query: coneOf(q, ra, dec), via, objectIds: [...new Set(ids)] };
  }
  const [row] = await ask(get, store, 'ssodnet', name, notes, 1);
  const designation = row?.[fields.sso.designation];
  if (typeof designation !== 'string' || designation === '') return null;
  const label = typeof row[fields.sso.label] === 'string' ? String(row[fields.sso.label]) : '';
  return {
    store,
    query: { action: 'sso', sso: designation, partial: false },
    via: `Solar System object ${designation} ${label === designation ? '' : label}`.trim(),
    objectIds: [],
  };
}

/** Fink's order of the resolvers. */
const ORDER: readonly ResolverName[] = ['tns', 'simbad', 'ssodnet'];

/** A store's resolvers listed as available; all when the store does not say. */
const listedIn = (store: StoreEntry): ResolverName[] =>
  ORDER.filter((r) => store.resolvers === null || store.resolvers.includes(r));

/** A store's first answer among `resolvers`, asked in turn (`offline`: simbad from the alerts' names only). */
async function firstIn(
  store: StoreEntry,
  resolvers: readonly ResolverName[],
  q: NameQuery,
  get: ApiGet,
  notes: string[],
  offline = false,
): Promise<StoreResolved | null> {
  for (const resolver of resolvers) {
    const found = await resolveIn(store, resolver, q, get, notes, offline);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Resolves the name of a {@link NameQuery} into searches, in every store served.
 * @param get reads an API answer (JSON); errors of type ApiRequestError with 4xx/502/503 count as "not found".
 * @param stores the stores served (`/api/v1/stores`) with the resolvers each lists; a class name and a ZTF id are
 *   read from the default store and the ZTF store.
 * @returns each store's search and how it read the name, or an error message listing where it was looked for.
 */
export async function resolveName(
  q: NameQuery,
  get: ApiGet,
  stores: readonly StoreEntry[] = ZTF_ONLY,
): Promise<NameResolution | { readonly error: string }> {
  const name = q.name.trim();
  const notes: string[] = [];
  const first = stores.find((s) => s.default) ?? stores[0];

  if (isFullObjectId(name)) {
    const ztf = storeOfSurvey(stores, 'ztf');
    const [latest] = ztf
      ? await rows(get, storeEndpoint(ztf, 'objects'), { objectId: name, columns: 'i:ra,i:dec' }, notes)
      : [];
    const ra = latest ? number(latest, 'i:ra') : null;
    const dec = latest ? number(latest, 'i:dec') : null;
    if (ztf === undefined || ra === null || dec === null) return { error: `${name} is not in this store.` };
    const via = `${name} (its latest alert's position)`;
    return { found: [{ store: ztf, query: coneOf(q, ra, dec), via, objectIds: [] }] };
  }

  if (q.radiusArcsec === undefined && q.after === undefined && q.before === undefined) {
    const classes = await get('classes', {}).catch(() => ({}));
    const names = Object.values(classes as Record<string, unknown>).flatMap((v) =>
      Array.isArray(v) ? v.map(String) : [],
    );
    const wanted = name.toLowerCase();
    const className = names.find(
      (c) => c.toLowerCase() === wanted || c.toLowerCase() === `(simbad) ${wanted}`,
    );
    if (className !== undefined) {
      const query: Query = { action: 'class', className, last: 100 };
      return { found: [{ store: first, query, via: `the class ${className}`, objectIds: [] }] };
    }
  }

  const known = (all: (StoreResolved | null)[]) => all.filter((r): r is StoreResolved => r !== null);
  const listed = known(await Promise.all(stores.map((s) => firstIn(s, listedIn(s), q, get, notes))));
  if (listed.length > 0) return { found: listed };

  // without a SIMBAD service, the names the alerts' cross-match fields carry
  const offline = known(
    await Promise.all(
      stores.map((s) =>
        listedIn(s).includes('simbad') ? null : firstIn(s, ['simbad'], q, get, notes, true),
      ),
    ),
  );
  if (offline.length > 0) return { found: offline };

  return {
    error:
      `${name} is not a class, nor a name known to this server's resolvers (TNS, SIMBAD, Solar System)` +
      (notes.length > 0 ? `: ${notes.join(' ')}` : '.') +
      (stores.some((s) => !listedIn(s).includes('simbad'))
        ? " SIMBAD's own names are not asked here (no SIMBAD service configured): only the names the alerts carry."
        : ''),
  };
}
