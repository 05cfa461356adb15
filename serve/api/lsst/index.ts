/** Public face of serve/api/lsst/: Fink's LSST routes on an LSST store, each in its own file. */
import type { EndpointDoc } from '../../openapi.js';
import { STORES_ENDPOINT } from '../stores.js';
import { LSST_BLOCKS_ENDPOINT } from './blocks.js';
import { LSST_CONESEARCH_ENDPOINT } from './conesearch.js';
import { LSST_CUTOUTS_ENDPOINT } from './cutouts.js';
import { LSST_FP_ENDPOINT } from './fp.js';
import { LSST_OBJECTS_ENDPOINT } from './objects.js';
import { LSST_RESOLVER_ENDPOINT } from './resolver.js';
import { LSST_SCHEMA_ENDPOINT } from './schema.js';
import { LSST_SKYMAP_ENDPOINT } from './skymap.js';
import { LSST_SOURCES_ENDPOINT } from './sources.js';
import { LSST_SSO_ENDPOINT } from './sso.js';
import { LSST_SSOBULK_ENDPOINT } from './ssobulk.js';
import { LSST_SSOFT_ENDPOINT } from './ssoft.js';
import { LSST_STATISTICS_ENDPOINT } from './statistics.js';
import { LSST_TAGS_ENDPOINT } from './tags.js';

export { lsstBlocksApp } from './blocks.js';
export { lsstConesearchApp } from './conesearch.js';
export { lsstCutoutsApp } from './cutouts.js';
export { lsstFpApp } from './fp.js';
export { lsstObjectsApp } from './objects.js';
export { lsstResolverApp } from './resolver.js';
export { LSST_FAMILIES, lsstSchemaApp } from './schema.js';
export { lsstSkymapApp } from './skymap.js';
export { lsstSourcesApp } from './sources.js';
export { lsstSsoApp } from './sso.js';
export { lsstSsobulkApp } from './ssobulk.js';
export { lsstSsoftApp } from './ssoft.js';
export { lsstStatisticsApp } from './statistics.js';
export { lsstTagsApp } from './tags.js';

/** Every endpoint of the LSST API (serve/app.ts passes them to docsApp and apiIndexApp). */
export const LSST_API_ENDPOINTS: readonly EndpointDoc[] = [
  LSST_OBJECTS_ENDPOINT,
  LSST_SOURCES_ENDPOINT,
  LSST_FP_ENDPOINT,
  LSST_CONESEARCH_ENDPOINT,
  LSST_CUTOUTS_ENDPOINT,
  LSST_SSO_ENDPOINT,
  LSST_SSOFT_ENDPOINT,
  LSST_SSOBULK_ENDPOINT,
  LSST_SCHEMA_ENDPOINT,
  LSST_STATISTICS_ENDPOINT,
  LSST_RESOLVER_ENDPOINT,
  LSST_SKYMAP_ENDPOINT,
  LSST_TAGS_ENDPOINT,
  LSST_BLOCKS_ENDPOINT,
  STORES_ENDPOINT,
];
