/**
 * Read-only access to a published LSST store (docs/surveys.md, "The LSST store"): one in-memory DuckDB reading the
 * catalog's parquet parts, and, per catalog version, each table's files and columns (the union of the files'
 * schemas: what the store actually holds). It follows the CURRENT pointer as the ZTF reader does
 * (serve/catalog-poll.ts): a new version's tables are described first, then catalog and tables switch together,
 * so a request uses one version from start to end. When every part of a version has object blocks, their index
 * is held in memory (serve/object-locator.ts) and lookups of one diaObject read its blocks.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBValue } from '@duckdb/node-api';
import type { Logger } from 'pino';
import {
  type Catalog,
  EMPTY_CATALOG,
  LSST_BLOCK_FILES,
  LSST_BLOCK_FORMAT,
  LSST_PART_FILES,
  LSST_SKY_INDEX_FILE,
  LSST_STORE_COLUMNS,
  type LsstBlockColumns,
  type LsstPartFile,
  ReadOnlyFiles,
  type StoreLayout,
  sqlPathLiteral,
} from '../data/index.js';
import {
  type LsstBlockPart,
  type LsstObjectBlocks,
  type LsstSkyIndex,
  type LsstStoredColumn,
  type LsstTable,
  type LsstTables,
  relationSql,
} from '../data/queries/lsst/index.js';
import { CatalogPoll } from './catalog-poll.js';
import { DuckDbPool, type Row } from './duckdb-pool.js';
import { loadObjectLocator } from './object-index-load.js';
import type { StoreReaderOptions } from './store-reader.js';

/** A catalog version and the tables it publishes. */
export interface LsstSnapshot {
  readonly catalog: Catalog;
  readonly tables: LsstTables;
  /** The parts' object blocks; null when a part has none (a store published before them): queries instead. */
  readonly blocks: LsstObjectBlocks | null;
}

const TABLES = Object.keys(LSST_PART_FILES) as LsstPartFile[];
const NO_TABLE: LsstTable = { files: [], columns: [] };
const EMPTY_TABLES = Object.fromEntries(TABLES.map((t) => [t, NO_TABLE])) as Record<LsstPartFile, LsstTable>;

export class LsstStoreReader {
  private snap: LsstSnapshot = { catalog: EMPTY_CATALOG, tables: EMPTY_TABLES, blocks: null };
  private readonly poll: CatalogPoll;
  /** Open descriptors of the parts' blocks files. */
  private readonly files = new ReadOnlyFiles();

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
    const blocks = await this.loadBlocks(next);
    this.snap = { catalog: next, tables: tables as LsstTables, blocks };
    const kept = new Set(next.parts.map((p) => p.id));
    this.files.closeUnless((file) => kept.has(path.basename(path.dirname(file))));
    this.log.info(
      { version: next.version, parts: next.parts.length, objects: blocks ? 'blocks' : 'queries' },
      'catalog switched',
    );
  }

  /** The object blocks of `catalog`; null when a part has none or the index cannot be read (logged). */
  private async loadBlocks(catalog: Catalog): Promise<LsstObjectBlocks | null> {
    if (!catalog.objectIndex) return null;
    const parts = new Map<string, LsstBlockPart>();
    for (const [i, part] of catalog.parts.entries()) {
      const dir = this.layout.partDir(part.id);
      const file = path.join(dir, LSST_BLOCK_FILES.blocks);
      let columns: LsstBlockColumns;
      try {
        columns = JSON.parse(
          fs.readFileSync(path.join(dir, LSST_BLOCK_FILES.columns), 'utf8'),
        ) as LsstBlockColumns;
      } catch {
        return null;
      }
      if (columns.format !== LSST_BLOCK_FORMAT || !fs.existsSync(file)) return null;
      parts.set(part.id, { rank: i + 1, file, columns: columns.tables, sky: null });
    }
    try {
      for (const [id, part] of parts) parts.set(id, { ...part, sky: await this.loadSky(id) });
      const locator = await loadObjectLocator(this.db, this.layout, catalog);
      return { find: (id) => locator.find(id, true), parts, files: this.files };
    } catch (err) {
      this.log.error(
        { err, version: catalog.version },
        'object index not loaded; object lookups query the parts',
      );
      return null;
    }
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

  /**
   * The sky index of part `id` in memory (16 bytes per alert: 16 MB for a million), or null when it has none.
   * Read chunk by chunk into typed arrays.
   */
  private async loadSky(id: string): Promise<LsstSkyIndex | null> {
    const file = path.join(this.layout.partDir(id), LSST_SKY_INDEX_FILE);
    if (!fs.existsSync(file)) return null;
    return this.db.withConnection(async (conn) => {
      const rel = `read_parquet(${sqlPathLiteral(file)})`;
      const counted = await conn.runAndReadAll(`SELECT count(*)::BIGINT FROM ${rel}`);
      const rows = Number(counted.getRows()[0][0]);
      const hpix = new BigInt64Array(rows);
      const oid = new BigInt64Array(rows);
      const result = await conn.stream(
        `SELECT "${LSST_STORE_COLUMNS.hpix29}", "r:diaObjectId" FROM ${rel} ORDER BY 1`,
      );
      let at = 0;
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        const [pixels, ids] = chunk.getColumns();
        for (let i = 0; i < chunk.rowCount; i++, at++) {
          hpix[at] = BigInt((pixels[i] as bigint | null) ?? -1n);
          oid[at] = BigInt((ids[i] as bigint | null) ?? 0n);
        }
      }
      return { hpix, oid };
    });
  }

  /** Runs a query with bound parameters on a pooled connection. */
  query(sql: string, params: DuckDBValue[] = []): Promise<Row[]> {
    return this.db.query(sql, params);
  }

  close(): void {
    this.poll.stop();
    this.db.close();
    this.files.closeAll();
  }
}
