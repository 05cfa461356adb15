/**
 * The staged-content version of a staging file: a counter in `<ingester>.version` beside it, bumped (durably,
 * before the commit) by the first batch of new alerts of each opening of the file. The content of a staging file
 * only changes while it is open for writing, and publication reads it only while it is closed (attached
 * read-only, which keeps an ingester from opening it), so two readings of one version mean the same content.
 * A batch of duplicates only (idempotent on candid) changes nothing and bumps nothing; a crash between the bump
 * and the commit leaves a version with nothing new, which costs one needless publication, never a lost one.
 * The catalog records the versions each night was published from (`Catalog.stagedVersions`), so any process can
 * tell which nights are staged but not published (ingest/publish/publication-plan.ts).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** The version file beside a staging DuckDB file. */
export function stagedVersionFileOf(stagingFile: string): string {
  return stagingFile.replace(/\.duckdb$/, '.version');
}

/** The staged-content version of a staging file: 0 when it has none (nothing staged, or an older store). */
export function readStagedVersion(stagingFile: string): number {
  let text: string;
  try {
    text = fs.readFileSync(stagedVersionFileOf(stagingFile), 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  const version = Number(text);
  if (!Number.isSafeInteger(version) || version < 0)
    throw new Error(`staged version file ${stagedVersionFileOf(stagingFile)} holds ${JSON.stringify(text)}`);
  return version;
}

/**
 * Writes the next version of a staging file durably (temporary file, fsync, rename, directory fsync); resolves to
 * it. Asynchronous: its fsyncs run on libuv's threads, beside the other night files' work of a backfill.
 */
export async function bumpStagedVersion(stagingFile: string): Promise<number> {
  const next = readStagedVersion(stagingFile) + 1;
  const target = stagedVersionFileOf(stagingFile);
  const tmp = `${target}.${process.pid}.tmp`;
  const file = await fsp.open(tmp, 'w');
  try {
    await file.writeFile(`${next}\n`);
    await file.sync();
  } finally {
    await file.close();
  }
  await fsp.rename(tmp, target);
  const dir = await fsp.open(path.dirname(target), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
  return next;
}

/**
 * The staged-content fingerprint of a night from its staging files: `<ingester>:<version>` of each, in file
 * order, joined by commas. It changes exactly when one of the files stages new alerts (or a file is added).
 */
export function stagedFingerprint(stagingFiles: readonly string[]): string {
  return stagingFiles
    .map((f) => `${path.basename(f, '.duckdb')}:${readStagedVersion(f)}`)
    .sort()
    .join(',');
}
