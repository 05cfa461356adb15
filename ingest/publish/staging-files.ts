/**
 * The staging files of a store (any survey): `staging/<YYYYMMDD>/<ingester>.duckdb`, and for ZTF's backfilled
 * small nights their month's shared `staging/<YYYYMM>/<ingester>.duckdb` (a `<ingester>.shared` marker in the
 * night's directory).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StoreLayout } from '../../data/index.js';
import type { StagingInput } from './staging-relations.js';

/**
 * Nights with staging files in the store. A night directory holding none (an ingester killed between creating
 * the directory and its file) has nothing staged: it is not listed, so that it never fails a publication.
 */
export function stagedNights(layout: StoreLayout): number[] {
  if (!fs.existsSync(layout.stagingDir)) return [];
  return fs
    .readdirSync(layout.stagingDir)
    .filter((d) => /^\d{8}$/.test(d))
    .map(Number)
    .filter((night) => stagingInputsOf(layout, night).length > 0)
    .sort((a, b) => a - b);
}

/** A night's own staging files (all ingesters; not the month files some of its rows may be in). */
export function stagingFilesOf(layout: StoreLayout, night: number): string[] {
  const dir = layout.stagingNightDir(night);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.duckdb'))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * Where a night's staged rows are, per ingester: its own file (`<ingester>.duckdb`), or its month's shared file
 * when a `<ingester>.shared` marker is in the night's directory; in ingester order.
 */
export function stagingInputsOf(layout: StoreLayout, night: number): StagingInput[] {
  const dir = layout.stagingNightDir(night);
  if (!fs.existsSync(dir)) return [];
  const inputs: StagingInput[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const m = /^(.+)\.(duckdb|shared)$/.exec(name);
    if (m === null) continue;
    const key = path.join(dir, `${m[1]}.duckdb`);
    const shared = m[2] === 'shared';
    const file = shared ? layout.stagingMonthFile(Math.floor(night / 100), m[1]) : key;
    inputs.push({ file, night, key, shared });
  }
  return inputs;
}
