/**
 * Writes the object blocks of an LSST part (data/lsst-object-blocks.ts) from its written `objects`, `sources`
 * and `fp` files: the diaObjects are taken a batch at a time in id order, each batch's rows read by one query
 * per table (the files are sorted by diaObjectId, so row-group statistics keep a batch's reads small), and each
 * diaObject's rows become one block appended to `blocks.bin`, located by a row of `blocks.parquet`. Memory stays
 * bounded by a batch.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  encodeLsstBlockTexts,
  LSST_BLOCK_FILES,
  LSST_BLOCK_FORMAT,
  LSST_BLOCK_TABLES,
  LSST_PART_FILES,
  type LsstBlockColumn,
  type LsstBlockColumns,
  type LsstBlockTable,
  sqlIdentifier,
  sqlPathLiteral,
} from '../../data/index.js';
import { DirectAppendFile } from '../direct-append-file.js';
import { PARQUET_COMPRESSION } from './part-writer.js';

/** diaObjects per batch at most: a merged month's sources of 5,000 objects are ~100,000 rows. */
const OBJECTS_PER_BATCH = 5_000;
/**
 * Rows (all tables) per batch at most, an object's own rows apart: each row is read as JSON text (~1-2 KB), and
 * real Rubin alerts carry hundreds of sources and forced sources per diaObject (1,500 objects of Fink's real
 * alerts in one batch of 5,000 objects held ~2 GB of texts). Publishing 2,100 real alerts from a file peaked at
 * 1.34 GB with 50,000 rows, 1.16 GB with 20,000, in the same time; from Kafka (publication on exit) 1.35-1.52 GB
 * with 20,000, 1.39-1.40 GB with 10,000.
 */
const ROWS_PER_BATCH = 10_000;
/**
 * Objects whose blocks are deflated at once on libuv's threads: enough to keep the cores busy, few enough that a
 * staging thread's file writes (the same thread pool) never wait behind thousands of them.
 */
const DEFLATE_OBJECTS = 64;
/** Bytes of blocks buffered before a write. */
const FLUSH_BYTES = 8 << 20;
const OBJECT_ID = 'r:diaObjectId';

/** Rows of one table of a batch as block JSON texts, grouped by diaObjectId (rows of one object are consecutive). */
class TableRows {
  private next = 0;
  constructor(
    private readonly oids: readonly bigint[],
    private readonly texts: readonly string[],
  ) {}

  /** The JSON array of the rows of `oid` (the next ones, if they are its). */
  take(oid: bigint): string {
    const start = this.next;
    while (this.next < this.oids.length && this.oids[this.next] === oid) this.next++;
    return `[${this.texts.slice(start, this.next).join(',')}]`;
  }

  get done(): boolean {
    return this.next === this.oids.length;
  }
}

/** One batch: its diaObjects in id order and each table's rows. */
interface BatchRows {
  readonly batch: readonly bigint[];
  readonly rows: Partial<Record<LsstBlockTable, TableRows>>;
}

const isFloat = (column: LsstBlockColumn): boolean =>
  column.sqlType === 'FLOAT' || column.sqlType === 'DOUBLE';

/**
 * A column's value as block JSON (data/lsst-object-blocks.ts), computed by DuckDB: BIGINT as a string, a
 * non-finite or negative-zero FLOAT or DOUBLE as its text, others as JSON values. `special`: whether the column
 * holds such a float anywhere in the file; without, its values go to `json_array` as they are (DuckDB writes
 * finite numbers as JSON numbers), sparing a CASE per value (~40 % of the texts' time for real Rubin sources,
 * whose floats are all finite).
 */
function valueJsonSql(column: LsstBlockColumn, special: boolean): string {
  const c = sqlIdentifier(column.name);
  if (column.sqlType === 'BIGINT' || column.sqlType === 'HUGEINT' || column.sqlType === 'UBIGINT')
    return `CAST(${c} AS VARCHAR)`;
  if (isFloat(column) && !special) return `${c}::DOUBLE`;
  if (isFloat(column))
    return `CASE WHEN NOT isfinite(${c}) THEN to_json(CAST(${c} AS VARCHAR))
                 WHEN ${c} = 0 AND signbit(${c}) THEN to_json('-0') ELSE to_json(${c}::DOUBLE) END`;
  return c;
}

