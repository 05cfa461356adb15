/**
 * Test stores built once per test run and copied for each test file. The run's global setup
 * (test/support/global-setup.ts) provides an empty directory; the first test file that asks for a store builds
 * it there under a lock (other files wait), and every file then gets its own copy, so tests that write to their
 * store stay isolated. Without that directory (a config without the global setup) each file builds its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { StoreLayout } from '../../data/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Directory of this run's store templates (absolute). */
    storeTemplatesDir: string;
  }
}

/** Milliseconds between two looks at a template another test file is building. */
const POLL_MS = 250;

function lockHolderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    return true; // the holder has created the lock and not yet written its pid
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Path of the finished template `name`, building it with `build` if no test file has yet. */
async function template(
  dir: string,
  name: string,
  build: (layout: StoreLayout) => Promise<void>,
): Promise<string> {
  const done = path.join(dir, name);
  const lock = path.join(dir, `${name}.lock`);
  for (;;) {
    if (fs.existsSync(done)) return done;
    try {
      fs.mkdirSync(lock);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // A holder that died while building (a killed worker) leaves its lock: take it over.
      if (!lockHolderAlive(lock)) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, POLL_MS));
      continue;
    }
    fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    // Built under a name of this process: a second builder (after a lock take-over race) cannot disturb it.
    const building = path.join(dir, `${name}.building-${process.pid}`);
    try {
      fs.mkdirSync(building);
      await build(new StoreLayout(building));
      if (fs.existsSync(done)) fs.rmSync(building, { recursive: true, force: true });
      else fs.renameSync(building, done);
      return done;
    } finally {
      // On failure the next waiting file builds it again (and reports its own error if it fails too).
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
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
