/**
 * Reads the alerts of an LSST parquet file (Spark- or pandas-written, as Fink and Rubin's samples write them:
 * nested structs `diaSource`, `diaObject`, `ssSource`, `mpc_orbits`, lists `prvDiaSources`, `prvDiaForcedSources`,
 * BLOB stamps) with DuckDB, in time order and in batches. BIGINT columns arrive as BigInt; the column catalogue
 * comes from the file's own schema. A file DuckDB cannot read as parquet is one `bad-tail` event.
 */
import fs from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import type { LsstColumns } from '../../data/index.js';
import { LsstSchemaError, lsstAlertFromRecord, lsstColumnsFromParquetSchema } from '../decode/index.js';
import { LSST_BATCH_SIZE, LsstBatcher, type LsstSourceEvent, MAX_QUARANTINED_BYTES } from './lsst-events.js';

const SOURCE = 'read_parquet($file)';

/** A parquet row as JSON bytes, to quarantine it: longs as decimal text, bytes as base64. */
function rowBytes(row: unknown): Uint8Array {
  return Buffer.from(
    JSON.stringify(row, (_k, v: unknown) =>
      typeof v === 'bigint' ? v.toString() : v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v,
    ),
  );
}

/** The first bytes of a file (at most MAX_QUARANTINED_BYTES), to quarantine an unreadable one. */
function fileHead(file: string): Uint8Array {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(Math.min(fs.fstatSync(fd).size, MAX_QUARANTINED_BYTES));
    return buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, 0));
  } finally {
    fs.closeSync(fd);
  }
}

/** DuckDB's error for bytes that are not valid parquet (e.g. "No magic bytes found at end of file"). */
function isInvalidInput(err: unknown): boolean {
  return err instanceof Error && /^Invalid Input Error/.test(err.message);
}

/**
 * Yields the alerts of an LSST parquet file in batches of `batchSize`, ordered by `diaSource.midpointMjdTai`
 * (nights one after the other); a file that is not readable parquet, or has no `diaSource` struct, gives a
 * `bad-tail` event with its first bytes (the batches read before are kept). Errors of the reading itself (no
 * space to spill the sort) are thrown.
 */
export async function* readLsstParquetFile(
  file: string,
  options: { batchSize?: number } = {},
): AsyncGenerator<LsstSourceEvent> {
  const batchSize = options.batchSize ?? LSST_BATCH_SIZE;
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const conn = await instance.connect();
  let index = 0;
  let failure: string | null = null;
  try {
    let columns: LsstColumns | null = null;
    try {
      const empty = await conn.run(`SELECT * FROM ${SOURCE} LIMIT 0`, { file });
      columns = lsstColumnsFromParquetSchema(empty.columnNames(), empty.columnTypes());
    } catch (err) {
      if (!(err instanceof LsstSchemaError) && !isInvalidInput(err)) throw err;
      failure = (err as Error).message.split('\n')[0];
    }
    if (columns !== null) {
      const catalogue = columns;
      const order = catalogue.source.some((c) => c.name === 'r:midpointMjdTai')
        ? 'ORDER BY diaSource.midpointMjdTai'
        : '';
      try {
        const result = await conn.stream(`SELECT * FROM ${SOURCE} ${order}`, { file });
        const batcher = new LsstBatcher(batchSize);
        for await (const rows of result.yieldRowObjectJs()) {
          for (const row of rows) {
            const position = { kind: 'file', file, index: index++ } as const;
            const full = batcher.add({
              outcome: lsstAlertFromRecord(row, catalogue, null),
              position,
              raw: () => rowBytes(row),
            });
            if (full !== null) yield { kind: 'items', items: full };
          }
        }
        const rest = batcher.rest();
        if (rest !== null) yield { kind: 'items', items: rest };
      } catch (err) {
        if (!isInvalidInput(err)) throw err;
        failure = (err as Error).message.split('\n')[0];
      }
    }
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
  if (failure !== null) {
    const reason = `unreadable LSST parquet file after ${index} rows: ${failure}`;
    yield { kind: 'bad-tail', reason, position: { kind: 'file', file, index }, bytes: fileHead(file) };
  }
}
