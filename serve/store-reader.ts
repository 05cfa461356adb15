/**
 * Read-only access to a published store: one in-memory DuckDB reading the catalog's parquet parts, and the
 * catalog's object index held in memory (serve/object-locator.ts) with the open files of the point-lookup path.
 * It polls the CURRENT pointer and switches to a new catalog version without a restart: the new version's
 * object index is loaded first, then catalog and locator are switched together; a query uses one catalog
 * version from start to end, so it never sees half a night.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import type { Logger } from 'pino';
import { type Catalog, EMPTY_CATALOG, readCatalog } from '../data/catalog.js';
import { SkyBlockReader } from '../data/queries/sky-blocks.js';
import { ReadOnlyFiles } from '../data/read-only-files.js';
import { sqlPathLiteral } from '../data/sql-text.js';
import type { StoreLayout } from '../data/store-layout.js';
import { type ObjectLocator, ObjectLocatorBuilder } from './object-locator.js';

/** Rows of a query as JS values (BIGINT as bigint). */
export type Row = Record<string, unknown>;

/** A catalog version and its in-memory object index (null when the version has none or it failed to load). */
export interface StoreSnapshot {
  readonly catalog: Catalog;
  readonly locator: ObjectLocator | null;
}

/** Options of {@link StoreReader.open}. */
export interface StoreReaderOptions {
  /** Catalog polling period (ms). Default 1000. */
  readonly pollMs?: number;
  /**
   * Serve object lookups from object blocks with the object index in memory, and cone searches from sky blocks
   * (default true); false answers every lookup and cone with DuckDB queries (the path of stores without
   * blocks), e.g. to compare both.
   */
  readonly objectBlocks?: boolean;
}

export class StoreReader {
  private snap: StoreSnapshot = { catalog: EMPTY_CATALOG, locator: null };
  private pointerMtimeMs = -1;
  private timer: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;
  private readonly idle: DuckDBConnection[] = [];
  /** Open descriptors of the point-lookup path (objects.bin, stamps.bin, sky.bin). */
  readonly files = new ReadOnlyFiles();
  private readonly sky = new SkyBlockReader(this.files);

  private constructor(
    readonly layout: StoreLayout,
    private readonly instance: DuckDBInstance,
    private readonly log: Logger,
    private readonly objectBlocks: boolean,
  ) {}

  /**
   * Opens a reader on a store directory, loads the published version, and watches its catalog (a number for
   * `options` is the polling period in ms).
   */
  static async open(
    layout: StoreLayout,
    log: Logger,
    options: number | StoreReaderOptions = {},
  ): Promise<StoreReader> {
    const { pollMs = 1000, objectBlocks = true } =
      typeof options === 'number' ? { pollMs: options } : options;
    const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
    // published parquet files are immutable (a new version is a new path): their footers can be cached
    const setup = await instance.connect();
    await setup.run('LOAD parquet');
    await setup.run('SET parquet_metadata_cache = true');
    setup.closeSync();
    const reader = new StoreReader(layout, instance, log, objectBlocks);
    await reader.refresh();
    reader.timer = setInterval(() => void reader.refresh(), pollMs);
    reader.timer.unref();
    return reader;
  }

  /** Cone searches over sky blocks, or null when every search goes through DuckDB (`objectBlocks: false`). */
  skyBlocks(): SkyBlockReader | null {
    return this.objectBlocks ? this.sky : null;
  }

  /** The catalog version in use. */
  current(): Catalog {
    return this.snap.catalog;
  }

  /** The catalog version in use with its object index (take both from one call to stay on one version). */
  snapshot(): StoreSnapshot {
    return this.snap;
  }

  /** Re-reads the catalog when the CURRENT pointer changed (one refresh at a time; callers share it). */
  refresh(): Promise<void> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<void> {
    let mtime: number;
    try {
      mtime = fs.statSync(this.layout.currentPointer).mtimeMs;
    } catch {
      return;
    }
    if (mtime === this.pointerMtimeMs) return;
    let next: Catalog;
    try {
      next = readCatalog(this.layout);
    } catch (err) {
      this.log.warn({ err }, 'catalog not readable yet; keeping the previous version');
      return;
    }
    this.pointerMtimeMs = mtime;
    if (next.version === this.snap.catalog.version) return;
    const started = performance.now();
    const locator = await this.loadLocator(next);
    this.snap = { catalog: next, locator };
    const keep = new Set(next.parts.flatMap((p) => [p.id, ...(p.cutouts ?? []).map((c) => c.part)]));
    this.files.closeUnless((file) => keep.has(path.basename(path.dirname(file))));
    this.log.info(
      {
        version: next.version,
        parts: next.parts.length,
        objects: locator?.objectCount ?? null,
        ms: Math.round(performance.now() - started),
      },
      'catalog switched',
    );
  }

  /** The object index of `catalog` in memory; null (queries then use DuckDB) when it cannot be read. */
  private async loadLocator(catalog: Catalog): Promise<ObjectLocator | null> {
    if (!catalog.objectIndex || !this.objectBlocks) return null;
    try {
      const file = sqlPathLiteral(path.join(this.layout.root, catalog.objectIndex));
      const columns = await this.query(`DESCRIBE SELECT * FROM read_parquet(${file})`);
      const hasBlocks = columns.some((c) => c.column_name === 'block_offset');
      const select = hasBlocks
        ? 'objectId, part, block_offset, block_length'
        : 'objectId, part, NULL::BIGINT AS block_offset, NULL::INTEGER AS block_length';
      const builder = new ObjectLocatorBuilder(
        new Set(catalog.parts.map((p) => p.id)),
        new Map(catalog.parts.map((p) => [p.id, p.objectBlockFormat === 2 ? 2 : 1])),
      );
      const conn = this.idle.pop() ?? (await this.instance.connect());
      try {
        // read chunk by chunk, in the builder's order: no JS object per row (see ObjectLocatorBuilder)
        const result = await conn.stream(
          `SELECT ${select} FROM read_parquet(${file}) ORDER BY objectId, part`,
        );
        for (;;) {
          const chunk = await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) break;
          const [ids, parts, offsets, lengths] = chunk.getColumns();
          for (let i = 0; i < chunk.rowCount; i++) {
            const offset = offsets[i];
            const length = lengths[i];
            builder.add(
              String(ids[i]),
              String(parts[i]),
              offset === null ? null : Number(offset),
              length === null ? null : Number(length),
            );
          }
        }
      } finally {
        this.idle.push(conn);
      }
      return builder.finish();
    } catch (err) {
      this.log.warn({ err, version: catalog.version }, 'object index not loaded; lookups use DuckDB');
      return null;
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
    this.files.closeAll();
    for (const c of this.idle) c.closeSync();
    this.instance.closeSync();
  }
}
