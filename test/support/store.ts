/** Temporary stores and a silent logger for tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { StoreLayout } from '../../data/index.js';

/** A logger that drops everything below `error` (set SKYALERT_TEST_LOG=debug to see more). */
export const testLog = pino({ level: process.env.SKYALERT_TEST_LOG ?? 'error' });

/** A fresh empty store directory under the OS temp dir. */
export function tempStore(prefix = 'skyalert-test-'): StoreLayout {
  return new StoreLayout(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}
