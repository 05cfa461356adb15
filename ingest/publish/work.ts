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

/** An in-memory DuckDB instance for publication work, spilling to the store's tmp directory. */
function createWorkInstance(layout: StoreLayout, memoryLimit: string): Promise<DuckDBInstance> {
  const tmp = path.join(layout.root, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  return DuckDBInstance.create(':memory:', {
    memory_limit: memoryLimit,
    temp_directory: tmp,
    preserve_insertion_order: 'true',
    threads: WORK_THREADS,
  });
}

/** Opens an in-memory DuckDB for publication work, spilling to the store's tmp directory. */
export async function openWorkConnection(
  layout: StoreLayout,
  memoryLimit = WORK_MEMORY_LIMIT,
): Promise<{ conn: DuckDBConnection; connect: () => Promise<DuckDBConnection>; close: () => void }> {
  const instance = await createWorkInstance(layout, memoryLimit);
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

/**
 * A publication work database kept for the publications of one thread (a backfill publishes tens of groups of
 * small nights one after the other): each publication gets a connection on an in-memory database of its own,
 * detached afterwards with its tables. Creating and closing an instance per publication cost 0.1-0.5 s of a
 * small group's ~2 s (closing gives back the memory the publication used; a kept instance reuses it).
 */
export class WorkDatabase {
  private instance: Promise<DuckDBInstance> | null = null;
  private nextDatabase = 0;

  constructor(
    private readonly layout: StoreLayout,
    private readonly memoryLimit = WORK_MEMORY_LIMIT,
  ) {}

  /**
   * A connection whose default database is a new, empty in-memory one, named `name`; `release` drops it and its
   * tables, and detaches the databases the connection attached under names starting with `<name>_`.
   */
  async open(): Promise<{ conn: DuckDBConnection; name: string; release: () => Promise<void> }> {
    this.instance ??= createWorkInstance(this.layout, this.memoryLimit);
    const conn = await (await this.instance).connect();
    const name = `work_${this.nextDatabase++}`;
    try {
      await conn.run(`ATTACH ':memory:' AS ${name}; USE ${name}`);
    } catch (err) {
      conn.closeSync();
      throw err;
    }
    return {
      conn,
      name,
      release: async () => {
        try {
          const attached = await conn.runAndReadAll(
            `SELECT database_name FROM duckdb_databases() WHERE starts_with(database_name, '${name}_')`,
          );
          const detach = attached.getRows().map(([d]) => `DETACH ${String(d)};`);
          await conn.run(`USE memory; DETACH ${name}; ${detach.join(' ')}`);
        } finally {
          conn.closeSync();
        }
      },
    };
  }

  /** Closes the instance (after every connection is released). */
  async close(): Promise<void> {
    const instance = this.instance;
    this.instance = null;
    if (instance) (await instance).closeSync();
  }
}
