/**
 * Read-only access to a published store: one in-memory DuckDB reading the catalog's parquet parts, and the
 * catalog's object index held in memory (serve/object-locator.ts) with the open files of the point-lookup path.
 * It polls the CURRENT pointer and switches to a new catalog version without a restart: the new version's
 * object index is loaded first, then catalog and locator are switched together; a query uses one catalog
 * version from start to end, so it never sees half a night. A catalog whose parts declare an object block
 * format older than the one read here, or lack sky blocks, is refused (StoreFormatError): republish or
 * re-ingest them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBValue } from '@duckdb/node-api';
import type { Logger } from 'pino';
import type { PartEntry, StoreLayout } from '../data/index.js';
import {
  type Catalog,
  EMPTY_CATALOG,
  OBJECT_BLOCK_FORMAT,
  ReadOnlyFiles,
  SKY_BLOCKS_FILE,
} from '../data/index.js';
import { SkyBlockReader } from '../data/queries/index.js';
import { CatalogPoll } from './catalog-poll.js';
import { DuckDbPool, type Row } from './duckdb-pool.js';
import { loadObjectLocator } from './object-index-load.js';
import { type ObjectLocator, ObjectLocatorBuilder } from './object-locator.js';

export type { Row } from './duckdb-pool.js';

/** A catalog version and its in-memory object index. */
export interface StoreSnapshot {
  readonly catalog: Catalog;
  /** The object index; null when it could not be loaded (then `locatorError` says why). */
  readonly locator: ObjectLocator | null;
  /** Why the object index could not be loaded (a damaged or incomplete store); null when it was. */
  readonly locatorError: string | null;
}

/** Options of {@link StoreReader.open}. */
export interface StoreReaderOptions {
  /** Catalog polling period (ms). Default 1000. */
  readonly pollMs?: number;
  /** DuckDB threads of this reader. Default 2. */
  readonly threads?: number;
}

/** A catalog this server cannot read: parts written in an older object block format. */
export class StoreFormatError extends Error {
  constructor(text: string) {
    super(text);
    this.name = 'StoreFormatError';
  }
}

/** The command that rewrites every published part in the current format, from the staging files. */
export const MIGRATE_COMMAND = 'skyalert publish --store DIR --all --force';

/**
 * Throws StoreFormatError for the parts `old` of `catalog`, written in a format this server does not read
 * (`what` says how they differ), naming their nights and the command that rewrites them.
 */
export function refuseOlderParts(
  catalog: Catalog,
  storeRoot: string,
  old: readonly PartEntry[],
  what: string,
): void {
  if (old.length === 0) return;
  const nights = [...new Set(old.flatMap((p) => p.nights))].sort((a, b) => a - b);
  const span =
    nights.length === 1 ? `night ${nights[0]}` : `nights ${nights[0]}-${nights[nights.length - 1]}`;
  throw new StoreFormatError(
    `Store ${storeRoot}, catalog version ${catalog.version}: ${old.length} part(s) (${span}) ${what}. Republish the nights (${MIGRATE_COMMAND}, from ` +
      'the staging files the store keeps) or, without staging files, ingest them again (docs/store.md, ' +
      '"Older stores").',
  );
}

/**
 * Throws StoreFormatError when a part of `catalog` declares an object block format other than
 * OBJECT_BLOCK_FORMAT (an entry without `objectBlockFormat` was written in format 1, or before object blocks),
 * or has no sky blocks (`sky.bin`).
 */
export function checkBlockFormats(catalog: Catalog, layout: StoreLayout): void {
  const old = catalog.parts.filter((p) => p.objectBlockFormat !== OBJECT_BLOCK_FORMAT);
  const formats = [...new Set(old.map((p) => p.objectBlockFormat ?? 'none (format 1 or older)'))];
  refuseOlderParts(
    catalog,
    layout.root,
    old,
    `hold object blocks of format ${formats.join(', ')}; this server reads format ${OBJECT_BLOCK_FORMAT} only`,
  );
  const withoutSky = catalog.parts.filter(
    (p) => !fs.existsSync(path.join(layout.partDir(p.id), SKY_BLOCKS_FILE)),
  );
  refuseOlderParts(catalog, layout.root, withoutSky, `have no sky blocks (${SKY_BLOCKS_FILE})`);
}

