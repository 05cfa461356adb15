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
  DuckDBBlobVector,
  type DuckDBConnection,
  type DuckDBDataChunk,
} from '@duckdb/node-api';
import { alertRowJsonTextView } from '../../data/alert-row-json.js';
import {
  BLOCK_STAMP_FIELDS,
  BLOCK_UPPERLIM_FIELDS,
  ObjectBlockStream,
} from '../../data/object-block-stream.js';
import {
  type BlockAlertText,
  OBJECT_BLOCK_FORMAT,
  OBJECT_BLOCKS_FILE,
  OBJECT_BLOCKS_INDEX_FILE,
  type ObjectBlockFormat,
} from '../../data/object-blocks.js';
import { sqlPathLiteral } from '../../data/sql-text.js';
import { DirectAppendFile } from '../direct-append-file.js';
import { PARQUET_COMPRESSION } from './part-writer.js';

/** Bytes buffered before a write to the blocks file. */
const FLUSH_BYTES = 8 << 20;

/** Objects per query: bounds the sort (with the row documents) of a merged month to ~100 MB. */
const OBJECTS_PER_BATCH = 10_000;

/** Every objectId of the part, sorted (keys only: a small sort). */
const OBJECT_IDS = (stamps: string) => `
  SELECT DISTINCT oid FROM (
    SELECT i_objectId AS oid FROM p_alerts UNION ALL SELECT objectId FROM p_upperlim
    UNION ALL SELECT i_objectId FROM ${stamps}
  ) WHERE oid IS NOT NULL ORDER BY oid`;

/** The upper limits' columns of BLOCK_ROWS, in the order of a block's upper limit (jd first). */
const UPPERLIM_COLUMNS = BLOCK_UPPERLIM_FIELDS;
/** The column of BLOCK_ROWS holding each field of a block's stamp reference. */
const STAMP_COLUMN_OF: Readonly<Record<string, string>> = {
  candid: 'candid',
  jd: 'jd',
  night: 'night',
  offset: 'stamp_offset',
  scienceLen: 'stamp_science_len',
  templateLen: 'stamp_template_len',
  differenceLen: 'stamp_difference_len',
};
/** The stamp references' columns of BLOCK_ROWS, in the order of a block's stamp reference. */
const STAMP_COLUMNS = BLOCK_STAMP_FIELDS.map((f) => STAMP_COLUMN_OF[f] ?? f);

/**
 * One row per alert (kind 0), upper limit (kind 1, deduplicated on jd and filter as the objects query does) and
 * stamp reference (kind 2) of the objects in [$1, $2], in block order. `stamps` is a relation with the columns
 * of a cutouts index. The bounds are pushed into each branch (row groups of files sorted by objectId are pruned).
 */
const BLOCK_ROWS = (stamps: string) => `
  SELECT * FROM (
    SELECT i_objectId AS oid, 0 AS kind, i_jd AS jd, i_candid AS candid, classification, row_avro FROM p_alerts
    UNION ALL BY NAME
    SELECT objectId AS oid, 1 AS kind, ${UPPERLIM_COLUMNS.join(', ')} FROM p_upperlim
      QUALIFY row_number() OVER (PARTITION BY objectId, jd, fid ORDER BY tag DESC) = 1
    UNION ALL BY NAME
    SELECT i_objectId AS oid, 2 AS kind, i_jd AS jd, i_candid AS candid, night, stamp_offset,
           stamp_science_len, stamp_template_len, stamp_difference_len FROM ${stamps}
  ) WHERE oid >= $1 AND oid <= $2 ORDER BY oid, kind, jd DESC, candid DESC NULLS LAST`;

/** Index of each named column in a result. @throws Error when one is missing. */
function columnIndexes(names: readonly string[], wanted: readonly string[]): number[] {
  return wanted.map((name) => {
    const i = names.indexOf(name);
    if (i < 0) throw new Error(`the object block rows have no column ${name}`);
    return i;
  });
}

/**
 * The prepared texts of an object's alerts already written in other parts (by candid), for a merge to carry
 * instead of writing them again; null when there is none to reuse.
 */
export type PreparedTexts = (objectId: string) => ReadonlyMap<bigint, BlockAlertText> | null;

/**
 * Turns the rows of BLOCK_ROWS into blocks, chunk by chunk: each object's rows become one block of `stream`,
 * and its (objectId, offset, length) row goes to `appender`. The per-row work lives in these small methods, so
 * that each is optimised once, rather than in the long asynchronous loop that awaits the chunks.
 */
class BlockRowsWriter {
  readonly stream = new ObjectBlockStream(FLUSH_BYTES + (1 << 20));
  /** Bytes of the blocks written before the stream's (the blocks file's length once flushed). */
  written = 0;
  objects = 0;
  private current: string | null = null;
  private reused: ReadonlyMap<bigint, BlockAlertText> | null = null;
  private readonly upperlim: unknown[] = new Array(UPPERLIM_COLUMNS.length).fill(null);
  private readonly stamp: unknown[] = new Array(STAMP_COLUMNS.length).fill(null);

