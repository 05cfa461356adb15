/**
 * Writes a part's object blocks (data/object-blocks.ts): one streaming query yields the part's valid alerts,
 * upper limits and stamp references ordered by objectId; each object's rows become one Avro block appended to
 * `objects.bin`, and (objectId, offset, length) rows go to `objects.parquet`. Memory stays bounded: the query
 * sorts (spilling if needed) and the blocks are written as they are built.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBTypeId,
} from '@duckdb/node-api';
import type { FlatField } from '../../data/index.js';
import {
  alertRowJsonTextView,
  BLOCK_STAMP_FIELDS,
  BLOCK_STAMP_RECORD,
  BLOCK_UPPERLIM_FIELDS,
  BLOCK_UPPERLIM_RECORD,
  type BlockAlertText,
  OBJECT_BLOCK_FORMAT,
  OBJECT_BLOCKS_FILE,
  OBJECT_BLOCKS_INDEX_FILE,
  type ObjectBlockFormat,
  ObjectBlockStream,
  sqlPathLiteral,
} from '../../data/index.js';
import { DirectAppendFile } from '../direct-append-file.js';
import { ChunkRecords } from './chunk-records.js';
import { PARQUET_COMPRESSION } from './part-writer.js';
import { checkColumnTypes, VectorMemory } from './vector-memory.js';

/** Bytes buffered before a write to the blocks file. */
const FLUSH_BYTES = 8 << 20;

/** Objects per batch: bounds the sort of a batch's alerts (with their row documents) in a merged month to ~100 MB. */
const OBJECTS_PER_BATCH = 10_000;

/** Every objectId of the part, sorted (keys only: a small sort). */
const OBJECT_IDS = (stamps: string) => `
  SELECT DISTINCT oid FROM (
    SELECT i_objectId AS oid FROM p_alerts UNION ALL SELECT objectId FROM p_upperlim
    UNION ALL SELECT i_objectId FROM ${stamps}
  ) WHERE oid IS NOT NULL ORDER BY oid`;

/** The column of a cutouts index holding each field of a block's stamp reference. */
const STAMP_COLUMN_OF: Readonly<Record<string, string>> = {
  candid: 'i_candid',
  jd: 'i_jd',
  night: 'night',
  offset: 'stamp_offset',
  scienceLen: 'stamp_science_len',
  templateLen: 'stamp_template_len',
  differenceLen: 'stamp_difference_len',
};
/** The columns of a cutouts index read by STAMP_ROWS, in the order of a block's stamp reference. */
const STAMP_COLUMNS = BLOCK_STAMP_FIELDS.map((f) => STAMP_COLUMN_OF[f] ?? f);

/** The objects of a batch of blocks: those in [$1, $2]. Pushed into each query (row groups are pruned). */
const IN_BATCH = 'BETWEEN $1 AND $2';

/** The alerts of the objects in [$1, $2], in block order (an object's alerts by jd then candid, descending). */
const ALERT_ROWS = `
  SELECT i_objectId AS oid, i_jd AS jd, i_candid AS candid, classification, row_avro FROM p_alerts
  WHERE i_objectId ${IN_BATCH} ORDER BY oid, jd DESC, candid DESC`;

/**
 * The upper limits of the objects in [$1, $2] (deduplicated on jd and filter, as the objects query does): the
 * objectId, then the fields of a block's upper limit in order.
 */
const UPPERLIM_ROWS = `
  SELECT objectId AS oid, ${BLOCK_UPPERLIM_FIELDS.join(', ')} FROM p_upperlim WHERE objectId ${IN_BATCH}
  QUALIFY row_number() OVER (PARTITION BY objectId, jd, fid ORDER BY tag DESC) = 1
  ORDER BY oid, jd DESC, fid`;

/**
 * The stamp references of the objects in [$1, $2]: the objectId, then the fields of a block's stamp reference in
 * order; `stamps` has the columns of a cutouts index.
 */
const STAMP_ROWS = (stamps: string) => `
  SELECT i_objectId AS oid, ${STAMP_COLUMNS.join(', ')}
  FROM ${stamps} WHERE i_objectId ${IN_BATCH} ORDER BY oid, i_jd DESC, i_candid DESC`;

