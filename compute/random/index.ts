/** Public face of compute/random/: what code outside this folder imports from it. */
export { hashSeed, Prng } from './prng.js';
export { sampleIndices } from './sample-indices.js';
