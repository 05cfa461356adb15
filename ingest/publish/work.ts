/** Shared helpers of publication work: part ids and the in-memory DuckDB that writes parts. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { StoreLayout } from '../../data/index.js';

/** A new part id for a night. */
export function newPartId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`;
}

/**
 * Memory of a publication's work database. 768 MB: a merged month of a 1M-alert store ran out of 512 MB while
 * a night was staged beside it.
 */
export const WORK_MEMORY_LIMIT = '768MB';

/**
 * Memory of the work database of a publication or a compaction's merge on the ingesting thread, beside the
 * publication worker's (WORK_MEMORY_LIMIT): together with the process's own ~300 MB they stay under the 1.5 GB
 * bound whatever the nights' size; work that needs more fails there and is done again alone.
 */
export const BESIDE_WORKER_MEMORY = '384MB';

/**
 * Threads of a publication's work database: one. Publications run beside staging and beside each other (two
 * nights at a time), so the cores are busy anyway; a second DuckDB thread per database mostly added the
 * scheduler's task polling (~10 % of a publication's CPU in a profile): `publish --all` used 15-25 % less CPU
 * with one, and end-to-end ingestion took 0.75-0.9 of the time (docs/benchmarks.md).
 */
export const WORK_THREADS = '1';

/** Opens an in-memory DuckDB for publication work, spilling to the store's tmp directory. */
export async function openWorkConnection(
  layout: StoreLayout,
  memoryLimit = WORK_MEMORY_LIMIT,
): Promise<{ conn: DuckDBConnection; connect: () => Promise<DuckDBConnection>; close: () => void }> {
  const tmp = path.join(layout.root, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: memoryLimit,
    temp_directory: tmp,
    preserve_insertion_order: 'true',
    threads: WORK_THREADS,
  });
  const conn = await instance.connect();
  return {
    conn,
    /** Another connection on the same database (e.g. to append while a result streams on `conn`). */
    connect: () => instance.connect(),
    close: () => {
      conn.closeSync();
      instance.closeSync();
    },
  };
}