export class StoreReader {
  private snap: StoreSnapshot = {
    catalog: EMPTY_CATALOG,
    locator: new ObjectLocatorBuilder(new Set()).finish(),
    locatorError: null,
  };
  private readonly poll: CatalogPoll;
  /** Open descriptors of the point-lookup path (objects.bin, stamps.bin, sky.bin). */
  readonly files = new ReadOnlyFiles();
  private readonly sky = new SkyBlockReader(this.files);
  /** Called with each catalog version switched to (see {@link onCatalog}). */
  private readonly listeners: ((catalog: Catalog) => void)[] = [];
  private open = true;

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

  /**
   * Opens a reader on a store directory, loads the published version, and watches its catalog (a number for
   * `options` is the polling period in ms).
   *
   * @throws StoreFormatError when the published catalog holds parts of an older object block format (a later
   *   version that does is logged and skipped, the version in use kept).
   */
  static async open(
    layout: StoreLayout,
    log: Logger,
    options: number | StoreReaderOptions = {},
  ): Promise<StoreReader> {
    const { pollMs = 1000, threads = 2 } = typeof options === 'number' ? { pollMs: options } : options;
    const reader = new StoreReader(layout, await DuckDbPool.open(threads), log);
    try {
      await reader.refresh();
    } catch (err) {
      reader.close();
      throw err;
    }
    reader.poll.start(pollMs);
    return reader;
  }

  /** Cone searches over the parts' sky blocks. */
  skyBlocks(): SkyBlockReader {
    return this.sky;
  }

  /** The catalog version in use. */
  current(): Catalog {
    return this.snap.catalog;
  }

  /** The catalog version in use with its object index (take both from one call to stay on one version). */
  snapshot(): StoreSnapshot {
    return this.snap;
  }

  /**
   * Calls `listener` with the catalog version in use now (when one is loaded) and with each later one, once the
   * server has switched to it: to prepare what requests will need from its new parts (e.g. the flagged anomalies
   * of a night just published) before they ask. A listener must not throw (its own work runs in the background).
   */
  onCatalog(listener: (catalog: Catalog) => void): void {
    this.listeners.push(listener);
    if (this.snap.catalog.parts.length > 0) listener(this.snap.catalog);
  }

  /**
   * Re-reads the catalog when the CURRENT pointer changed (one refresh at a time; callers share it).
   *
   * @throws StoreFormatError when the new version holds parts of an older object block format (not switched).
   */
  refresh(): Promise<void> {
    return this.poll.refresh();
  }

  /** Loads the object index of a new catalog version, then switches catalog and index together. */
  private async switchTo(next: Catalog): Promise<void> {
    checkBlockFormats(next, this.layout);
    const started = performance.now();
    const { locator, error } = await this.loadLocator(next);
    this.snap = { catalog: next, locator, locatorError: error };
    const keep = new Set(next.parts.flatMap((p) => [p.id, ...(p.cutouts ?? []).map((c) => c.part)]));
    this.files.closeUnless((file) => keep.has(path.basename(path.dirname(file))));
    for (const listener of this.listeners) listener(next);
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

  /**
   * The object index of `catalog` in memory (empty for a catalog without parts), or why it could not be read:
   * object lookups then answer 503 until a new catalog version loads.
   */
  private async loadLocator(
    catalog: Catalog,
  ): Promise<{ locator: ObjectLocator | null; error: string | null }> {
    try {
      return { locator: await loadObjectLocator(this.db, this.layout, catalog), error: null };
    } catch (err) {
      this.log.error({ err, version: catalog.version }, 'object index not loaded; object lookups answer 503');
      const error =
        `The object index of catalog version ${catalog.version} could not be loaded: the store is damaged or ` +
        'incomplete (the server log says why). Republish its nights (skyalert publish --all) or restore it.';
      return { locator: null, error };
    }
  }

  /** Runs a query with bound parameters on a pooled connection. */
  query(sql: string, params: DuckDBValue[] = []): Promise<Row[]> {
    return this.db.query(sql, params);
  }

  /** False once {@link close} was called. */
  get isOpen(): boolean {
    return this.open;
  }

  close(): void {
    this.open = false;
    this.poll.stop();
    this.files.closeAll();
    this.db.close();
  }
}
