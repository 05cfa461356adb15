/**
 * Read-only access to a published LSST store (docs/surveys.md, "The LSST store"): one in-memory DuckDB reading the
 * catalog's parquet parts, and, per catalog version, each table's files and columns (the union of the files'
 * schemas: what the store actually holds). It follows the CURRENT pointer as the ZTF reader does
 * (serve/catalog-poll.ts): a new version's tables are described first, then catalog and tables switch together,
 * so a request uses one version from start to end. Object blocks and sky indexes are the one read path of
 * one diaObject's rows and of cones: their index is held in memory (serve/object-locator.ts), with each part's
 * sky index. A catalog with a part written without them (before the blocks) is refused (StoreFormatError, as
 * ZTF's older stores are): republish its nights.
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
  PART_LAYOUTS,
  type PartEntry,
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
import { ApiError } from './errors.js';
import { loadObjectLocator } from './object-index-load.js';
import { MIGRATE_COMMAND, refuseOlderParts, type StoreReaderOptions } from './store-reader.js';

/** A catalog version and the tables it publishes. */
export interface LsstSnapshot {
  readonly catalog: Catalog;
  readonly tables: LsstTables;
  /** The parts' object blocks; null when the object index could not be loaded (then `blocksError` says why). */
  readonly blocks: LsstObjectBlocks | null;
  /** Why the object blocks could not be loaded (a damaged or incomplete store); null when they were. */
  readonly blocksError: string | null;
}

/**
 * The parts of `catalog` that lack the current object blocks (the LSST part layout's `blockFiles`, format
 * LSST_BLOCK_FORMAT) or, holding sources, the sky index (written before them).
 */
function partsWithoutBlocks(catalog: Catalog, layout: StoreLayout): PartEntry[] {
  return catalog.parts.filter((part) => {
    const dir = layout.partDir(part.id);
    const has = (file: string) => fs.existsSync(path.join(dir, file));
    if (!PART_LAYOUTS.lsst.blockFiles.every(has)) return true;
    if (has(LSST_PART_FILES.sources) && !has(LSST_SKY_INDEX_FILE)) return true;
    try {
      const columns = JSON.parse(
        fs.readFileSync(path.join(dir, LSST_BLOCK_FILES.columns), 'utf8'),
      ) as LsstBlockColumns;
      return columns.format !== LSST_BLOCK_FORMAT;
    } catch {
      return true;
    }
  });
}

/** Options of an LSST reader: those of every reader, and whether it loads the object blocks. */
export interface LsstStoreReaderOptions extends StoreReaderOptions {
  /**
   * Load the object blocks with their object index and sky indexes (default true). Without them (a heavy-request
   * thread, whose sky maps read the parquet tables only), ~100 MiB less memory on a store of 1,000,000 alerts
   * (docs/benchmarks.md, "Rubin/LSST API"); object lookups and cones then answer 503.
   */
  readonly objectBlocks?: boolean;
}

/** The blocks of a reader opened without them. */
const WITHOUT_BLOCKS = {
  blocks: null,
  error:
    'This reader does not load the object blocks (a heavy-request thread): ask the server, not this thread.',
} as const;

/**
 * Throws StoreFormatError when a part of `catalog` has no object blocks of format LSST_BLOCK_FORMAT or no sky
 * index, or the catalog (with parts) no object index: a store published before the LSST object blocks.
 */
export function checkLsstBlocks(catalog: Catalog, layout: StoreLayout): void {
  refuseOlderParts(
    catalog,
    layout.root,
    catalog.objectIndex || catalog.parts.length === 0 ? partsWithoutBlocks(catalog, layout) : catalog.parts,
    `have no LSST object blocks of format ${LSST_BLOCK_FORMAT} (${PART_LAYOUTS.lsst.blockFiles.join(', ')}, ` +
      `${LSST_SKY_INDEX_FILE}) or the catalog no object index; this server reads objects, sources, fp and cones ` +
      'from them only',
  );
}

const TABLES = Object.keys(LSST_PART_FILES) as LsstPartFile[];
const NO_TABLE: LsstTable = { files: [], columns: [] };
const EMPTY_TABLES = Object.fromEntries(TABLES.map((t) => [t, NO_TABLE])) as Record<LsstPartFile, LsstTable>;

