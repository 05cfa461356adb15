/** Public face of compute/: what code outside this folder imports from it. */
export { lowerBound } from './sorted-search.js';
