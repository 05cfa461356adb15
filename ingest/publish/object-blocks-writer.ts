/**
 * Writes a part's object blocks (data/object-blocks.ts): one streaming query yields the part's valid alerts,
 * upper limits and stamp references ordered by objectId; each object's rows become one Avro block appended to
 * `objects.bin`, and (objectId, offset, length) rows go to `objects.parquet`. Memory stays bounded: the query
 * sorts (spilling if needed) and the blocks are written as they are built.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBBlobVector, type DuckDBConnection, type DuckDBVector } from '@duckdb/node-api';
import { alertRowJsonText } from '../../data/alert-row-json.js';
import {
  type BlockAlert,
  type BlockAlertText,
  type BlockStampRef,
  type BlockUpperlim,
  OBJECT_BLOCK_FORMAT,
  OBJECT_BLOCKS_FILE,
  OBJECT_BLOCKS_INDEX_FILE,
  ObjectBlockEncoder,
  type ObjectBlockFormat,
} from '../../data/object-blocks.js';
import { sqlPathLiteral } from '../../data/sql-text.js';
import { DirectAppendFile } from '../direct-append-file.js';
import { PARQUET_COMPRESSION } from './part-writer.js';

/** Bytes buffered before a write to the blocks file. */
const FLUSH_BYTES = 8 << 20;

const UPPERLIM_FIELDS = [
  'fid',
  'magpsf',
  'sigmapsf',
  'diffmaglim',
  'magnr',
  'sigmagnr',
  'isdiffpos',
  'distnr',
  'rb',
  'nbad',
  'tag',
] as const;

/** Objects per query: bounds the sort (with the row documents) of a merged month to ~100 MB. */
const OBJECTS_PER_BATCH = 10_000;

/** Every objectId of the part, sorted (keys only: a small sort). */
const OBJECT_IDS = (stamps: string) => `
  SELECT DISTINCT oid FROM (
    SELECT i_objectId AS oid FROM p_alerts UNION ALL SELECT objectId FROM p_upperlim
    UNION ALL SELECT i_objectId FROM ${stamps}
  ) WHERE oid IS NOT NULL ORDER BY oid`;

/**
 * One row per alert (kind 0), upper limit (kind 1, deduplicated on jd and filter as the objects query does) and
 * stamp reference (kind 2) of the objects in [$1, $2], in block order. `stamps` is a relation with the columns
 * of a cutouts index. The bounds are pushed into each branch (row groups of files sorted by objectId are pruned).
 */
const BLOCK_ROWS = (stamps: string) => `
  SELECT * FROM (
    SELECT i_objectId AS oid, 0 AS kind, i_jd AS jd, i_candid AS candid, classification, row_avro FROM p_alerts
    UNION ALL BY NAME
    SELECT objectId AS oid, 1 AS kind, jd, ${UPPERLIM_FIELDS.join(', ')} FROM p_upperlim
      QUALIFY row_number() OVER (PARTITION BY objectId, jd, fid ORDER BY tag DESC) = 1
    UNION ALL BY NAME
    SELECT i_objectId AS oid, 2 AS kind, i_jd AS jd, i_candid AS candid, night, stamp_offset,
           stamp_science_len, stamp_template_len, stamp_difference_len FROM ${stamps}
  ) WHERE oid >= $1 AND oid <= $2 ORDER BY oid, kind, jd DESC, candid DESC NULLS LAST`;

/** The columns of BLOCK_ROWS read by name. */
const BLOCK_ROW_COLUMNS = [
  'oid',
  'kind',
  'jd',
  'candid',
  'classification',
  'row_avro',
  ...UPPERLIM_FIELDS,
  'night',
  'stamp_offset',
  'stamp_science_len',
  'stamp_template_len',
  'stamp_difference_len',
] as const;
type BlockRowColumn = (typeof BLOCK_ROW_COLUMNS)[number];

/**
 * The row document at `i` of a BLOB vector, without the copy `getItem` makes; payloads of ≤ 12 bytes are views
 * of the chunk (DuckDB inlines them) and are copied, as a block outlives its chunks. Empty for NULL.
 */
function rowBytes(vector: DuckDBVector, i: number): Uint8Array {
  if (!(vector instanceof DuckDBBlobVector)) throw new Error('row_avro is not a BLOB column');
  const bytes = vector.getItemBytes(i);
  if (bytes === null) return new Uint8Array(0);
  return bytes.length <= 12 ? Uint8Array.from(bytes) : bytes;
}

/** Index of each BLOCK_ROWS column in a result. @throws Error when one is missing. */
function columnIndexes(names: readonly string[]): Record<BlockRowColumn, number> {
  const out = {} as Record<BlockRowColumn, number>;
  for (const name of BLOCK_ROW_COLUMNS) {
    const i = names.indexOf(name);
    if (i < 0) throw new Error(`the object block rows have no column ${name}`);
    out[name] = i;
  }
  return out;
}