/** The FLOAT and DOUBLE columns of `file` that hold a non-finite or negative-zero value (one scan of them). */
async function specialFloatColumns(
  conn: DuckDBConnection,
  file: string,
  columns: readonly LsstBlockColumn[],
): Promise<Set<string>> {
  const floats = columns.filter(isFloat);
  if (floats.length === 0) return new Set();
  const tests = floats.map(({ name }) => {
    const c = sqlIdentifier(name);
    return `coalesce(bool_or(NOT isfinite(${c}) OR (${c} = 0 AND signbit(${c}))), false)`;
  });
  const [row] = (
    await conn.runAndReadAll(`SELECT ${tests.join(', ')} FROM read_parquet(${sqlPathLiteral(file)})`)
  ).getRows();
  return new Set(floats.filter((_, i) => row[i] === true).map((c) => c.name));
}

/** A bound as an integer ≥ 1 (it is written into SQL text). */
const positive = (n: number): number => Math.max(1, Math.floor(Number.isFinite(n) ? n : 1));

/** What {@link writeLsstObjectBlocks} wrote. */
export interface LsstBlocksWritten {
  readonly objects: number;
  readonly bytes: number;
}

/**
 * Writes `blocks.bin`, `blocks.parquet` and `blocks.json` into the part directory `dir` from its table files
 * (those it has). Overwrites existing files.
 * @throws Error when a file cannot be read or written, or a table's rows are not in diaObjectId order.
 */
