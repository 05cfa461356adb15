/** Public face of compute/ids/: what code outside this folder imports from it. */
export { base26Letters } from './base26-letters.js';
