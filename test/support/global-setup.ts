/**
 * Vitest global setup: one empty directory per test run for the store templates of store-templates.ts,
 * removed when the run ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-test-templates-'));
  project.provide('storeTemplatesDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
