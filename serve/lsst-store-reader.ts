/**
 * Read-only access to a published LSST store (docs/surveys.md, "The LSST store"): one in-memory DuckDB reading the
 * catalog's parquet parts, and, per catalog version, each table's files and columns (the union of the files'
 * schemas: what the store actually holds). It follows the CURRENT pointer as the ZTF reader does
 * (serve/catalog-poll.ts): a new version's tables are described first, then catalog and tables switch together,
 * so a request uses one version from start to end.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBValue } from '@duckdb/node-api';
import type { Logger } from 'pino';
import {
  type Catalog,
  EMPTY_CATALOG,
  LSST_PART_FILES,
  type LsstPartFile,
  type StoreLayout,
} from '../data/index.js';
import {
  type LsstStoredColumn,
  type LsstTable,
  type LsstTables,
  relationSql,
} from '../data/queries/lsst/index.js';
import { CatalogPoll } from './catalog-poll.js';
import { DuckDbPool, type Row } from './duckdb-pool.js';
import type { StoreReaderOptions } from './store-reader.js';

/** A catalog version and the tables it publishes. */
export interface LsstSnapshot {
  readonly catalog: Catalog;
  readonly tables: LsstTables;
}

const TABLES = Object.keys(LSST_PART_FILES) as LsstPartFile[];
const NO_TABLE: LsstTable = { files: [], columns: [] };
const EMPTY_TABLES = Object.fromEntries(TABLES.map((t) => [t, NO_TABLE])) as Record<LsstPartFile, LsstTable>;

export class LsstStoreReader {
  private snap: LsstSnapshot = { catalog: EMPTY_CATALOG, tables: EMPTY_TABLES };
  private readonly poll: CatalogPoll;

  private constructor(
    readonly layout: StoreLayout,
    private readonly db: DuckDbPool,
    private readonly log: Logger,
  ) {
    this.poll = new CatalogPoll(
      layout,
      log,
      () => this.snap.catalog.version,
      (next) => this.switchTo(next),
    );
  }

  /** Opens a reader on an LSST store, loads the published version and watches its catalog. */
  static async open(
    layout: StoreLayout,
    log: Logger,
    options: StoreReaderOptions = {},
  ): Promise<LsstStoreReader> {
    const reader = new LsstStoreReader(layout, await DuckDbPool.open(), log);
    try {
      await reader.refresh();
    } catch (err) {
      reader.close();
      throw err;
    }
    reader.poll.start(options.pollMs ?? 1000);
    return reader;
  }

  /** The catalog version in use. */
  current(): Catalog {
    return this.snap.catalog;
  }

  /** The catalog version in use with its tables (take both from one call to stay on one version). */
  snapshot(): LsstSnapshot {
    return this.snap;
  }

  /** Re-reads the catalog when the CURRENT pointer changed. */
  refresh(): Promise<void> {
    return this.poll.refresh();
  }

  private async switchTo(next: Catalog): Promise<void> {
    const tables: Partial<Record<LsstPartFile, LsstTable>> = {};
    for (const table of TABLES) tables[table] = await this.describe(next, table);
    this.snap = { catalog: next, tables: tables as LsstTables };
    this.log.info({ version: next.version, parts: next.parts.length }, 'catalog switched');
  }

  /**
   * The files of `table` in the catalog's parts (oldest first) and their columns, by name, in first-seen order.
   * Stamps are in the parts each part's `cutouts` entries name (a compacted part refers to its nights' files).
   */
  private async describe(catalog: Catalog, table: LsstPartFile): Promise<LsstTable> {
    const holders =
      table === 'cutouts' ? [...new Set(catalog.parts.flatMap((p) => p.cutouts.map((c) => c.part)))] : null;
    const files = (holders ?? catalog.parts.map((p) => p.id))
      .map((id) => path.join(this.layout.partDir(id), LSST_PART_FILES[table]))
      .filter((f) => fs.existsSync(f));
    if (files.length === 0) return NO_TABLE;
    const rows = await this.query(
      `DESCRIBE SELECT * EXCLUDE (filename) FROM ${relationSql({ files, columns: [] })}`,
    );
    const columns: LsstStoredColumn[] = rows.map((r) => ({
      name: String(r.column_name),
      sqlType: String(r.column_type),
    }));
    return { files, columns };
  }

  /** Runs a query with bound parameters on a pooled connection. */
  query(sql: string, params: DuckDBValue[] = []): Promise<Row[]> {
    return this.db.query(sql, params);
  }

  close(): void {
    this.poll.stop();
    this.db.close();
  }
}