/** Records of one kind (upper limits or stamp references) of a batch's objects, taken in object order. */
class KindRecords {
  /** Next run of records to add. */
  private next = 0;

  constructor(private readonly records: ChunkRecords) {}

  /** Adds the records of `oid` (the next ones, if they are its) to the stream through `add`. */
  addRecordsOf(
    oid: string,
    add: (records: Uint8Array, start: number, end: number, count: number) => void,
  ): void {
    const { keys, ends, counts, sink } = this.records;
    if (this.next < keys.length && keys[this.next] === oid) {
      add(sink.view(), this.records.start(this.next), ends[this.next], counts[this.next]);
      this.next++;
    }
  }

  get done(): boolean {
    return this.next === this.records.keys.length;
  }
}

/**
 * The prepared texts of an object's alerts already written in other parts (by candid), for a merge to carry
 * instead of writing them again; null when there is none to reuse.
 */
export type PreparedTexts = (objectId: string) => ReadonlyMap<bigint, BlockAlertText> | null;

/**
 * Turns a batch of objects into blocks: its alerts arrive chunk by chunk, its upper limits and stamp references
 * are read beforehand (no blobs: small), all three in object order. Each object of the batch (`ids`, in the
 * queries' order) becomes one block of `stream`, and its (objectId, offset, length) row goes to `appender`.
 * Only equality of ids is compared, so the order is the queries' own. The per-row work lives in these small
 * methods, so that each is optimised once, rather than in the long asynchronous loop that awaits the chunks.
 */
class BlockRowsWriter {
  readonly stream = new ObjectBlockStream(FLUSH_BYTES + (1 << 20));
  /** Bytes of the blocks written before the stream's (the blocks file's length once flushed). */
  written = 0;
  objects = 0;
  private ids: readonly string[] = [];
  /** Index in `ids` of the next object to start. */
  private nextId = 0;
  private current: string | null = null;
  private reused: ReadonlyMap<bigint, BlockAlertText> | null = null;
  private upperlims = new KindRecords(new ChunkRecords([]));
  private stamps = new KindRecords(new ChunkRecords([]));
  private readonly addUpperlims = (records: Uint8Array, start: number, end: number, count: number) =>
    this.stream.upperlims(records, start, end, count);
  private readonly addStamps = (records: Uint8Array, start: number, end: number, count: number) =>
    this.stream.stamps(records, start, end, count);

  constructor(
    private readonly appender: DuckDBAppender,
    private readonly reuse: PreparedTexts,
  ) {}

  /** Starts a batch of objects, with its upper limits and stamp references. */
  startBatch(ids: readonly string[], upperlims: KindRecords, stamps: KindRecords): void {
    this.ids = ids;
    this.nextId = 0;
    this.upperlims = upperlims;
    this.stamps = stamps;
  }

  /** Adds the alerts of one chunk of ALERT_ROWS (its columns as ALERT_COLUMN_TYPES). */
  addAlertChunk(chunk: DuckDBDataChunk): void {
    // the cells are read in place: no value per cell but those passed on
    const oids = new VectorMemory(chunk, 0, DuckDBTypeId.VARCHAR);
    const jdColumn = new VectorMemory(chunk, 1, DuckDBTypeId.DOUBLE);
    const candidColumn = new VectorMemory(chunk, 2, DuckDBTypeId.BIGINT);
    const classifications = new VectorMemory(chunk, 3, DuckDBTypeId.VARCHAR);
    const rows = new VectorMemory(chunk, 4, DuckDBTypeId.BLOB);
    const jds = jdColumn.doubles();
    const candids = candidColumn.longs();
    const count = chunk.rowCount;
    for (let i = 0; i < count; i++) {
      if (!oids.valid(i) || !jdColumn.valid(i) || !candidColumn.valid(i)) {
        throw new Error('an alert without objectId, jd or candid among the object block rows');
      }
      // an objectId's text is decoded only where it may change
      if (i === 0 || !oids.sameInlineText(i, i - 1)) {
        const oid = oids.text(i);
        if (oid !== this.current) this.startObject(oid);
      }
      const classification = classifications.valid(i) ? classifications.text(i) : null;
      this.alert(classification, rows.valid(i) ? rows.stringBytes(i) : EMPTY, candids[i], jds[i]);
    }
  }

