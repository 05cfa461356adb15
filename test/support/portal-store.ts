/**
 * The demo store of the portal tests and of the demo test, in the temp directory: the one `skyalert demo` builds
 * (ZTF, and LSST in its `lsst/` directory), built once per machine and demo version, reused by every portal test
 * file and test run.
 */
import os from 'node:os';
import path from 'node:path';
import { buildDemoStore, buildLsstDemoStore, lsstDemoLayout } from '../../bin/commands/demo.js';
import { StoreLayout } from '../../data/index.js';
import { withBuildLock } from './build-lock.js';
import { testLog } from './store.js';

/**
 * The demo store shared by the portal tests (built on first use, about a minute; the test command starts that
 * build in the background before the other tests, test/support/build-portal-store.ts). Under a lock: a file that
 * asks while another process builds it waits for the build.
 */
export async function portalStore(): Promise<StoreLayout> {
  const layout = new StoreLayout(path.join(os.tmpdir(), 'skyalert-portal-demo'));
  await withBuildLock(`${layout.root}.lock`, async () => {
    await buildDemoStore(layout, testLog);
    await buildLsstDemoStore(lsstDemoLayout(layout), testLog);
  });
  return layout;
}
