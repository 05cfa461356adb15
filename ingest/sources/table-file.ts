/**
 * Reads alerts from tables: parquet written by Spark (Fink science/archive parquet: nested `candidate` struct,
 * `prv_candidates` list, cutout structs), and tables exported from the reference service's API (parquet or json
 * records with flat `i:`/`d:` columns; DuckDB parses the json so 64-bit candids stay exact). Rows arrive as the
 * same records the Avro decoder produces, so they go through the same normalisation. Read in chunks; memory stays
 * bounded by one chunk.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import type { Position } from '../../data/alert.js';
import { apiRowToAlertRecord, isApiExportColumns } from '../decode/api-record.js';
import { normalizeRecord } from '../decode/normalize.js';
import type { DecodedItem } from '../pipeline.js';

/** Table formats read by DuckDB. */
export type TableFormat = 'parquet' | 'json';

const READERS: Record<TableFormat, string> = {
  parquet: 'SELECT * FROM read_parquet($file)',
  json: "SELECT * FROM read_json($file, format = 'auto')",
};

function rawBytes(record: unknown): Uint8Array {
  return Buffer.from(JSON.stringify(record, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

/** Yields batches of decoded records of one parquet or json file. */
export async function* readTableFile(
  file: string,
  format: TableFormat = 'parquet',
  batchSize = 500,
): AsyncGenerator<DecodedItem[]> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const conn = await instance.connect();
  try {
    const result = await conn.stream(READERS[format], { file });
    const fromApi = isApiExportColumns(result.columnNames());
    let index = 0;
    let batch: DecodedItem[] = [];
    for await (const rows of result.yieldRowObjectJs()) {
      for (const row of rows) {
        const position: Position = { kind: 'file', file, index: index++ };
        const record = fromApi ? apiRowToAlertRecord(row) : row;
        batch.push({ outcome: normalizeRecord(record), position, raw: () => rawBytes(row) });
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
