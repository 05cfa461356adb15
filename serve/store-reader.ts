/**
 * Read-only access to a published store: one in-memory DuckDB reading the catalog's parquet parts. It polls the
 * CURRENT pointer and switches to a new catalog version without a restart; a query uses one catalog version
 * from start to end, so it never sees half a night.
 */
import fs from 'node:fs';
import { type DuckDBConnection, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import type { Logger } from 'pino';
import { type Catalog, EMPTY_CATALOG, readCatalog } from '../data/catalog.js';
import type { StoreLayout } from '../data/store-layout.js';

/** Rows of a query as JS values (BIGINT as bigint). */
export type Row = Record<string, unknown>;

export class StoreReader {
  private catalog: Catalog = EMPTY_CATALOG;
  private pointerMtimeMs = -1;
  private timer: NodeJS.Timeout | null = null;
  private readonly idle: DuckDBConnection[] = [];

  private constructor(
    readonly layout: StoreLayout,
    private readonly instance: DuckDBInstance,
    private readonly log: Logger,
  ) {}

  /** Opens a reader on a store directory and starts watching its catalog (every `pollMs`). */
  static async open(layout: StoreLayout, log: Logger, pollMs = 1000): Promise<StoreReader> {
    const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
    // published parquet files are immutable (a new version is a new path): their footers can be cached
    const setup = await instance.connect();
    await setup.run('LOAD parquet');
    await setup.run('SET parquet_metadata_cache = true');
    setup.closeSync();
    const reader = new StoreReader(layout, instance, log);
    reader.refresh();
    reader.timer = setInterval(() => reader.refresh(), pollMs);
    reader.timer.unref();
    return reader;
  }

  /** The catalog version in use. */
  current(): Catalog {
    return this.catalog;
  }

  /** Re-reads the catalog when the CURRENT pointer changed. */
  refresh(): void {
    let mtime: number;
    try {
      mtime = fs.statSync(this.layout.currentPointer).mtimeMs;
    } catch {
      return;
    }
    if (mtime === this.pointerMtimeMs) return;
    try {
      const next = readCatalog(this.layout);
      this.pointerMtimeMs = mtime;
      if (next.version !== this.catalog.version) {
        this.catalog = next;
        this.log.info({ version: next.version, parts: next.parts.length }, 'catalog switched');
      }
    } catch (err) {
      this.log.warn({ err }, 'catalog not readable yet; keeping the previous version');
    }
  }

  /** Runs a query with bound parameters on a pooled connection. */
  async query(sql: string, params: DuckDBValue[] = []): Promise<Row[]> {
    const conn = this.idle.pop() ?? (await this.instance.connect());
    try {
      const reader = await conn.runAndReadAll(sql, params);
      return reader.getRowObjectsJS() as Row[];
    } finally {
      this.idle.push(conn);
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    for (const c of this.idle) c.closeSync();
    this.instance.closeSync();
  }
}
