/**
 * Test stores built once per test run and copied for each test file. The run's global setup
 * (test/support/global-setup.ts) provides an empty directory; the first test file that asks for a store builds
 * it there under a lock (build-lock.ts; other files wait), and every file then gets its own copy, so tests that write to their
 * store stay isolated. Without that directory (a config without the global setup) each file builds its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { StoreLayout } from '../../data/index.js';
import { withBuildLock } from './build-lock.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Directory of this run's store templates (absolute). */
    storeTemplatesDir: string;
  }
}

/** Path of the finished template `name`, building it with `build` if no test file has yet. */
async function template(
  dir: string,
  name: string,
  build: (layout: StoreLayout) => Promise<void>,
): Promise<string> {
  const done = path.join(dir, name);
  if (fs.existsSync(done)) return done;
  return withBuildLock(path.join(dir, `${name}.lock`), async () => {
    if (fs.existsSync(done)) return done;
    // Built under a name of this process, renamed when complete: a failed build leaves no template, and the
    // next waiting file builds it again (and reports its own error if it fails too).
    const building = path.join(dir, `${name}.building-${process.pid}`);
    try {
      fs.mkdirSync(building);
      await build(new StoreLayout(building));
      fs.renameSync(building, done);
      return done;
    } finally {
      fs.rmSync(building, { recursive: true, force: true });
    }
  });
}

/**
 * A fresh store of this test file: a copy of the run's template `name` (built once per run by `build`), or,
 * outside a run with templates, built directly by `build`.
 *
 * @param name template name, one per distinct `build` (e.g. `real`, `sim`).
 * @param prefix prefix of the new temp directory.
 */
export async function storeFromTemplate(
  name: string,
  prefix: string,
  build: (layout: StoreLayout) => Promise<void>,
): Promise<StoreLayout> {
  const layout = new StoreLayout(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  const dir = inject('storeTemplatesDir');
  if (!dir) {
    await build(layout);
    return layout;
  }
  const source = await template(dir, name, build);
  fs.cpSync(source, layout.root, { recursive: true });
  return layout;
}
