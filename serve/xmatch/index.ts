/** Public face of serve/xmatch/: what code outside this folder imports from it. */
export {
  type Catalogue,
  cataloguePositions,
  MAX_CATALOGUE_ROWS,
  parseHeaderArg,
  readCatalogue,
} from './catalogue.js';
