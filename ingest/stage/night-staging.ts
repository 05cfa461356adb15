/**
 * A staging DuckDB file for one ingester: one night's own file, or the file its small nights of one month share
 * (`openShared`: the rows carry their night; each night keeps its own stamps and staged-content version, and a
 * marker says where its rows are). A batch is built alert by alert (`add`: each alert's rows are
 * built at once, so that the decoded alert can go) and handed over with `endBatch`;
 * it is appended in one transaction, and the promise resolves once it is committed (DuckDB writes its WAL on
 * commit), so the source may then commit its offsets. Idempotent on
 * candid: an alert already staged in this file is counted as a duplicate and not written again. The candids of
 * the file are kept in memory (loaded when the file is opened), so that appenders write straight into the
 * tables inside the batch's transaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBDataChunk } from '@duckdb/node-api';
import type { Alert, HistoryPoint } from '../../data/index.js';
import {
  ALERT_COLUMNS,
  encodeAlertRowView,
  HISTORY_COLUMNS,
  STAGING_ALERT_COLUMNS,
} from '../../data/index.js';
import { DirectAppendFile } from '../direct-append-file.js';
import { CommitChain, StampsQueue } from './batch-order.js';
import { appendChunks, appendValue, ChunkRows, chunkKindOfSql } from './chunk-rows.js';
import type { StageCounts } from './night-router.js';
import { bumpStagedVersion } from './staged-version.js';
import { type AttachedStagingFile, StagingDatabase } from './staging-database.js';
import {
  attachWithTables,
  createSql,
  createTables,
  sharedMarkerOf,
  stampsFileOf,
  unshareStamps,
} from './staging-file.js';

export { sharedMarkerOf, stampsFileOf, unshareStamps } from './staging-file.js';

/** Quality cut of valid alerts (fink-broker raw→science): rb ≥ 0.55 and nbad = 0 (docs/references.md#fink-classification, quality cuts). */
export const MIN_RB = 0.55;

/** Values the store derives for each alert at ingestion. */
export interface AlertDerived {
  /** HEALPix NESTED pixel at order 29 of (ra, dec). */
  readonly hpix29: bigint;
  /** Fink classification (docs/references.md#fink-classification) of the alert. */
  readonly classification: string;
}

/** An alert ready for staging: the decoded alert, its derived values and its source label. */
export interface StagedAlert {
  readonly alert: Alert;
  readonly derived: AlertDerived;
  readonly source: string;
}

export type { StageCounts } from './night-router.js';

/** True when a history point must be kept: a non-detection, or a detection failing the quality cut. */
export function isKeptHistoryPoint(p: HistoryPoint): boolean {
  if (p.magpsf === null) return true;
  return (p.rb !== null && p.rb < MIN_RB) || (p.nbad !== null && p.nbad !== 0);
}

/** A batch's rows of the two staging tables, built into data chunks. */
interface BatchRows {
  readonly alerts: DuckDBDataChunk[];
  readonly history: DuckDBDataChunk[];
}

/** A batch's stamps for one night's stamps file, and where that file will end once they are written. */
interface BatchStamps {
  readonly chunks: Uint8Array[];
  end: number;
}

/** A batch being built: its fresh candids, its stamps per night, and the first error met. */
interface BatchInProgress {
  readonly inBatch: Set<bigint>;
  /** The stamps of the batch's fresh alerts, per night (a shared file's batch spans several). */
  readonly stamps: Map<number, BatchStamps>;
  /** Alerts offered (fresh ones and duplicates). */
  offered: number;
  error: unknown;
}

/**
 * What a staging file keeps per night it stages: the night's stamps file (`<ingester>.stamps` in the night's
 * directory, wherever its rows are), its queued writes, and whether this opening bumped its staged-content version.
 */
interface NightPart {
  /** `staging/<night>/<ingester>.duckdb`: the night's own file path, which names its stamps and version files. */
  readonly key: string;
  /** Its stamps writes and syncs, in batch order. */
  readonly stamps: StampsQueue;
  /** Whether this opening has bumped the night's staged-content version (staged-version.ts). */
  versionBumped: boolean;
}

/** Column kinds of the staging tables (data/staging-schema.ts), in order. */
const ALERT_ROW_KINDS = STAGING_ALERT_COLUMNS.map(([, t]) => chunkKindOfSql(t));
const HISTORY_ROW_KINDS = HISTORY_COLUMNS.map(([, t]) => chunkKindOfSql(t));
/** A shared file's history rows end with their night. */
const SHARED_HISTORY_ROW_KINDS = [...HISTORY_ROW_KINDS, chunkKindOfSql('INTEGER')];

