/**
 * Writes a part's object blocks (data/object-blocks.ts): one streaming query yields the part's valid alerts,
 * upper limits and stamp references ordered by objectId; each object's rows become one Avro block appended to
 * `objects.bin`, and (objectId, offset, length) rows go to `objects.parquet`. Memory stays bounded: the query
 * sorts (spilling if needed) and the blocks are written as they are built.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { alertJsonText } from '../../data/alert-json.js';
import { decodeAlertRow } from '../../data/alert-row-codec.js';
import {
  type BlockAlert,
  type BlockAlertText,
  type BlockStampRef,
  type BlockUpperlim,
  encodeObjectBlock,
  OBJECT_BLOCK_FORMAT,
  OBJECT_BLOCKS_FILE,
  OBJECT_BLOCKS_INDEX_FILE,
  type ObjectBlockFormat,
} from '../../data/object-blocks.js';
import { sqlPathLiteral } from '../../data/sql-text.js';

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
  const stored = decodeAlertRow(row);
  return {
    classification,
    row,
    text: {
      candid,
      jd,
      fid: numOrNull(stored.i_fid),
      magpsf: numOrNull(stored.i_magpsf),
      sigmapsf: numOrNull(stored.i_sigmapsf),
      json: alertJsonText(stored, classification),
    },
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
  const out = fs.openSync(binPath, 'w');
  let written = 0;
  let objects = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = (): void => {
    if (pending.length === 0) return;
    const data = Buffer.concat(pending, pendingBytes);
    let at = 0;
    while (at < data.length) at += fs.writeSync(out, data, at, data.length - at);
    pending = [];
    pendingBytes = 0;
  };
  let current: string | null = null;
  let reused: ReadonlyMap<bigint, BlockAlertText> | null = null;
  let alerts: BlockAlert[] = [];
  let upperlim: BlockUpperlim[] = [];
  let stamps: BlockStampRef[] = [];
  const endBlock = (): void => {
    if (current === null) return;
    const bytes = encodeObjectBlock({ alerts, upperlim, stamps });
    appender.appendVarchar(current);
    appender.appendBigInt(BigInt(written));
    appender.appendInteger(bytes.length);
    appender.endRow();
    pending.push(bytes);
    pendingBytes += bytes.length;
    written += bytes.length;
    objects++;
    if (pendingBytes > FLUSH_BYTES) flush();
    alerts = [];
    upperlim = [];
    stamps = [];
  };
  try {
    const ids = (await conn.runAndReadAll(OBJECT_IDS(stampsRelation))).getColumnsJS()[0] as string[];
    for (let first = 0; first < ids.length; first += OBJECTS_PER_BATCH) {
      const last = Math.min(ids.length, first + OBJECTS_PER_BATCH) - 1;
      const result = await conn.stream(BLOCK_ROWS(stampsRelation), [ids[first], ids[last]]);
      for await (const chunk of result.yieldRowObjectJs()) {
        for (const r of chunk) {
          const oid = String(r.oid);
          if (oid !== current) {
            endBlock();
            current = oid;
            reused = reuse(oid);
          }
          if (r.kind === 0) {
            const row = r.row_avro instanceof Uint8Array ? r.row_avro : new Uint8Array(0);
            const candid = BigInt(r.candid as bigint);
            alerts.push(
              blockAlert(row, strOrNull(r.classification), candid, Number(r.jd), reused?.get(candid)),
            );
          } else if (r.kind === 1) {
            upperlim.push({
              jd: Number(r.jd),
              fid: numOrNull(r.fid),
              magpsf: numOrNull(r.magpsf),
              sigmapsf: numOrNull(r.sigmapsf),
              diffmaglim: numOrNull(r.diffmaglim),
              magnr: numOrNull(r.magnr),
              sigmagnr: numOrNull(r.sigmagnr),
              isdiffpos: strOrNull(r.isdiffpos),
              distnr: numOrNull(r.distnr),
              rb: numOrNull(r.rb),
              nbad: numOrNull(r.nbad),
              tag: String(r.tag),
            });
          } else {
            stamps.push({
              candid: BigInt(r.candid as bigint),
              jd: Number(r.jd),
              night: Number(r.night),
              offset: BigInt(r.stamp_offset as bigint),
              scienceLen: numOrNull(r.stamp_science_len),
              templateLen: numOrNull(r.stamp_template_len),
              differenceLen: numOrNull(r.stamp_difference_len),
            });
          }
        }
      }
    }
    endBlock();
    flush();
    fs.fsyncSync(out);
  } finally {
    fs.closeSync(out);
    appender.closeSync();
  }
  const indexPath = sqlPathLiteral(path.join(dir, OBJECT_BLOCKS_INDEX_FILE));
  await conn.run(`COPY (SELECT * FROM object_blocks ORDER BY objectId)
                  TO ${indexPath} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 20000)`);
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