export async function writeLsstObjectBlocks(
  conn: DuckDBConnection,
  dir: string,
  /** diaObjects and rows per batch at most (tests make them small). */
  batchBounds: { readonly objects: number; readonly rows: number } = {
    objects: OBJECTS_PER_BATCH,
    rows: ROWS_PER_BATCH,
  },
): Promise<LsstBlocksWritten> {
  const files: Partial<Record<LsstBlockTable, string>> = {};
  const columns: LsstBlockColumns = { format: LSST_BLOCK_FORMAT, tables: {} };
  const special: Partial<Record<LsstBlockTable, Set<string>>> = {};
  for (const table of LSST_BLOCK_TABLES) {
    const file = path.join(dir, LSST_PART_FILES[table]);
    if (!fs.existsSync(file)) continue;
    const described = await conn.runAndReadAll(
      `DESCRIBE SELECT * FROM read_parquet(${sqlPathLiteral(file)})`,
    );
    const cols = described.getRows().map(([name, type]) => ({ name: String(name), sqlType: String(type) }));
    if (!cols.some((c) => c.name === OBJECT_ID)) continue;
    files[table] = file;
    (columns.tables as Record<string, unknown>)[table] = cols;
    special[table] = await specialFloatColumns(conn, file, cols);
  }
  const reads = Object.values(files).map(
    (f) => `SELECT "${OBJECT_ID}" AS oid FROM read_parquet(${sqlPathLiteral(f)})`,
  );
  // the objects in id order, cut into batches of at most `batchBounds` objects and rows (both
  // keys grow with the id, so a batch's objects are consecutive); only a batch's ids are read into memory
  await conn.run(
    reads.length === 0
      ? 'CREATE OR REPLACE TEMP TABLE lsst_block_batches (oid BIGINT, batch BIGINT)'
      : `CREATE OR REPLACE TEMP TABLE lsst_block_batches AS
         SELECT oid, DENSE_RANK() OVER (ORDER BY by_rows, by_objects) AS batch FROM (
           SELECT oid,
                  (sum(n) OVER (ORDER BY oid ROWS UNBOUNDED PRECEDING) - n) // ${positive(batchBounds.rows)} AS by_rows,
                  (row_number() OVER (ORDER BY oid) - 1) // ${positive(batchBounds.objects)} AS by_objects
           FROM (SELECT oid, count(*) AS n FROM (${reads.join(' UNION ALL ')}) WHERE oid IS NOT NULL GROUP BY oid))`,
  );
  const batches = (
    await conn.runAndReadAll('SELECT batch FROM lsst_block_batches GROUP BY batch ORDER BY batch')
  ).getColumnsJS()[0] as bigint[] | undefined;
  let objects = 0;

  await conn.run(
    'CREATE OR REPLACE TABLE lsst_blocks (objectId VARCHAR, block_offset BIGINT, block_length INTEGER)',
  );
  const appender = await conn.createAppender('lsst_blocks');
  const binPath = path.join(dir, LSST_BLOCK_FILES.blocks);
  fs.rmSync(binPath, { force: true });
  const out = DirectAppendFile.open(binPath);
  let written = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async (): Promise<void> => {
    if (pendingBytes === 0) return;
    await out.append(pending);
    pending = [];
    pendingBytes = 0;
  };
  /** A batch's objects and each table's rows as block JSON texts, one query per table. */
  const readBatch = async (number: bigint): Promise<BatchRows> => {
    const batch = (
      await conn.runAndReadAll('SELECT oid FROM lsst_block_batches WHERE batch = $1 ORDER BY oid', [
        String(number),
      ])
    ).getColumnsJS()[0] as bigint[];
    const bounds = [String(batch[0]), String(batch[batch.length - 1])];
    const rows: Partial<Record<LsstBlockTable, TableRows>> = {};
    for (const table of LSST_BLOCK_TABLES) {
      const file = files[table];
      if (!file) continue;
      const values = (columns.tables[table] ?? [])
        .map((c) => valueJsonSql(c, special[table]?.has(c.name) ?? true))
        .join(', ');
      const read = await conn.runAndReadAll(
        `SELECT "${OBJECT_ID}" AS oid, CAST(json_array(${values}) AS VARCHAR) AS row
         FROM read_parquet(${sqlPathLiteral(file)})
         WHERE "${OBJECT_ID}" BETWEEN $1::BIGINT AND $2::BIGINT ORDER BY "${OBJECT_ID}"`,
        bounds,
      );
      // no rows: no columns either
      const [oids = [], texts = []] = read.getColumnsJS() as [bigint[]?, string[]?];
      rows[table] = new TableRows(oids, texts);
    }
    return { batch, rows };
  };
  const numbers = batches ?? [];
  // the next batch is read (DuckDB, on a libuv thread) while this one's blocks are built and deflated; the
  // appender shares the connection, so it is used only once that read is done
  let next: Promise<BatchRows> | null = numbers.length > 0 ? readBatch(numbers[0]) : null;
  try {
    for (let i = 0; next !== null; i++) {
      const { batch, rows } = await next;
      next = i + 1 < numbers.length ? readBatch(numbers[i + 1]) : null;
      next?.catch(() => undefined); // awaited below or in `finally`; a failure is reported there
      objects += batch.length;
      // each object's texts taken in id order, then the batch's blocks deflated at once (encodeLsstBlockTexts)
      const texts = batch.map((oid) => ({
        objects: rows.objects?.take(oid) ?? '[]',
        sources: rows.sources?.take(oid) ?? '[]',
        fp: rows.fp?.take(oid) ?? '[]',
      }));
      if (Object.values(rows).some((r) => !r.done))
        throw new Error(`rows of ${dir} out of diaObjectId order in its object blocks`);
      const blocks: Buffer[] = [];
      for (let at = 0; at < texts.length; at += DEFLATE_OBJECTS)
        blocks.push(...(await Promise.all(texts.slice(at, at + DEFLATE_OBJECTS).map(encodeLsstBlockTexts))));
      await next;
      for (const [k, oid] of batch.entries()) {
        const block = blocks[k];
        appender.appendVarchar(String(oid));
        appender.appendBigInt(BigInt(written));
        appender.appendInteger(block.length);
        appender.endRow();
        pending.push(block);
        pendingBytes += block.length;
        written += block.length;
        if (pendingBytes > FLUSH_BYTES) await flush();
      }
    }
    await flush();
    await out.sync();
  } finally {
    // a read still running on the connection ends before the appender closes
    await next?.catch(() => undefined);
    out.close();
    appender.closeSync();
  }
  await conn.run(`COPY (SELECT * FROM lsst_blocks ORDER BY objectId)
                  TO ${sqlPathLiteral(path.join(dir, LSST_BLOCK_FILES.index))} (FORMAT parquet, ${PARQUET_COMPRESSION}, ROW_GROUP_SIZE 20000)`);
  await conn.run('DROP TABLE lsst_blocks');
  await conn.run('DROP TABLE lsst_block_batches');
  fs.writeFileSync(path.join(dir, LSST_BLOCK_FILES.columns), `${JSON.stringify(columns)}\n`);
  return { objects, bytes: written };
}
