/**
 * Where the shared real data lives (`../shared` beside the project). Tests that need it use `sharedPath`; when
 * it is absent they fail loudly with the reason, never pass silently.
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
