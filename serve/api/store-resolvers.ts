/**
 * Which resolvers of a store's `/api/v1/resolver` can resolve a name forward (listed in `/api/v1/stores`, so that
 * the portal asks only those): `tns` when the operator loaded a TNS table (`skyalert tns load`; else 400),
 * `simbad` when the operator configured a Sesame service (`SKYALERT_SIMBAD_URL`; else 400, but for the names a ZTF or LSST
 * alert's cross-match fields carry), `ssodnet` when the store can know a Solar System object: an orbit catalogue
 * or ZTF alerts of known objects (`Solar System MPC` in the night statistics) for ZTF, Solar System detections
 * (`sso.parquet` rows) for LSST. Reverse resolution (a store id to names) is always answered offline.
 * Reference: serve/resolver/{tns,simbad,ssodnet,lsst}.ts; docs/api.md, "stores".
 */
import fs from 'node:fs';
import {
  currentOrbitCatalogue,
  readCatalog,
  STATS_CLASS_PREFIX,
  type StoreLayout,
  type Survey,
} from '../../data/index.js';
import { RESOLVERS, type Resolver } from './resolver.js';

/** The night-statistics count of ZTF alerts of known Solar System objects. */
const SSO_ALERTS_STAT = `${STATS_CLASS_PREFIX}Solar System MPC`;

/** True when the store's published catalog holds Solar System alerts (ZTF) or detections (LSST). */
function holdsSolarSystem(layout: StoreLayout, survey: Survey): boolean {
  const catalog = readCatalog(layout);
  if (survey === 'lsst') return catalog.parts.some((p) => (p.lsstRows?.sso ?? 0) > 0);
  return Object.values(catalog.statistics).some((night) => (night[SSO_ALERTS_STAT] ?? 0) > 0);
}

/**
 * The resolvers that answer a name forward on this store, in `RESOLVERS` order.
 * @param simbadUrl the operator's Sesame URL template; null when none is configured.
 */
export function availableResolvers(
  layout: StoreLayout,
  survey: Survey,
  simbadUrl: string | null,
): Resolver[] {
  const available: Readonly<Record<Resolver, () => boolean>> = {
    tns: () => fs.existsSync(layout.tnsFile),
    simbad: () => simbadUrl !== null,
    ssodnet: () =>
      (survey === 'ztf' && currentOrbitCatalogue(layout) !== null) || holdsSolarSystem(layout, survey),
  };
  return RESOLVERS.filter((r) => available[r]());
}