  constructor(
    private readonly appender: DuckDBAppender,
    private readonly reuse: PreparedTexts,
  ) {}

  /** Adds the rows of one chunk of BLOCK_ROWS whose columns are at `at`. */
  addChunk(chunk: DuckDBDataChunk, at: ChunkColumns): void {
    // each column's values at once: the loop below then reads arrays, not vectors of a dozen classes
    const values = (i: number) => chunk.getColumnVector(i).toArray();
    const oids = values(at.oid) as string[];
    const kinds = values(at.kind) as number[];
    const jds = values(at.jd) as number[];
    const candids = values(at.candid) as bigint[];
    const classifications = values(at.classification) as (string | null)[];
    const rows = chunk.getColumnVector(at.row);
    if (!(rows instanceof DuckDBBlobVector)) throw new Error('row_avro is not a BLOB column');
    const upperlim = at.upperlim.map(values);
    const stamp = at.stamp.map(values);
    const ulValues = this.upperlim;
    const stampValues = this.stamp;
    for (let i = 0; i < chunk.rowCount; i++) {
      const oid = oids[i];
      if (oid !== this.current) this.startObject(oid);
      const kind = kinds[i];
      if (kind === 0) {
        this.alert(classifications[i], rows.getItemBytes(i) ?? EMPTY, candids[i], jds[i]);
      } else if (kind === 1) {
        for (let k = 0; k < upperlim.length; k++) ulValues[k] = upperlim[k][i];
        this.stream.upperlim(ulValues);
      } else {
        for (let k = 0; k < stamp.length; k++) stampValues[k] = stamp[k][i];
        this.stream.stamp(stampValues);
      }
    }
  }

  private startObject(oid: string): void {
    this.endObject();
    this.current = oid;
    this.reused = this.reuse(oid);
  }

  /** An alert with its text: carried from another part when prepared there, else written from its row. */
  private alert(classification: string | null, row: Uint8Array, candid: bigint, jd: number): void {
    const text = this.reused?.get(candid) ?? alertRowJsonTextView(row, classification);
    this.stream.alert(classification, row, candid, jd, text);
  }

  /** Ends the open object's block, if any, and writes its locator. */
  endObject(): void {
    if (this.current === null) return;
    const offset = this.written + this.stream.size;
    const length = this.stream.endBlock();
    this.appender.appendVarchar(this.current);
    this.appender.appendBigInt(BigInt(offset));
    this.appender.appendInteger(length);
    this.appender.endRow();
    this.objects++;
    this.current = null;
  }
}

const EMPTY = new Uint8Array(0);

/** Where the columns read by {@link BlockRowsWriter} are in a result of BLOCK_ROWS. */
interface ChunkColumns {
  readonly oid: number;
  readonly kind: number;
  readonly jd: number;
  readonly candid: number;
  readonly classification: number;
  readonly row: number;
  readonly upperlim: readonly number[];
  readonly stamp: readonly number[];
}

function chunkColumns(names: readonly string[]): ChunkColumns {
  const [oid, kind, jd, candid, classification, row] = columnIndexes(names, [
    'oid',
    'kind',
    'jd',
    'candid',
    'classification',
    'row_avro',
  ]);
  return {
    oid,
    kind,
    jd,
    candid,
    classification,
    row,
    upperlim: columnIndexes(names, UPPERLIM_COLUMNS),
    stamp: columnIndexes(names, STAMP_COLUMNS),
  };
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
 * store-built text only). Overwrites existing files.
 */
export async function writeObjectBlocks(
  conn: DuckDBConnection,
  dir: string,
  stampsRelation: string,
  reuse: PreparedTexts = () => null,
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
    for (let first = 0; first < ids.length; first += OBJECTS_PER_BATCH) {
      const last = Math.min(ids.length, first + OBJECTS_PER_BATCH) - 1;
      const result = await conn.stream(BLOCK_ROWS(stampsRelation), [ids[first], ids[last]]);
      const columns = chunkColumns(result.columnNames());
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        blocks.addChunk(chunk, columns);
        if (blocks.stream.size > FLUSH_BYTES) await flush();
      }
    }
    blocks.endObject();
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

/**
 * A relation over cutouts index files (store-built absolute paths) for {@link writeObjectBlocks}; an empty
 * relation of the same columns when there is none.
 */
export function stampsRelationOf(files: readonly string[]): string {
  if (files.length === 0) {
    return `(SELECT NULL::VARCHAR AS i_objectId, NULL::BIGINT AS i_candid, NULL::DOUBLE AS i_jd,
              NULL::INTEGER AS night, NULL::BIGINT AS stamp_offset, NULL::INTEGER AS stamp_science_len,
              NULL::INTEGER AS stamp_template_len, NULL::INTEGER AS stamp_difference_len LIMIT 0)`;
  }
  return `read_parquet([${files.map(sqlPathLiteral).join(', ')}], union_by_name = true)`;
}
