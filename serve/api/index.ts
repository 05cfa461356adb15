/** Public face of serve/api/: what code outside this folder imports from it. */
export { classesApp } from './classes.js';
export { columnsApp } from './columns.js';
export { conesearchApp } from './conesearch.js';
export { cutoutsApp } from './cutouts.js';
export { API_ENDPOINTS, apiIndexApp, docsApp } from './docs.js';
export { explorerApp } from './explorer.js';
export { latestsApp } from './latests.js';
export { objectsApp } from './objects.js';
export { randomApp } from './random.js';
export { schemaApp } from './schema.js';
export { scsApp } from './scs.js';
export { skymapApp } from './skymap.js';
export { ssoApp } from './sso.js';
export { ssocandApp } from './ssocand.js';
export { ssoftApp } from './ssoft.js';
export { statisticsApp } from './statistics.js';
export { trackletApp } from './tracklet.js';
export { xmatchApp } from './xmatch.js';
