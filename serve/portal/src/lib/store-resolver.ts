/**
 * One store's `/resolver` as the search bar asks it: the request (the store's API path, the argument its survey
 * names the name with) and the fields its answers carry, which differ per survey (Fink's ZTF route: `d:ra`,
 * `i:ssnamenr`, `i:objectId`; its LSST route: `f:ra`, `r:packed_primary_provisional_designation`,
 * `r:diaObjectId`). Pure, no DOM.
 * Reference: docs/api.md (`resolver`, and "LSST API"); serve/api/resolver.ts, serve/api/lsst/resolver.ts.
 */
import type { ApiArgs } from './api.js';
import { RESOLVER_NAME_ARG, type StoreEntry, type Survey, storeEndpoint } from './stores.js';

/** A resolver of `/resolver`, in the order Fink's Science Portal asks them (`apps/parse.py`, `call_resolver`). */
export type ResolverName = 'tns' | 'simbad' | 'ssodnet';

/** The fields of a survey's resolver answers the search bar reads. */
export interface ResolverFields {
  /** TNS: the object's full name, RA and Dec (deg). */
  readonly tns: { readonly name: string; readonly ra: string; readonly dec: string };
  /** ssodnet: the designation the survey's Solar System search and page take, and a name shown beside it. */
  readonly sso: { readonly designation: string; readonly label: string };
  /** simbad (names the alerts carry): the object's id in the survey. */
  readonly objectId: string;
}

/** The fields of each survey's answers (docs/api.md, `resolver` and "LSST API"). */
export const RESOLVER_FIELDS: Readonly<Record<Survey, ResolverFields>> = {
  ztf: {
    tns: { name: 'd:fullname', ra: 'd:ra', dec: 'd:declination' },
    sso: { designation: 'i:ssnamenr', label: 'i:name' },
    objectId: 'i:objectId',
  },
  lsst: {
    tns: { name: 'f:fullname', ra: 'f:ra', dec: 'f:declination' },
    sso: { designation: 'r:packed_primary_provisional_designation', label: 'f:sso_name' },
    objectId: 'r:diaObjectId',
  },
};

/** A request of one store's `/resolver`: the endpoint path (lib/api.ts takes it as is) and its arguments. */
export interface ResolverRequest {
  readonly endpoint: string;
  readonly args: ApiArgs;
}

/**
 * The forward request of `resolver` for `name` on `store`.
 * @param nmax most rows wanted; undefined: the API's default (10).
 * @param offline simbad: the names the store's alerts carry only (`offline=true`: `[]` for a name none carries,
 *   no SIMBAD service asked, no 400).
 */
export function resolverRequest(
  store: StoreEntry,
  resolver: ResolverName,
  name: string,
  nmax?: number,
  offline = false,
): ResolverRequest {
  return {
    endpoint: storeEndpoint(store, 'resolver'),
    args: {
      resolver,
      [RESOLVER_NAME_ARG[store.survey]]: name,
      ...(nmax === undefined ? {} : { nmax }),
      ...(offline ? { offline: true } : {}),
    },
  };
}
