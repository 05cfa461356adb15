/** Public face of serve/: what code outside this folder imports from it. */
export { isClusterWorker, startCluster } from './cluster.js';
export { startServer } from './server.js';