/** The chunks the rows of a staging file's batches are built into (reusable once the file is closed). */
export interface StagingRows {
  readonly alerts: ChunkRows;
  readonly history: ChunkRows;
  /** Rows of a month's shared file (history rows with their night). */
  readonly shared: boolean;
}

/** Fresh chunks for a staging file's rows (a shared file's with `shared`). */
export function newStagingRows(shared = false): StagingRows {
  return {
    alerts: new ChunkRows(ALERT_ROW_KINDS),
    history: new ChunkRows(shared ? SHARED_HISTORY_ROW_KINDS : HISTORY_ROW_KINDS),
    shared,
  };
}

/** The night of an own staging file `staging/<YYYYMMDD>/<ingester>.duckdb`; null for another path. */
function nightOfOwnFile(file: string): number | null {
  const dir = path.basename(path.dirname(file));
  return /^\d{8}$/.test(dir) ? Number(dir) : null;
}

/** A staging file opened for writing: a night's own file, or a month's shared file. */
export class NightStaging {
  private constructor(
    readonly file: string,
    /**
     * The file attached (with its tables): awaited by the first commit. A new file is created in the background
     * while the first batch's rows are built, so that a backfill's many night files are created side by side.
     */
    private readonly attached: Promise<AttachedStagingFile>,
    /** The staging database when this file has one of its own (opened without one), closed with it. */
    private readonly ownDatabase: StagingDatabase | null,
    private readonly candids: Set<bigint>,
    /** The chunks its batches' rows are built into; free for another file once this one is closed. */
    readonly rows: StagingRows,
    /** A night's own file path (its stamps and version files), for the nights this file stages. */
    private readonly keyOf: (night: number) => string,
  ) {
    this.alertRows = rows.alerts;
    this.historyRows = rows.history;
    // a failure reaches the caller through the batch that commits first, or through close
    attached.catch(() => undefined);
  }

  /**
   * Opens (creating if needed) a night's own staging file, attached to `database` (an ingester's nights share
   * one; a database of its own when not given), and loads the candids it holds. `rows` are the chunks of a closed
   * file to reuse (allocating them for each file of a backfill of small nights was most of its garbage
   * collection). A file that does not exist yet holds no candid: it is created and attached in the background
   * (the first commit waits for it), so that opening it costs the caller nothing.
   */
  static async open(
    file: string,
    database?: StagingDatabase,
    rows: StagingRows = newStagingRows(),
  ): Promise<NightStaging> {
    const staging = await NightStaging.openFile(file, database, rows, () => file, false);
    // the night's stamps file is there from the opening on, as its publication expects
    const night = nightOfOwnFile(file);
    if (night !== null) staging.partOf(night);
    return staging;
  }

  /**
   * Opens (creating if needed) the staging file that an ingester's small nights of one month share
   * (`StoreLayout.stagingMonthFile`): its rows carry their night; `keyOf(night)` is the night's own file path
   * (`StoreLayout.stagingFile`), beside which its stamps, staged-content version and `.shared` marker go.
   */
  static openShared(
    file: string,
    keyOf: (night: number) => string,
    database?: StagingDatabase,
    rows: StagingRows = newStagingRows(true),
  ): Promise<NightStaging> {
    return NightStaging.openFile(file, database, rows, keyOf, true);
  }

