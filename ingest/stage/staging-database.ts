/**
 * The DuckDB database that stages one ingester's nights: one in-memory instance to which each night's staging
 * file is attached while it is open for writing, and detached (its lock released) when it closes.
 * A DuckDB instance per file cost ~70 ms of CPU to create and close (its buffer pool, threads and catalog); an
 * attachment ~20 ms, which is what a backfill of hundreds of small nights pays per night (docs/ingest.md).
 *
 * A file is detached without a checkpoint: what its last commits wrote stays in its write-ahead log
 * (`<file>.wal`, durable at each commit), which a read-only attachment (the publisher's) replays in memory and the
 * next opening for writing replays into the file. DuckDB still checkpoints at a commit that takes the log past
 * its threshold (16 MiB), so the log stays small. A checkpoint at each close cost 3 of the ~8 fsyncs of a small
 * night's file, which a backfill of hundreds of small nights waited for one after the other (docs/benchmarks.md).
 */
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { sqlPathLiteral } from '../../data/index.js';

/**
 * Staging files are written without compression: they live until their night is published, and the compression
 * DuckDB analyses and applies at each checkpoint (FSST, dictionaries, ALP) was ~1 s of CPU per 100,000 staged
 * alerts, for files that are ~6 MB smaller per 10,000 alerts beside ~200 MB of stamps (docs/benchmarks.md).
 */
const STAGING_COMPRESSION = 'uncompressed';

/** Memory of the staging database, shared by the nights open at once (256 MB each before, for up to 4). */
const STAGING_MEMORY_LIMIT = '512MB';

/** A staging file attached for writing: its connection (whose default database it is) and how to detach it. */
export interface AttachedStagingFile {
  readonly conn: DuckDBConnection;
  /** The database name of the file in the instance (for CHECKPOINT and appenders). */
  readonly alias: string;
  /** Detaches the file (its last commits left in its write-ahead log): its lock is released, the publisher may attach it. */
  readonly detach: () => Promise<void>;
}

export class StagingDatabase {
  private instance: Promise<DuckDBInstance> | null = null;
  private nextAlias = 0;

  /** Attaches `file` (created if needed) for writing, on a connection of its own whose default database it is. */
  async attach(file: string): Promise<AttachedStagingFile> {
    this.instance ??= DuckDBInstance.create(':memory:', {
      threads: '1',
      memory_limit: STAGING_MEMORY_LIMIT,
      force_compression: STAGING_COMPRESSION,
    }).then(async (instance) => {
      const setup = await instance.connect();
      try {
        await setup.run('PRAGMA disable_checkpoint_on_shutdown');
      } finally {
        setup.closeSync();
      }
      return instance;
    });
    const conn = await (await this.instance).connect();
    const alias = `night_file_${this.nextAlias++}`;
    try {
      await conn.run(`ATTACH ${sqlPathLiteral(file)} AS ${alias}`);
      await conn.run(`USE ${alias}`);
    } catch (err) {
      conn.closeSync();
      throw new Error(`cannot open staging file ${file} for writing`, { cause: err });
    }
    return {
      conn,
      alias,
      detach: async () => {
        try {
          await conn.run('USE memory');
          await conn.run(`DETACH ${alias}`);
        } finally {
          conn.closeSync();
        }
      },
    };
  }

  /** Closes the instance (every file detached first). */
  async close(): Promise<void> {
    const instance = this.instance;
    this.instance = null;
    if (instance) (await instance).closeSync();
  }
}
