/**
 * One night's LSST staging DuckDB file for one ingester: the same batch mechanics as ZTF's (night-staging.ts) —
 * each alert's rows built at once by `add`, the batch appended in one transaction by `endBatch`, whose promise
 * resolves once it is committed (durable), batches committed in hand-over order, a failed batch failing every
 * later one — with the tables of lsst-staging-tables.ts. Idempotent on the alert's diaSourceId: an alert already
 * staged in this file (or on its way) is counted as a duplicate and not written again. A writer schema with
 * columns the file's tables lack adds them (ALTER TABLE … ADD COLUMN, in the batch's transaction) before the rows
 * that carry them. The stamps are appended to the stamps file beside it (`<ingester>.stamps`, as ZTF's, with
 * ZTF's code: written and synced while the previous batch commits; a row never points at bytes not on disk).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBDataChunk } from '@duckdb/node-api';
import { ang2pixNest } from '../../compute/sky/index.js';
import type { LsstAlert, LsstColumns, LsstRow } from '../../data/index.js';
import { DUCKDB_TYPE } from '../../data/index.js';
import { DirectAppendFile } from '../direct-append-file.js';
import { BatchOrder, BatchParts } from './batch-order.js';
import { appendChunks, appendValue, type ChunkColumnKind, ChunkRows, chunkKindOfSql } from './chunk-rows.js';
import { SKY_INDEX_ORDER } from './derive.js';
import { IdSet } from './id-set.js';
import {
  createTableSql,
  LSST_STAGING_TABLES,
  type LsstStagingColumn,
  quoteColumn,
} from './lsst-staging-tables.js';
import type { NightFile, StageCounts } from './night-router.js';
import { stampsFileOf, unshareStamps } from './night-staging.js';
import { bumpStagedVersion } from './staged-version.js';
import type { AttachedStagingFile, StagingDatabase } from './staging-database.js';

/** An LSST alert ready for staging, with the label of where it was read (source position). */
export interface LsstStagedAlert {
  readonly alert: LsstAlert;
  readonly source: string;
}

/** A staging table's current columns (the file's, plus those added for the batches being built). */
interface TableState {
  columns: LsstStagingColumn[];
  kinds: ChunkColumnKind[];
  rows: ChunkRows;
}

/** Rows built with one column layout, and the ALTER statements that give the tables that layout first. */
interface Piece {
  readonly alters: readonly string[];
  readonly chunks: readonly DuckDBDataChunk[][];
  readonly owners: readonly ChunkRows[];
}

interface BatchInProgress {
  readonly inBatch: Set<bigint>;
  /** The batch's stamps, and where the stamps file will end once they are written. */
  readonly chunks: Uint8Array[];
  end: number;
  /** Rows built with an earlier layout in this batch (a schema with new columns came after them). */
  readonly pieces: Piece[];
  offered: number;
  error: unknown;
}

/** HEALPix NESTED pixel at order 29 of a row's r:ra, r:dec (degrees); null without a valid position. */
function hpix29Of(row: LsstRow): bigint | null {
  const ra = row['r:ra'];
  const dec = row['r:dec'];
  if (typeof ra !== 'number' || typeof dec !== 'number' || !Number.isFinite(ra) || Math.abs(dec) > 90)
    return null;
  return ang2pixNest(SKY_INDEX_ORDER, ((ra % 360) + 360) % 360, dec);
}

/** Gives the pieces' chunks back to the rows they were built in, for reuse. */
function releasePieces(pieces: readonly Piece[]): void {
  for (const p of pieces) for (let i = 0; i < p.owners.length; i++) p.owners[i].release(p.chunks[i]);
}

function tableState(columns: LsstStagingColumn[]): TableState {
  const kinds = columns.map((c) => chunkKindOfSql(c.sql));
  return { columns, kinds, rows: new ChunkRows(kinds) };
}

