/**
 * The real data the tests read, carried in the repository under `test/data/` (provenance and licences in
 * test/data/README.md). A missing file is a broken checkout, so `testDataPath` fails loudly, never skips.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's `test/data` directory. */
export const TEST_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'data');

/**
 * Absolute path of a file or folder under `test/data`.
 *
 * @param parts path segments below `test/data`, e.g. `('orbits', 'skyfield_CometEls.txt')`.
 * @throws when the path does not exist (with the path and where the data set is described).
 */
export function testDataPath(...parts: string[]): string {
  const p = path.join(TEST_DATA_DIR, ...parts);
  if (!fs.existsSync(p)) {
    throw new Error(`test data missing: ${p} (the files the tests read are listed in test/data/README.md)`);
  }
  return p;
}