  /** Ends the open object and those of the batch before `oid` (objects without alerts), then starts `oid`. */
  private startObject(oid: string): void {
    this.endObject();
    while (this.ids[this.nextId] !== oid) {
      if (this.nextId >= this.ids.length) throw new Error(`object ${oid} is not among the batch's objects`);
      this.current = this.ids[this.nextId++];
      this.endObject();
    }
    this.nextId++;
    this.current = oid;
    this.reused = this.reuse(oid);
  }

  /** An alert with its text: carried from another part when prepared there, else written from its row. */
  private alert(classification: string | null, row: Uint8Array, candid: bigint, jd: number): void {
    const text = this.reused?.get(candid) ?? alertRowJsonTextView(row, classification);
    this.stream.alert(classification, row, candid, jd, text);
  }

  /** Ends the open object's block, if any, with its upper limits and stamps, and writes its locator. */
  private endObject(): void {
    const oid = this.current;
    if (oid === null) return;
    this.upperlims.addRecordsOf(oid, this.addUpperlims);
    this.stamps.addRecordsOf(oid, this.addStamps);
    const offset = this.written + this.stream.size;
    const length = this.stream.endBlock();
    this.appender.appendVarchar(oid);
    this.appender.appendBigInt(BigInt(offset));
    this.appender.appendInteger(length);
    this.appender.endRow();
    this.objects++;
    this.current = null;
    this.reused = null;
  }

  /**
   * Ends the batch: the open object and the remaining ones (without alerts).
   * @throws Error when an upper limit or stamp reference was left out (rows not in the objects' order).
   */
  endBatch(): void {
    this.endObject();
    while (this.nextId < this.ids.length) {
      this.current = this.ids[this.nextId++];
      this.endObject();
    }
    if (!this.upperlims.done || !this.stamps.done) {
      throw new Error('upper limits or stamp references out of the objects order');
    }
  }
}

const EMPTY = new Uint8Array(0);

/** The types of the columns of ALERT_ROWS, read in place by {@link BlockRowsWriter.addAlertChunk}. */
const ALERT_COLUMN_TYPES = [
  DuckDBTypeId.VARCHAR,
  DuckDBTypeId.DOUBLE,
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.VARCHAR,
  DuckDBTypeId.BLOB,
];

/**
 * The upper limits or stamp references of a batch, from `sql` whose columns are `oid` then the fields of
 * `record` in order, encoded as block records.
 */
async function kindRecords(
  conn: DuckDBConnection,
  sql: string,
  bounds: string[],
  record: readonly FlatField[],
): Promise<KindRecords> {
  const result = await conn.run(sql, bounds);
  ChunkRecords.check(record, result.columnNames(), result.columnTypes());
  const records = new ChunkRecords(record);
  for (let c = 0; c < result.chunkCount; c++) records.add(result.getChunk(c));
  return new KindRecords(records);
}

/** What {@link writeObjectBlocks} wrote. */
export interface ObjectBlocksWritten {
  /** Objects (blocks) written. */
  readonly objects: number;
  /** Size of `objects.bin` in bytes. */
  readonly bytes: number;
  /** Format of the blocks (for the part entry). */
  readonly format: ObjectBlockFormat;
}

/**
 * Writes `objects.bin` and `objects.parquet` into `dir` from the relations `p_alerts` and `p_upperlim` of
 * `conn` and the stamp references of `stampsRelation` (a table name or a `read_parquet(...)` of cutouts files;
 * store-built text only). Overwrites existing files. The objects are taken `objectsPerBatch` at a time (each
 * batch's alerts sorted by one query).
 */