/**
 * Rows (all tables together) after which the batch being built is handed over as a transaction of its own, the
 * rest of the caller's batch going into the next: a Kafka group or a file batch of real Rubin alerts — hundreds of
 * prvDiaSources and prvDiaForcedSources each — would otherwise hold millions of rows (~1 KB each) in memory. The
 * caller's {@link LsstNightStaging.endBatch} still resolves once every part is durable. A part costs one
 * transaction (~20-50 ms): 50,000 rows are ~45 of Fink's real alerts (~1,100 rows each), ~8,000 simulated ones.
 * With 2,100 real alerts from a file, 100,000 rows (and LSST_BATCH_ROWS) peaked at 1.34-1.43 GB, 50,000 at 1.13-1.14.
 */
export const MAX_TRANSACTION_ROWS = 50_000;
/** Parts handed over and not yet committed beyond which `add` asks its caller to wait. */
const MAX_PARTS_IN_FLIGHT = 2;

/** An LSST night's staging file opened for writing. */
export class LsstNightStaging implements NightFile<LsstStagedAlert> {
  /** diaSourceIds of the batches being staged (accepted, not yet committed). */
  private readonly pending = new Set<bigint>();
  /** Writer schemas whose columns the tables have (or will have once the pending ALTERs run). */
  private readonly knownSchemas = new Set<LsstColumns>();
  /** ALTER statements not yet handed over with a batch. */
  private alters: string[] = [];
  private building: BatchInProgress | null = null;
  private versionBumped = false;
  /** The batches' stamps writes and transactions, in hand-over order. */
  private readonly order: BatchOrder;
  /** Parts of the caller's batch already handed over (its rows passed `maxTransactionRows`). */
  private readonly parts = new BatchParts(MAX_PARTS_IN_FLIGHT);

  private constructor(
    readonly file: string,
    private readonly attached: AttachedStagingFile,
    private readonly ids: IdSet,
    private readonly tables: TableState[],
    stamps: DirectAppendFile,
    private readonly maxTransactionRows: number,
  ) {
    this.order = new BatchOrder(stamps);
  }

  /**
   * Opens (creating if needed) the staging file attached to `database`, creates its tables when they are not
   * there, and loads the diaSourceIds and the column layout of its tables.
   */
  static async open(
    file: string,
    database: StagingDatabase,
    maxTransactionRows = MAX_TRANSACTION_ROWS,
  ): Promise<LsstNightStaging> {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const attached = await database.attach(file);
    const { conn, alias } = attached;
    try {
      await conn.run('BEGIN TRANSACTION');
      for (const table of LSST_STAGING_TABLES) await conn.run(createTableSql(table));
      await conn.run('COMMIT');
      const reader = await conn.runAndReadAll(
        `SELECT table_name, column_name, data_type FROM duckdb_columns()
         WHERE database_name = '${alias}' AND schema_name = 'main' ORDER BY table_name, column_index`,
      );
      const byTable = new Map<string, LsstStagingColumn[]>();
      for (const [table, name, sql] of reader.getRows()) {
        const list = byTable.get(String(table)) ?? [];
        list.push({ name: String(name), sql: String(sql) });
        byTable.set(String(table), list);
      }
      const tables = LSST_STAGING_TABLES.map((t) => tableState(byTable.get(t.name) ?? []));
      // read into an array of the right length: a night's ids may be millions (id-set.ts)
      const [[count]] = (await conn.runAndReadAll('SELECT count(*) FROM lsst_sources')).getRows();
      const loaded = new BigInt64Array(Number(count));
      let n = 0;
      const result = await conn.stream('SELECT alert_id FROM lsst_sources');
      for await (const rows of result.yieldRows()) for (const [id] of rows) loaded[n++] = id as bigint;
      const ids = new IdSet(loaded.subarray(0, n));
      const stamps = stampsFileOf(file);
      unshareStamps(stamps);
      return new LsstNightStaging(
        file,
        attached,
        ids,
        tables,
        DirectAppendFile.open(stamps),
        maxTransactionRows,
      );
    } catch (err) {
      await conn.run('ROLLBACK').catch(() => undefined);
      await attached.detach().catch(() => undefined);
      throw new Error(`cannot open LSST staging file ${file}`, { cause: err });
    }
  }

