/**
 * A ZTF staging file on disk: its tables (a night's own file's, or a month's shared file's with the rows' night),
 * created or brought to the current shape, and the files beside a night's own file path (its stamps, and the
 * marker saying that its rows are in its month's shared file).
 */
import fs from 'node:fs';
import {
  CREATE_SHARED_STAGING_SQL,
  CREATE_STAGING_SQL,
  migrateStagingAlertsSql,
  STAGING_ALERT_COLUMN_NAMES_SQL,
} from '../../data/index.js';
import type { AttachedStagingFile, StagingDatabase } from './staging-database.js';

/**
 * Creates the tables of an attached staging file when they are not there, and brings those of a file staged with
 * an earlier catalogue to the current shape, in one transaction.
 */
export async function createTables(
  { conn }: AttachedStagingFile,
  file: string,
  shared: boolean,
): Promise<void> {
  try {
    // one transaction: one commit (and log fsync) for both tables, not one per table
    await conn.run('BEGIN TRANSACTION');
    for (const sql of createSql(shared)) await conn.run(sql);
    // a file staged with an earlier catalogue gets the later columns (null) before rows of the current one
    const present = new Set(
      (await conn.runAndReadAll(STAGING_ALERT_COLUMN_NAMES_SQL)).getRows().map(([name]) => String(name)),
    );
    for (const sql of migrateStagingAlertsSql(present)) await conn.run(sql);
    await conn.run('COMMIT');
  } catch (err) {
    await conn.run('ROLLBACK').catch(() => undefined);
    throw new Error(`cannot create the tables of staging file ${file}`, { cause: err });
  }
}

/** Attaches a staging file and creates its tables if they are not there. */
export async function attachWithTables(
  database: StagingDatabase,
  file: string,
  shared: boolean,
): Promise<AttachedStagingFile> {
  const attached = await database.attach(file);
  try {
    await createTables(attached, file, shared);
  } catch (err) {
    await attached.detach().catch(() => undefined);
    throw err;
  }
  return attached;
}

/**
 * Publication hard-links a night's stamps file into its part (publish-night.ts): before appending to a file that
 * is also a published `stamps.bin`, the staging name gets a copy of its own (same bytes, so the offsets recorded
 * in the staging rows stay valid) and the published file is left unchanged. Runs with the staging DuckDB file
 * open for writing, which the publisher cannot attach at the same time.
 */
export function unshareStamps(stamps: string): void {
  if (!fs.existsSync(stamps) || fs.statSync(stamps).nlink <= 1) return;
  const copy = `${stamps}.copy`;
  fs.copyFileSync(stamps, copy);
  const fd = fs.openSync(copy, 'r+');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.renameSync(copy, stamps);
}

/** The statements creating the tables of a night's own staging file, or of a month's shared one. */
export function createSql(shared: boolean): readonly string[] {
  return shared ? CREATE_SHARED_STAGING_SQL : CREATE_STAGING_SQL;
}

/** The stamps file beside a staging DuckDB file (for a night whose rows are shared: beside its own file's path). */
export function stampsFileOf(stagingFile: string): string {
  return stagingFile.replace(/\.duckdb$/, '.stamps');
}

/** The marker beside a night's own file path saying that its rows are in its month's shared file. */
export function sharedMarkerOf(stagingFile: string): string {
  return stagingFile.replace(/\.duckdb$/, '.shared');
}
