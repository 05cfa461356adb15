/**
 * Orbit catalogues: parsers of MPCORB.DAT, CometEls.txt and JPL SBDB table rows into catalogue records (identity
 * and perihelion-form orbit), and the name keys and ZTF spellings used to resolve objects. Pure.
 */
export {
  type CatalogueRecord,
  ellipticToPerihelion,
  type LineOutcome,
  MJD_TO_JD,
  type OrbitSource,
  type SsoIdentity,
  type SsoKind,
} from './catalogue-record.js';
export {
  type CometName,
  type CometOrbitType,
  packCometDesignation,
  parseCometName,
  unpackCometDesignation,
} from './comet-designation.js';
export { calendarToJd, parseCometElsLine } from './cometels-record.js';
export { type JplRowParser, jplAsteroidIdentity, jplRowParser } from './jpl-sbdb-record.js';
export { mpcorbIdentity, parseMpcorbCatalogueLine } from './mpcorb-record.js';
export {
  catalogueId,
  cleanSsnamenr,
  identityKeys,
  type NameKey,
  type QueryKeys,
  queryKeys,
  ztfSsnamenrSpellings,
} from './name-keys.js';
