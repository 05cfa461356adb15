/** Public face of serve/resolver/: the name resolvers behind `/api/v1/resolver`. */
export {
  type LsstResolveRequest,
  resolveLsstSimbad,
  resolveLsstSsodnet,
  resolveLsstTns,
} from './lsst.js';
export type { ResolveRequest } from './request.js';
export { readSesameResolvers } from './sesame-xml.js';
export { querySesame, resolveSimbad, reverseSimbad } from './simbad.js';
export { resolveSsodnet } from './ssodnet.js';
export { resolveTns, TNS_MATCH_RADIUS_ARCSEC } from './tns.js';
