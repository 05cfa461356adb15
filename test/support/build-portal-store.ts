/**
 * Builds the portal tests' demo store ahead of them (`npx tsx test/support/build-portal-store.ts`): the test
 * command starts it in the background before the lint, the type check and the other tests, so that the portal
 * tests find it built (or wait for it under its lock).
 */
import { portalStore } from './portal-store.js';

const started = Date.now();
const layout = await portalStore();
console.log(`portal demo store ready in ${layout.root} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
