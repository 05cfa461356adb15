/** SQL on a fresh in-memory DuckDB, for tests: an independent oracle over parquet files and a fixture writer. */
import { DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';

/** Rows of a query (BIGINT as bigint), run on a fresh in-memory DuckDB that is closed afterwards. */
export async function sql(query: string, params: DuckDBValue[] = []): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    return (await conn.runAndReadAll(query, params)).getRowObjectsJS() as Record<string, unknown>[];
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
