/**
 * Object blocks: for the point lookups of `objects` and `cutouts`, each part also stores, per object, one Avro
 * record holding the object's alert row documents (`row_avro`, data/alert-row-codec.ts), its upper limits and
 * bad-quality points, and the references of its stamps (offset and lengths in a night's `stamps.bin`). The
 * blocks are concatenated in objectId order in `objects.bin`; `objects.parquet` gives each object's offset and
 * length, and the object index of a catalog version carries them too, so that a server answers an object with
 * one positional read per part holding it, without a query.
 */
import avro from 'avsc';
import type { HistoryPoint } from './alert.js';
import { bigintLongType } from './avro-long.js';

/** Blocks file of a part (relative to the part directory). */
export const OBJECT_BLOCKS_FILE = 'objects.bin';
/** Locator of a part's blocks: (objectId, block_offset, block_length), sorted by objectId. */
export const OBJECT_BLOCKS_INDEX_FILE = 'objects.parquet';

/** One valid alert of a block: its classification (computed at ingestion) and its row document. */
export interface BlockAlert {
  readonly classification: string | null;
  /** The alert's `row_avro` document (data/alert-row-codec.ts). */
  readonly row: Uint8Array;
}

/**
 * One upper limit or bad-quality point (the columns of a part's `upperlim.parquet` but objectId and night): a
 * history point without its candid, tagged `upperlim` (non-detection) or `badquality` (detection failing the
 * quality cut).
 */
export type BlockUpperlim = Omit<HistoryPoint, 'candid'> & { readonly tag: string };

/** Where one alert's stamps are: the `stamps.bin` of the part that holds `night`'s cutouts, at `offset`. */
export interface BlockStampRef {
  readonly candid: bigint;
  /** JD UTC of the exposure start. */
  readonly jd: number;
  /** Night (YYYYMMDD) of the alert: the catalog's part entry names the part holding its stamps. */
  readonly night: number;
  /** Byte offset of the science stamp; the template and difference stamps follow it. */
  readonly offset: bigint;
  /** Byte lengths of the science, template and difference stamps; null for a missing stamp. */
  readonly scienceLen: number | null;
  readonly templateLen: number | null;
  readonly differenceLen: number | null;
}

/** Everything a part holds about one object. Alerts and upper limits most recent first. */
export interface ObjectBlock {
  readonly alerts: readonly BlockAlert[];
  readonly upperlim: readonly BlockUpperlim[];
  /** Stamps of every staged alert of the object (valid or not), most recent first. */
  readonly stamps: readonly BlockStampRef[];
}

const opt = (type: string) => ['null', type];

const BLOCK_TYPE = avro.Type.forSchema(
  {
    type: 'record',
    name: 'skyalert.ObjectBlock',
    fields: [
      {
        name: 'alerts',
        type: {
          type: 'array',
          items: {
            type: 'record',
            name: 'BlockAlert',
            fields: [
              { name: 'classification', type: opt('string') },
              { name: 'row', type: 'bytes' },
            ],
          },
        },
      },
      {
        name: 'upperlim',
        type: {
          type: 'array',
          items: {
            type: 'record',
            name: 'BlockUpperlim',
            fields: [
              { name: 'jd', type: 'double' },
              { name: 'fid', type: opt('int') },
              ...['magpsf', 'sigmapsf', 'diffmaglim', 'magnr', 'sigmagnr'].map((name) => ({
                name,
                type: opt('float'),
              })),
              { name: 'isdiffpos', type: opt('string') },
              { name: 'distnr', type: opt('float') },
              { name: 'rb', type: opt('float') },
              { name: 'nbad', type: opt('int') },
              { name: 'tag', type: 'string' },
            ],
          },
        },
      },
      {
        name: 'stamps',
        type: {
          type: 'array',
          items: {
            type: 'record',
            name: 'BlockStampRef',
            fields: [
              { name: 'candid', type: 'long' },
              { name: 'jd', type: 'double' },
              { name: 'night', type: 'int' },
              { name: 'offset', type: 'long' },
              { name: 'scienceLen', type: opt('int') },
              { name: 'templateLen', type: opt('int') },
              { name: 'differenceLen', type: opt('int') },
            ],
          },
        },
      },
    ],
  },
  { registry: { long: bigintLongType }, wrapUnions: false },
);

/** Encodes an object block (Avro binary, schema `skyalert.ObjectBlock`). */
export function encodeObjectBlock(block: ObjectBlock): Buffer {
  // avsc writes `bytes` from Buffers only: view other byte arrays as Buffers (no copy)
  const alerts = block.alerts.map((a) => ({ classification: a.classification, row: asBuffer(a.row) }));
  return BLOCK_TYPE.toBuffer({ ...block, alerts });
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** Decodes an object block; throws when the bytes are not one (a truncated or foreign file). */
export function decodeObjectBlock(bytes: Uint8Array): ObjectBlock {
  return BLOCK_TYPE.fromBuffer(asBuffer(bytes)) as ObjectBlock;
}
