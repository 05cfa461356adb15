/**
 * Reads alerts from parquet files written by Spark (Fink science/archive parquet: nested `candidate` struct,
 * `prv_candidates` list, cutout structs). Rows arrive as the same records the Avro decoder produces, so they go
 * through the same normalisation. Read in chunks; memory stays bounded by one chunk.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import type { Position } from '../../data/alert.js';
import { normalizeRecord } from '../decode/normalize.js';
import type { DecodedItem } from '../pipeline.js';

/** Yields batches of decoded records of one parquet file. */
export async function* readParquetFile(file: string, batchSize = 500): AsyncGenerator<DecodedItem[]> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const conn = await instance.connect();
  try {
    const result = await conn.stream('SELECT * FROM read_parquet($file)', { file });
    let index = 0;
    let batch: DecodedItem[] = [];
    for await (const rows of result.yieldRowObjectJs()) {
      for (const record of rows) {
        const position: Position = { kind: 'file', file, index: index++ };
        batch.push({
          outcome: normalizeRecord(record),
          position,
          raw: () =>
            Buffer.from(JSON.stringify(record, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))),
        });
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