export class LsstStoreReader {
  /** Open descriptors of the parts' blocks files. */
  private readonly files = new ReadOnlyFiles();
  /** Before a catalog is published: no part, no object. */
  private snap: LsstSnapshot = {
    catalog: EMPTY_CATALOG,
    tables: EMPTY_TABLES,
    blocks: { find: () => [], parts: new Map(), files: this.files },
    blocksError: null,
  };
  private readonly poll: CatalogPoll;

  private constructor(
    readonly layout: StoreLayout,
    private readonly db: DuckDbPool,
    private readonly log: Logger,
    /** Whether the object blocks and their indexes are loaded (see {@link LsstStoreReaderOptions}). */
    private readonly withBlocks: boolean,
  ) {
    this.poll = new CatalogPoll(
      layout,
      log,
      () => this.snap.catalog.version,
      (next) => this.switchTo(next),
    );
  }

  /**
   * Opens a reader on an LSST store, loads the published version and watches its catalog.
   *
   * @throws StoreFormatError when the published catalog holds parts without object blocks (a later version that
   *   does is logged and skipped, the version in use kept).
   */
  static async open(
    layout: StoreLayout,
    log: Logger,
    options: LsstStoreReaderOptions = {},
  ): Promise<LsstStoreReader> {
    const reader = new LsstStoreReader(
      layout,
      await DuckDbPool.open(options.threads),
      log,
      options.objectBlocks ?? true,
    );
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
    checkLsstBlocks(next, this.layout);
    const tables: Partial<Record<LsstPartFile, LsstTable>> = {};
    for (const table of TABLES) tables[table] = await this.describe(next, table);
    const { blocks, error } = this.withBlocks ? await this.loadBlocks(next) : WITHOUT_BLOCKS;
    this.snap = { catalog: next, tables: tables as LsstTables, blocks, blocksError: error };
    const kept = new Set(next.parts.map((p) => p.id));
    this.files.closeUnless((file) => kept.has(path.basename(path.dirname(file))));
    this.log.info({ version: next.version, parts: next.parts.length }, 'catalog switched');
  }

  /**
   * The object blocks of `catalog` with its object index and sky indexes in memory, or why they could not be
   * read (logged): object lookups and cones then answer 503 until a new catalog version loads.
   */
  private async loadBlocks(
    catalog: Catalog,
  ): Promise<{ blocks: LsstObjectBlocks | null; error: string | null }> {
    try {
      const parts = new Map<string, LsstBlockPart>();
      for (const [i, part] of catalog.parts.entries()) {
        const dir = this.layout.partDir(part.id);
        const columns = JSON.parse(
          fs.readFileSync(path.join(dir, LSST_BLOCK_FILES.columns), 'utf8'),
        ) as LsstBlockColumns;
        parts.set(part.id, {
          rank: i + 1,
          file: path.join(dir, LSST_BLOCK_FILES.blocks),
          columns: columns.tables,
          sky: await this.loadSky(part.id),
        });
      }
      const locator = await loadObjectLocator(this.db, this.layout, catalog);
      return { blocks: { find: (id) => locator.find(id, true), parts, files: this.files }, error: null };
    } catch (err) {
      this.log.error(
        { err, version: catalog.version },
        'object blocks not loaded; object lookups answer 503',
      );
      const error =
        `The object blocks of catalog version ${catalog.version} could not be loaded: the store is damaged or ` +
        `incomplete (the server log says why). Republish its nights (${MIGRATE_COMMAND}) or restore it.`;
      return { blocks: null, error };
    }
  }

  /** The object blocks of the catalog version in `snap`. @throws ApiError 503 when they could not be loaded. */
  static blocksOf(snap: LsstSnapshot): LsstObjectBlocks {
    if (snap.blocks === null) throw new ApiError(503, snap.blocksError ?? 'the object blocks are not loaded');
    return snap.blocks;
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
   * The sky index of part `id` in memory (16 bytes per alert: 16 MB for a million; empty for a part without
   * sources). Read chunk by chunk into typed arrays.
   */
  private async loadSky(id: string): Promise<LsstSkyIndex> {
    const file = path.join(this.layout.partDir(id), LSST_SKY_INDEX_FILE);
    if (!fs.existsSync(file)) return { hpix: new BigInt64Array(0), oid: new BigInt64Array(0) };
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
