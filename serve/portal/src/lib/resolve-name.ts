/**
 * Names typed in the search bar, resolved through the public API as Fink's Science Portal does: a class name
 * (`/api/v1/classes`, any case), a full ZTF id given with a radius (`/api/v1/objects`: its latest position), then
 * `/api/v1/resolver`: TNS (`AT2021co`, `SN 2023ixf`), SIMBAD (`M31`: offline from the alerts' cross-match fields,
 * else through the SIMBAD service the operator configured) and the Solar System (names, numbers, designations).
 * Only the resolvers the store lists as available (`/api/v1/stores`, `resolvers`) are asked, so that no request
 * ends in a "not configured here" 400. SIMBAD unlisted (no Sesame service) is still asked last, for the names the
 * alerts' cross-match fields carry: a name no resolver knows then ends in its 400.
 * Reference: Fink's Science Portal `apps/parse.py` (`call_resolver`, the order TNS, SIMBAD, Solar System).
 */
import { type ApiArgs, ApiRequestError, type ApiRow } from './api.js';
import type { NameQuery, Query } from './search-query.js';
import { DEFAULT_RADIUS_ARCSEC, isFullObjectId } from './search-query.js';

/** Reads one API answer (the portal passes its `getJson`; tests a stub). */
export type ApiGet = (endpoint: string, args: ApiArgs) => Promise<unknown>;

/** A resolved name: the search to run and what the name was resolved as (shown above the results). */
export interface Resolved {
  readonly query: Query;
  readonly via: string;
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

/**
 * Resolves the name of a {@link NameQuery} into a search.
 * @param get reads an API answer (JSON); errors of type ApiRequestError with 4xx/502/503 count as "not found".
 * @param resolvers the resolvers the store lists as available; null (not said): every one is asked.
 * @returns the search and how the name was read, or an error message listing where it was looked for.
 */
export async function resolveName(
  q: NameQuery,
  get: ApiGet,
  resolvers: readonly string[] | null = null,
): Promise<Resolved | { readonly error: string }> {
  const listed = (resolver: string) => resolvers === null || resolvers.includes(resolver);
  const name = q.name.trim();
  const notes: string[] = [];
  const cone = (raDeg: number, decDeg: number, via: string): Resolved => ({
    query: {
      action: 'conesearch',
      raDeg,
      decDeg,
      radiusArcsec: q.radiusArcsec ?? DEFAULT_RADIUS_ARCSEC,
      ...(q.after === undefined ? {} : { after: q.after }),
      ...(q.before === undefined ? {} : { before: q.before }),
      ...(q.windowDays === undefined ? {} : { windowDays: q.windowDays }),
    },
    via,
  });

  if (isFullObjectId(name)) {
    const [latest] = await rows(get, 'objects', { objectId: name, columns: 'i:ra,i:dec' }, notes);
    const ra = latest ? number(latest, 'i:ra') : null;
    const dec = latest ? number(latest, 'i:dec') : null;
    if (ra === null || dec === null) return { error: `${name} is not in this store.` };
    return cone(ra, dec, `${name} (its latest alert's position)`);
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
    if (className !== undefined)
      return { query: { action: 'class', className, last: 100 }, via: `the class ${className}` };
  }

  const tns = listed('tns')
    ? await rows(get, 'resolver', { resolver: 'tns', name: tnsSpelling(name), nmax: 1 }, notes)
    : [];
  const tnsRa = tns[0] ? number(tns[0], 'd:ra') : null;
  const tnsDec = tns[0] ? number(tns[0], 'd:declination') : null;
  if (tnsRa !== null && tnsDec !== null)
    return cone(tnsRa, tnsDec, `TNS ${String(tns[0]['d:fullname'] ?? name)}`);

  const simbad = async (): Promise<Resolved | null> => {
    const found = await rows(get, 'resolver', { resolver: 'simbad', name }, notes);
    const ra = found[0] ? number(found[0], 'jradeg') : null;
    const dec = found[0] ? number(found[0], 'jdedeg') : null;
    if (ra === null || dec === null) return null;
    return cone(ra, dec, `SIMBAD ${String(found[0].oname ?? name)} (${String(found[0].otype ?? '')})`);
  };
  const bySimbad = listed('simbad') ? await simbad() : null;
  if (bySimbad !== null) return bySimbad;

  const sso = listed('ssodnet')
    ? await rows(get, 'resolver', { resolver: 'ssodnet', name, nmax: 1 }, notes)
    : [];
  const ssnamenr = sso[0]?.['i:ssnamenr'];
  if (typeof ssnamenr === 'string' && ssnamenr !== '')
    return {
      query: { action: 'sso', sso: ssnamenr, partial: false },
      via: `Solar System object ${ssnamenr} ${String(sso[0]['i:name'] ?? '')}`.trim(),
    };

  // without a SIMBAD service, the names the alerts' cross-match fields carry
  const offline = listed('simbad') ? null : await simbad();
  if (offline !== null) return offline;

  return {
    error:
      `${name} is not a class, nor a name known to this server's resolvers (TNS, SIMBAD, Solar System)` +
      (notes.length > 0 ? `: ${notes.join(' ')}` : '.'),
  };
}
