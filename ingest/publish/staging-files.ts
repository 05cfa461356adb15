/** The staging files of a store (any survey): `staging/<YYYYMMDD>/<ingester>.duckdb`. */
import fs from 'node:fs';
import path from 'node:path';
import type { StoreLayout } from '../../data/index.js';

/** Nights with staging files in the store. */
export function stagedNights(layout: StoreLayout): number[] {
  if (!fs.existsSync(layout.stagingDir)) return [];
  return fs
    .readdirSync(layout.stagingDir)
    .filter((d) => /^\d{8}$/.test(d))
    .map(Number)
    .sort((a, b) => a - b);
}

/** Staging files of a night (all ingesters). */
export function stagingFilesOf(layout: StoreLayout, night: number): string[] {
  const dir = layout.stagingNightDir(night);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.duckdb'))
    .sort()
    .map((f) => path.join(dir, f));
}