  /**
   * Adds an alert to the batch being built: unless its diaSourceId is staged or on its way, its rows are built at
   * once (the caller may drop the alert). A row that cannot be built fails the whole batch, at {@link endBatch}.
   * When the rows built pass `maxTransactionRows`, they are handed over as a part of the batch; the promise
   * returned then (else undefined) resolves once few enough parts are uncommitted for the caller to go on.
   */
  add(item: LsstStagedAlert): Promise<void> | undefined {
    this.build(item);
    const b = this.building;
    if (b === null || b.error !== null || this.rowsBuilt() < this.maxTransactionRows) return undefined;
    return this.parts.track(this.handOverBatch());
  }

  /** Rows built since the last hand-over (all tables, earlier pieces included). */
  private rowsBuilt(): number {
    let rows = 0;
    for (const t of this.tables) rows += t.rows.rowsNotTaken;
    for (const p of this.building?.pieces ?? [])
      for (const chunks of p.chunks) for (const c of chunks) rows += c.rowCount;
    return rows;
  }

  /** Builds an alert's rows into the batch being built (see {@link add}). */
  private build({ alert, source }: LsstStagedAlert): void {
    if (this.building === null) this.building = this.newBatch();
    const b = this.building;
    b.offered++;
    if (b.error !== null) return;
    const id = alert.diaSourceId;
    if (this.ids.has(id) || this.pending.has(id) || b.inBatch.has(id)) return;
    b.inBatch.add(id);
    this.pending.add(id);
    const offset = b.end;
    for (const stamp of [alert.stamps.science, alert.stamps.template, alert.stamps.difference]) {
      if (stamp) {
        b.chunks.push(stamp);
        b.end += stamp.length;
      }
    }
    try {
      this.ensureColumns(alert.columns, b);
      LSST_STAGING_TABLES.forEach((decl, i) => {
        const t = this.tables[i];
        const fixedCount = decl.fixed.length;
        for (const { row, fixed } of decl.rowsOf(alert, source, hpix29Of, offset)) {
          for (let j = 0; j < t.columns.length; j++)
            appendValue(t.rows, t.kinds[j], j < fixedCount ? fixed[j] : row[t.columns[j].name]);
          t.rows.endRow();
        }
      });
    } catch (err) {
      for (const t of this.tables) t.rows.discard();
      b.error = err;
    }
  }

  /**
   * Makes the tables' layout hold every column of a writer schema: the rows built so far become a piece of the
   * batch, and the new columns are added to the layout, with their ALTER statements run before the next rows.
   */
  private ensureColumns(columns: LsstColumns, b: BatchInProgress): void {
    if (this.knownSchemas.has(columns)) return;
    const added: { table: number; column: LsstStagingColumn }[] = [];
    LSST_STAGING_TABLES.forEach((decl, i) => {
      if (decl.section === null) return;
      const present = new Set(this.tables[i].columns.map((c) => c.name));
      for (const c of columns[decl.section]) {
        if (present.has(c.name)) continue;
        quoteColumn(c.name); // a name that is not a column name fails the batch before anything changes
        present.add(c.name);
        added.push({ table: i, column: { name: c.name, sql: DUCKDB_TYPE[c.type] } });
      }
    });
    if (added.length > 0) {
      b.pieces.push(this.takePiece());
      for (const i of new Set(added.map((a) => a.table)))
        this.tables[i] = tableState([
          ...this.tables[i].columns,
          ...added.filter((a) => a.table === i).map((a) => a.column),
        ]);
      for (const { table, column } of added)
        this.alters.push(
          `ALTER TABLE ${LSST_STAGING_TABLES[table].name} ADD COLUMN IF NOT EXISTS ${quoteColumn(column.name)} ${column.sql}`,
        );
    }
    this.knownSchemas.add(columns);
  }

  /** An empty batch, its stamps going after those of the batches handed over. */
  private newBatch(): BatchInProgress {
    return {
      inBatch: new Set(),
      chunks: [],
      end: this.order.plannedEnd,
      pieces: [],
      offered: 0,
      error: null,
    };
  }