type Value = unknown;
const numOrNull = (v: Value): number | null => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: Value): string | null => (v === null || v === undefined ? null : String(v));

/**
 * The prepared texts of an object's alerts already written in other parts (by candid), for a merge to carry
 * instead of writing them again; null when there is none to reuse.
 */
export type PreparedTexts = (objectId: string) => ReadonlyMap<bigint, BlockAlertText> | null;

/** A block's alert: its row document, and its JSON text with the values an answer orders and colours by. */
function blockAlert(
  row: Uint8Array,
  classification: string | null,
  candid: bigint,
  jd: number,
  prepared: BlockAlertText | undefined,
): BlockAlert {
  if (prepared !== undefined) return { classification, row, text: prepared };
  const { json, fid, magpsf, sigmapsf } = alertRowJsonText(row, classification);
  return { classification, row, text: { candid, jd, fid, magpsf, sigmapsf, json } };
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
  let written = 0;
  let objects = 0;
  // the blocks not yet written to the file, encoded one after another into one reused buffer
  const pending = new ObjectBlockEncoder(FLUSH_BYTES + (1 << 20));
  const flush = async (): Promise<void> => {
    if (pending.size === 0) return;
    await out.append([pending.bytes()]);
    pending.reset();
  };
  let current: string | null = null;
  let reused: ReadonlyMap<bigint, BlockAlertText> | null = null;
  let alerts: BlockAlert[] = [];
  let upperlim: BlockUpperlim[] = [];
  let stamps: BlockStampRef[] = [];
  const endBlock = (): void => {
    if (current === null) return;
    const length = pending.add({ alerts, upperlim, stamps });
    appender.appendVarchar(current);
    appender.appendBigInt(BigInt(written));
    appender.appendInteger(length);
    appender.endRow();
    written += length;
    objects++;
    alerts = [];
    upperlim = [];
    stamps = [];
  };
  try {
    const ids = (await conn.runAndReadAll(OBJECT_IDS(stampsRelation))).getColumnsJS()[0] as string[];
    for (let first = 0; first < ids.length; first += OBJECTS_PER_BATCH) {
      const last = Math.min(ids.length, first + OBJECTS_PER_BATCH) - 1;
      const result = await conn.stream(BLOCK_ROWS(stampsRelation), [ids[first], ids[last]]);
      const column = columnIndexes(result.columnNames());
      // column vectors read value by value: no row object per row (most rows are upper limits)
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        const vector = (name: BlockRowColumn) => chunk.getColumnVector(column[name]);
        const [oids, kinds, jds, candids] = [vector('oid'), vector('kind'), vector('jd'), vector('candid')];
        const [classifications, rows] = [vector('classification'), vector('row_avro')];
        const ul = UPPERLIM_FIELDS.map((f) => vector(f));
        const [nights, offsets] = [vector('night'), vector('stamp_offset')];
        const lengths = [
          vector('stamp_science_len'),
          vector('stamp_template_len'),
          vector('stamp_difference_len'),
        ];
        for (let i = 0; i < chunk.rowCount; i++) {
          const oid = String(oids.getItem(i));
          if (oid !== current) {
            endBlock();
            if (pending.size > FLUSH_BYTES) await flush();
            current = oid;
            reused = reuse(oid);
          }
          const kind = kinds.getItem(i);
          if (kind === 0) {
            const row = rowBytes(rows, i);
            const candid = BigInt(candids.getItem(i) as bigint);
            alerts.push(
              blockAlert(
                row,
                strOrNull(classifications.getItem(i)),
                candid,
                Number(jds.getItem(i)),
                reused?.get(candid),
              ),
            );
          } else if (kind === 1) {
            upperlim.push({
              jd: Number(jds.getItem(i)),
              fid: numOrNull(ul[0].getItem(i)),
              magpsf: numOrNull(ul[1].getItem(i)),
              sigmapsf: numOrNull(ul[2].getItem(i)),
              diffmaglim: numOrNull(ul[3].getItem(i)),
              magnr: numOrNull(ul[4].getItem(i)),
              sigmagnr: numOrNull(ul[5].getItem(i)),
              isdiffpos: strOrNull(ul[6].getItem(i)),
              distnr: numOrNull(ul[7].getItem(i)),
              rb: numOrNull(ul[8].getItem(i)),
              nbad: numOrNull(ul[9].getItem(i)),
              tag: String(ul[10].getItem(i)),
            });
          } else {
            stamps.push({
              candid: BigInt(candids.getItem(i) as bigint),
              jd: Number(jds.getItem(i)),
              night: Number(nights.getItem(i)),
              offset: BigInt(offsets.getItem(i) as bigint),
              scienceLen: numOrNull(lengths[0].getItem(i)),
              templateLen: numOrNull(lengths[1].getItem(i)),
              differenceLen: numOrNull(lengths[2].getItem(i)),
            });
          }
        }
      }
    }
    endBlock();
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
  return { objects, bytes: written, format: OBJECT_BLOCK_FORMAT };
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
