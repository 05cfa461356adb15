/**
 * The in-memory DuckDB of a store reader and its pool of connections: one connection per concurrent query,
 * reused (DuckDB connections are not shared between running queries). Published parquet files are immutable (a
 * new version is a new path), so their footers are cached.
 */
import { type DuckDBConnection, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';

/** Rows of a query as JS values (BIGINT as bigint). */
export type Row = Record<string, unknown>;

export class DuckDbPool {
  private readonly idle: DuckDBConnection[] = [];

  private constructor(private readonly instance: DuckDBInstance) {}

  /** An in-memory DuckDB on 2 threads with the parquet metadata cache on. */
  /** @param threads DuckDB threads of the pool's instance (default 2). */
  static async open(threads = 2): Promise<DuckDbPool> {
    const instance = await DuckDBInstance.create(':memory:', { threads: String(threads) });
    const setup = await instance.connect();
    await setup.run('LOAD parquet');
    await setup.run('SET parquet_metadata_cache = true');
    setup.closeSync();
    return new DuckDbPool(instance);
  }

  /** Runs `use` on a pooled connection (returned to the pool afterwards). */
  async withConnection<T>(use: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    const conn = this.idle.pop() ?? (await this.instance.connect());
    try {
      return await use(conn);
    } finally {
      this.idle.push(conn);
    }
  }

  /** Runs a query with bound parameters on a pooled connection. */
  query(sql: string, params: DuckDBValue[] = []): Promise<Row[]> {
    return this.withConnection(
      async (conn) => (await conn.runAndReadAll(sql, params)).getRowObjectsJS() as Row[],
    );
  }

  close(): void {
    for (const c of this.idle) c.closeSync();
    this.instance.closeSync();
  }
}