  private static async openFile(
    file: string,
    database: StagingDatabase | undefined,
    rows: StagingRows,
    keyOf: (night: number) => string,
    shared: boolean,
  ): Promise<NightStaging> {
    if (rows.shared !== shared) throw new Error(`staging rows of the wrong kind for ${file}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const own = database ? null : new StagingDatabase();
    const candids = new Set<bigint>();
    const isNew = !fs.existsSync(file);
    const db = database ?? (own as StagingDatabase);
    // a new file gets its tables in the transaction of its first batch (one commit, one log fsync, fewer)
    const attached = isNew ? db.attach(file) : attachWithTables(db, file, shared);
    if (!isNew) {
      const { conn } = await attached;
      const result = await conn.stream('SELECT i_candid FROM alerts');
      for await (const rows of result.yieldRows()) for (const [c] of rows) candids.add(c as bigint);
    }
    const staging = new NightStaging(file, attached, own, candids, rows, keyOf);
    staging.hasTables = !isNew;
    return staging;
  }

  /** Nights staged by this opening of the file (those that got alerts, and an own file's night). */
  nights(): number[] {
    return [...this.parts.keys()].sort((a, b) => a - b);
  }

  /** Per night staged by this opening: its stamps file and staged-content version (opened at its first alert). */
  private readonly parts = new Map<number, NightPart>();

  /** The night's part, its stamps file opened (and unshared from a published part) the first time. */
  private partOf(night: number): NightPart {
    let part = this.parts.get(night);
    if (part === undefined) {
      const key = this.keyOf(night);
      fs.mkdirSync(path.dirname(key), { recursive: true });
      const stampsFile = stampsFileOf(key);
      unshareStamps(stampsFile);
      part = { key, stamps: new StampsQueue(DirectAppendFile.open(stampsFile)), versionBumped: false };
      this.parts.set(night, part);
    }
    return part;
  }

  /** Whether the file has its tables (a new file gets them with its first commit, or when it closes). */
  private hasTables = true;

  /** The rows of the batches, built when they are handed over (their chunks reused once committed). */
  private readonly alertRows: ChunkRows;
  private readonly historyRows: ChunkRows;
  /** Candids of the batches being staged (accepted, not yet committed): later batches treat them as staged. */
  private readonly pending = new Set<bigint>();
  /** The batches' transactions, in hand-over order. */
  private readonly order = new CommitChain();

  /** The batch being built by {@link add}, null between batches. */
  private building: BatchInProgress | null = null;

  /**
   * Adds an alert to the batch being built (starting one): unless its candid is already staged or on its way, its
   * stamps get their place in the stamps file and its rows are built at once, so that the caller may drop the
   * decoded alert. A row that cannot be built fails the whole batch, at {@link endBatch}.
   */
  add(s: StagedAlert): undefined {
    if (this.building === null) this.building = this.newBatch();
    const b = this.building;
    b.offered++;
    if (b.error !== null) return;
    const { alert } = s;
    const c = alert.candid;
    if (this.candids.has(c) || this.pending.has(c) || b.inBatch.has(c)) return;
    b.inBatch.add(c);
    this.pending.add(c);
    let stamps = b.stamps.get(alert.night);
    if (stamps === undefined) {
      try {
        stamps = { chunks: [], end: this.partOf(alert.night).stamps.plannedEnd };
      } catch (err) {
        b.error = err;
        return;
      }
      b.stamps.set(alert.night, stamps);
    }
    const offset = stamps.end;
    for (const stamp of [alert.cutouts.science, alert.cutouts.template, alert.cutouts.difference]) {
      if (stamp) {
        stamps.chunks.push(stamp);
        stamps.end += stamp.length;
      }
    }
    try {
      this.addRows(s, offset);
    } catch (err) {
      this.alertRows.discard();
      this.historyRows.discard();
      b.error = err;
    }
  }

  /** An empty batch, its stamps going after those of the batches handed over. */
  private newBatch(): BatchInProgress {
    return { inBatch: new Set(), stamps: new Map(), offered: 0, error: null };
  }

  /** Drops the batch being built (its rows, and its candids from those on their way). */
  abandonBatch(): void {
    const b = this.building;
    if (b === null) return;
    this.building = null;
    for (const c of b.inBatch) this.pending.delete(c);
    this.alertRows.discard();
    this.historyRows.discard();
  }

  /**
   * Hands the batch being built over to be staged in one transaction; resolves once it is durable, after every
   * batch handed over before it. Batches may be handed over before the previous one is durable: a batch's stamps
   * are written and synced while the previous batch commits, and its rows are appended and committed after that
   * commit (and after its own stamps are durable: a row never points at bytes that are not on disk). A batch
   * whose staging fails fails every later one: nothing after it is reported durable.
   */
  endBatch(): Promise<StageCounts> {
    const b = this.building ?? this.newBatch();
    this.building = null;
    const { inBatch } = b;
    if (b.error !== null) {
      for (const c of inBatch) this.pending.delete(c);
      // reported in order, once the batches before it are settled
      return this.order.fail(this.batchError(b.offered, b.error));
    }
    const rows: BatchRows = { alerts: this.alertRows.take(), history: this.historyRows.take() };
    const nights = [...b.stamps.keys()];
    // asynchronous: the writes and the fsync run on libuv's threads while the pipeline decodes the next batch
    const written = [...b.stamps].map(([night, { chunks, end }]) =>
      this.partOf(night).stamps.write(chunks, end),
    );
    const committed = this.order
      .after(Promise.all(written), async () => {
        if (inBatch.size > 0) await this.commit(rows, b.offered, nights);
      })
      .finally(() => {
        this.alertRows.release(rows.alerts);
        this.historyRows.release(rows.history);
      });
    return committed.then(
      () => {
        for (const c of inBatch) {
          this.candids.add(c);
          this.pending.delete(c);
        }
        return { staged: inBatch.size, duplicates: b.offered - inBatch.size };
      },
      (err: unknown) => {
        for (const c of inBatch) this.pending.delete(c);
        throw err;
      },
    );
  }

  /** The staging rows of a fresh alert whose stamps go at `offset`. */
  private addRows({ alert, derived, source }: StagedAlert, offset: number): void {
    const alerts = this.alertRows;
    for (let i = 0; i < ALERT_COLUMNS.length; i++)
      appendValue(alerts, ALERT_COLUMNS[i].type, alert.values[i]);
    alerts.int(alert.night);
    alerts.long(derived.hpix29);
    alerts.string(derived.classification);
    alerts.blob(encodeAlertRowView(alert.values));
    alerts.long(BigInt(offset));
    alerts.int(alert.cutouts.science?.length ?? null);
    alerts.int(alert.cutouts.template?.length ?? null);
    alerts.int(alert.cutouts.difference?.length ?? null);
    alerts.string(source);
    alerts.endRow();
    appendHistory(this.historyRows, alert, this.rows.shared);
  }

  private batchError(batchSize: number, cause: unknown): Error {
    return new Error(`staging a batch of ${batchSize} alerts into ${this.file} failed`, { cause });
  }

  /** Appends the rows of a batch (deduplicated, stamps durable) of `nights` in one transaction. */
  private async commit(rows: BatchRows, batchSize: number, nights: readonly number[]): Promise<void> {
    // before a night's first new rows of this opening commit: a published night is then seen to have changed (a
    // shared file's night gets its marker first, made durable by the version's directory fsync)
    await Promise.all(
      nights.map(async (night) => {
        const part = this.partOf(night);
        if (part.versionBumped) return;
        if (this.rows.shared) fs.closeSync(fs.openSync(sharedMarkerOf(part.key), 'a'));
        await bumpStagedVersion(part.key);
        part.versionBumped = true;
      }),
    );
    let attached: AttachedStagingFile;
    try {
      attached = await this.attached;
    } catch (err) {
      throw this.batchError(batchSize, err);
    }
    const { conn, alias } = attached;
    await conn.run('BEGIN TRANSACTION');
    try {
      if (!this.hasTables) for (const sql of createSql(this.rows.shared)) await conn.run(sql);
      appendChunks(await conn.createAppender('alerts', 'main', alias), rows.alerts);
      appendChunks(await conn.createAppender('history', 'main', alias), rows.history);
      await conn.run('COMMIT');
      this.hasTables = true;
    } catch (err) {
      await conn.run('ROLLBACK').catch(() => undefined);
      throw this.batchError(batchSize, err);
    }
  }

  /** Number of alerts staged in this file. */
  count(): number {
    return this.candids.size;
  }

  /** Checkpoints and detaches the file, releasing its lock for the publisher. */
  async close(): Promise<void> {
    // a batch being built is dropped; the batches in flight end first (a failed one has reached its caller)
    this.abandonBatch();
    await this.order.settle();
    try {
      const attached = await this.attached.catch(() => null);
      // a new file closed before any commit still gets its tables: a closed staging file always has them
      if (attached !== null && !this.hasTables) await createTables(attached, this.file, this.rows.shared);
      await attached?.detach();
      await this.ownDatabase?.close();
    } finally {
      for (const part of this.parts.values()) {
        await part.stamps.settle();
        part.stamps.close();
      }
    }
  }
}

function appendHistory(history: ChunkRows, alert: Alert, withNight: boolean): void {
  for (const p of alert.history) {
    if (!isKeptHistoryPoint(p)) continue;
    history.long(alert.candid);
    history.string(alert.objectId);
    history.double(p.jd);
    history.int(p.fid);
    history.float(p.magpsf);
    history.float(p.sigmapsf);
    history.float(p.diffmaglim);
    history.float(p.magnr);
    history.float(p.sigmagnr);
    history.string(p.isdiffpos);
    history.float(p.distnr);
    history.float(p.rb);
    history.int(p.nbad);
    history.long(p.candid);
    if (withNight) history.int(alert.night);
    history.endRow();
  }
}
