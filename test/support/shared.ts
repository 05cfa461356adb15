/**
 * The project root, and the team's `../shared` directory beside the project. Tests read their data from the
 * repository's test/data (test-data.ts) and no test uses `sharedPath` any more; it stays exported only until the
 * branches still in flight are merged. When ../shared is absent it fails loudly with the reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The shared directory: env SKYALERT_SHARED, else ../shared beside the project. */
export const SHARED_DIR = process.env.SKYALERT_SHARED ?? path.resolve(projectRoot, '..', 'shared');

/** Absolute path of a file under ../shared; throws a clear error when ../shared is missing. */
export function sharedPath(...parts: string[]): string {
  const p = path.join(SHARED_DIR, ...parts);
  if (!fs.existsSync(p)) {
    throw new Error(
      `this test needs the shared data set: ${p} is missing (set SKYALERT_SHARED or put shared/ beside the project)`,
    );
  }
  return p;
}

/** The project's root directory. */
export const PROJECT_ROOT = projectRoot;
