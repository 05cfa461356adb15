/**
 * Reads alerts from tables: parquet written by Spark (Fink science/archive parquet: nested `candidate` struct,
 * `prv_candidates` list, cutout structs), and tables exported from the reference service's API (parquet or json
 * records with flat `i:`/`d:` columns; DuckDB parses the json so 64-bit candids stay exact). Rows arrive as the
 * same records the Avro decoder produces, so they go through the same normalisation. Rows are read in time order
 * (DuckDB sorts, spilling to disk for large files) and in chunks.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import type { Position } from '../../data/index.js';
import { apiRowToAlertRecord, isApiExportColumns, normalizeRecord } from '../decode/index.js';
import type { DecodedItem } from '../pipeline.js';

/** Table formats read by DuckDB. */
export type TableFormat = 'parquet' | 'json';

const SOURCES: Record<TableFormat, string> = {
  parquet: 'read_parquet($file)',
  json: "read_json($file, format = 'auto')",
};

/**
 * The time order to read a table in, so that nights arrive one after the other (exports are often sorted by
 * object, which would make every batch touch hundreds of nights): `i:jd` of an API export, `candidate.jd` of
 * alert parquet; null when the table has neither (read as stored).
 */
function timeOrder(columns: readonly string[], fromApi: boolean): string | null {
  if (fromApi) return columns.includes('i:jd') ? 'ORDER BY "i:jd"' : null;
  return columns.includes('candidate') ? 'ORDER BY candidate.jd' : null;
}

function rawBytes(record: unknown): Uint8Array {
  return Buffer.from(JSON.stringify(record, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

/**
 * A table file that DuckDB cannot read as its format (truncated or corrupt: DuckDB's "Invalid Input Error"),
 * after `rowsRead` rows were yielded. Errors of the reading itself (no space to spill a sort, out of memory) are
 * not this: they stop the ingestion.
 */
export class UnreadableTableError extends Error {
  constructor(
    readonly file: string,
    readonly rowsRead: number,
    readonly reason: string,
  ) {
    super(`unreadable table file ${file} after ${rowsRead} rows: ${reason}`);
    this.name = 'UnreadableTableError';
  }
}

/** DuckDB's error for input that is not valid in its format (e.g. "No magic bytes found at end of file"). */
function isInvalidInput(err: unknown): boolean {
  return err instanceof Error && /^Invalid Input Error/.test(err.message);
}

/**
 * Yields batches of decoded records of one parquet or json file.
 * @throws UnreadableTableError when the file is truncated or corrupt (the batches before it were yielded).
 */
export async function* readTableFile(
  file: string,
  format: TableFormat = 'parquet',
  batchSize = 500,
): AsyncGenerator<DecodedItem[]> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const conn = await instance.connect();
  let index = 0;
  try {
    const described = await conn.runAndReadAll(`DESCRIBE SELECT * FROM ${SOURCES[format]}`, { file });
    const columns = described.getRowObjectsJS().map((r) => String(r.column_name));
    const fromApi = isApiExportColumns(columns);
    const order = timeOrder(columns, fromApi) ?? '';
    const result = await conn.stream(`SELECT * FROM ${SOURCES[format]} ${order}`, { file });
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
  } catch (err) {
    if (!isInvalidInput(err)) throw err;
    throw new UnreadableTableError(file, index, (err as Error).message.split('\n')[0]);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