export async function writeObjectBlocks(
  conn: DuckDBConnection,
  dir: string,
  stampsRelation: string,
  reuse: PreparedTexts = () => null,
  objectsPerBatch = OBJECTS_PER_BATCH,
): Promise<ObjectBlocksWritten> {
  const binPath = path.join(dir, OBJECT_BLOCKS_FILE);
  await conn.run(
    'CREATE OR REPLACE TABLE object_blocks (objectId VARCHAR, block_offset BIGINT, block_length INTEGER)',
  );
  const appender = await conn.createAppender('object_blocks');
  fs.rmSync(binPath, { force: true });
  const out = DirectAppendFile.open(binPath);
  const blocks = new BlockRowsWriter(appender, reuse);
  // the blocks ended so far go to the file; the open block stays in the stream
  const flush = async (): Promise<void> => {
    if (blocks.stream.size === 0) return;
    const bytes = blocks.stream.bytes();
    await out.append([bytes]);
    blocks.written += bytes.length;
    blocks.stream.reset();
  };
  try {
    const ids = (await conn.runAndReadAll(OBJECT_IDS(stampsRelation))).getColumnsJS()[0] as string[];
    for (let first = 0; first < ids.length; first += objectsPerBatch) {
      const batch = ids.slice(first, first + objectsPerBatch);
      const bounds = [batch[0], batch[batch.length - 1]];
      blocks.startBatch(
        batch,
        await kindRecords(conn, UPPERLIM_ROWS, bounds, BLOCK_UPPERLIM_RECORD),
        await kindRecords(conn, STAMP_ROWS(stampsRelation), bounds, BLOCK_STAMP_RECORD),
      );
      const result = await conn.stream(ALERT_ROWS, bounds);
      checkColumnTypes(result.columnNames(), result.columnTypes(), ALERT_COLUMN_TYPES);
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        blocks.addAlertChunk(chunk);
        if (blocks.stream.size > FLUSH_BYTES) await flush();
      }
      blocks.endBatch();
    }
    await flush();
    await out.sync();
  } finally {
    out.close();
    appender.closeSync();
  }
  const indexPath = sqlPathLiteral(path.join(dir, OBJECT_BLOCKS_INDEX_FILE));
  await conn.run(`COPY (SELECT * FROM object_blocks ORDER BY objectId)
                  TO ${indexPath} (FORMAT parquet, ${PARQUET_COMPRESSION}, ROW_GROUP_SIZE 20000)`);
  await conn.run('DROP TABLE object_blocks');
  return { objects: blocks.objects, bytes: blocks.written, format: OBJECT_BLOCK_FORMAT };
}

/** The columns of a cutouts index that {@link writeObjectBlocks} reads. */
const CUTOUT_INDEX_COLUMNS =
  'i_objectId, i_candid, i_jd, night, stamp_offset, stamp_science_len, stamp_template_len, stamp_difference_len';

/**
 * A relation over cutouts index files (store-built absolute paths) for {@link writeObjectBlocks}, each file
 * limited to the nights whose stamps it holds for the part being written (a part holding several nights' stamps
 * may hold some that another part now holds: their offsets point into that part's stamps file, not the other's);
 * an empty relation of the same columns when there is none.
 */
export function stampsRelationOf(sources: readonly { file: string; nights: readonly number[] }[]): string {
  const selects = sources
    .filter((s) => s.nights.length > 0)
    .map(
      (s) =>
        `SELECT ${CUTOUT_INDEX_COLUMNS} FROM read_parquet(${sqlPathLiteral(s.file)})
         WHERE night IN (${s.nights.map((n) => String(Math.trunc(Number(n)))).join(', ')})`,
    );
  if (selects.length === 0) {
    return `(SELECT NULL::VARCHAR AS i_objectId, NULL::BIGINT AS i_candid, NULL::DOUBLE AS i_jd,
              NULL::INTEGER AS night, NULL::BIGINT AS stamp_offset, NULL::INTEGER AS stamp_science_len,
              NULL::INTEGER AS stamp_template_len, NULL::INTEGER AS stamp_difference_len LIMIT 0)`;
  }
  return `(${selects.join(' UNION ALL ')})`;
}