  /** The rows built since the last piece, with the ALTERs they need first. */
  private takePiece(): Piece {
    const piece = {
      alters: this.alters,
      chunks: this.tables.map((t) => t.rows.take()),
      owners: this.tables.map((t) => t.rows),
    };
    this.alters = [];
    return piece;
  }

  /**
   * Drops the batch being built (its rows, and its ids from those on their way); its ALTERs stay for the next.
   * Its parts already handed over still commit (staging is idempotent: a source that delivers them again finds
   * them staged).
   */
  abandonBatch(): void {
    this.parts.abandon();
    const b = this.building;
    if (b === null) return;
    this.building = null;
    for (const t of this.tables) t.rows.discard();
    this.abandonPieces(b);
  }

  /**
   * Hands the batch being built over; resolves once it is committed (durable), after every batch handed over
   * before it: in one transaction, or in several when its rows passed `maxTransactionRows` (see {@link add}). A
   * batch whose staging fails fails every later one.
   */
  endBatch(): Promise<StageCounts> {
    return this.parts.end(this.handOverBatch());
  }

  /** The batch being built as one transaction, committed after the batches handed over before it. */
  private handOverBatch(): Promise<StageCounts> {
    const b = this.building ?? this.newBatch();
    this.building = null;
    const { inBatch } = b;
    if (b.error !== null) {
      this.abandonPieces(b);
      return this.order.fail(this.batchError(b.offered, b.error));
    }
    const pieces = [...b.pieces, this.takePiece()];
    const committed = this.order
      .run(b.chunks, b.end, async () => {
        if (inBatch.size > 0 || pieces.some((p) => p.alters.length > 0))
          await this.commit(pieces, b.offered, inBatch.size > 0);
      })
      .finally(() => releasePieces(pieces));
    return committed.then(
      () => {
        for (const id of inBatch) {
          this.ids.add(id);
          this.pending.delete(id);
        }
        return { staged: inBatch.size, duplicates: b.offered - inBatch.size };
      },
      (err: unknown) => {
        for (const id of inBatch) this.pending.delete(id);
        throw err;
      },
    );
  }

  /** A failed batch's ids leave those on their way; its ALTERs stay for the next batch. */
  private abandonPieces(b: BatchInProgress): void {
    for (const id of b.inBatch) this.pending.delete(id);
    this.alters = [...b.pieces.flatMap((p) => p.alters), ...this.alters];
    releasePieces(b.pieces);
  }

  private batchError(batchSize: number, cause: unknown): Error {
    return new Error(`staging a batch of ${batchSize} LSST alerts into ${this.file} failed`, { cause });
  }

  /** Runs the pieces' ALTERs and appends their rows, in one transaction. */
  private async commit(pieces: readonly Piece[], batchSize: number, fresh: boolean): Promise<void> {
    // before the first new rows of this opening commit: a published night is then seen to have changed
    if (fresh && !this.versionBumped) {
      await bumpStagedVersion(this.file);
      this.versionBumped = true;
    }
    const { conn, alias } = this.attached;
    await conn.run('BEGIN TRANSACTION');
    try {
      for (const piece of pieces) {
        for (const sql of piece.alters) await conn.run(sql);
        for (let i = 0; i < LSST_STAGING_TABLES.length; i++)
          if (piece.chunks[i].length > 0)
            appendChunks(
              await conn.createAppender(LSST_STAGING_TABLES[i].name, 'main', alias),
              piece.chunks[i],
            );
      }
      await conn.run('COMMIT');
    } catch (err) {
      await conn.run('ROLLBACK').catch(() => undefined);
      throw this.batchError(batchSize, err);
    }
  }

  /** Waits for the batches in flight (the one being built is dropped), then detaches the file. */
  async close(): Promise<void> {
    this.abandonBatch();
    await this.order.settle();
    try {
      await this.attached.detach();
    } finally {
      this.order.close();
    }
  }
}
