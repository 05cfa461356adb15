/**
 * Object blocks: for the point lookups of `objects` and `cutouts`, each part also stores, per object, one Avro
 * record holding the object's alert row documents (`row_avro`, data/alert-row-codec.ts), its upper limits and
 * bad-quality points, and the references of its stamps (offset and lengths in a night's `stamps.bin`). The
 * blocks are concatenated in objectId order in `objects.bin`; `objects.parquet` gives each object's offset and
 * length, and the object index of a catalog version carries them too, so that a server answers an object with
 * one positional read per part holding it, without a query.
 *
 * Format 3 (`objectBlockFormat: 3` in a part's catalog entry), the only one written and read: per alert its
 * classification, its row document, its JSON text in full mode (data/alert-json.ts) and the few values an answer
 * needs beside it (candid and jd to order, fid, magpsf and sigmapsf for the colour and rate fields), so that a
 * JSON answer is written without decoding the row documents. Format 3 has the block layout of format 2; its
 * texts and its part's flat columns hold the later Fink fields (data/fink-later-fields.ts), which format 2's
 * lack. (Formats 1 and 2 are no longer read: the server refuses a catalog that declares them, docs/store.md
 * "Object blocks".)
 */
import avro from 'avsc';
import type { HistoryPoint } from './alert.js';
import { bigintLongType } from './avro-long.js';

/** Blocks file of a part (relative to the part directory). */
export const OBJECT_BLOCKS_FILE = 'objects.bin';
/** Locator of a part's blocks: (objectId, block_offset, block_length), sorted by objectId. */
export const OBJECT_BLOCKS_INDEX_FILE = 'objects.parquet';

/** The format blocks are written in now. */
export const OBJECT_BLOCK_FORMAT: ObjectBlockFormat = 3;

/** What a block holds about an alert beside its row document. */
export interface BlockAlertText {
  readonly candid: bigint;
  /** JD UTC of the exposure start. */
  readonly jd: number;
  readonly fid: number | null;
  readonly magpsf: number | null;
  readonly sigmapsf: number | null;
  /** The alert's JSON text in full mode, without braces (data/alert-json.ts), UTF-8. */
  readonly json: Uint8Array;
}

/** One valid alert of a block: its classification (computed at ingestion) and its row document. */
export interface BlockAlert {
  readonly classification: string | null;
  /** The alert's `row_avro` document (data/alert-row-codec.ts). */
  readonly row: Uint8Array;
  /** Its JSON text and ordering values (always written; null only in hand-made test blocks). */
  readonly text: BlockAlertText | null;
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

const ALERT_TEXT_SCHEMA = {
  type: 'record',
  name: 'BlockAlertText',
  fields: [
    { name: 'candid', type: 'long' },
    { name: 'jd', type: 'double' },
    { name: 'fid', type: opt('int') },
    { name: 'magpsf', type: opt('float') },
    { name: 'sigmapsf', type: opt('float') },
    { name: 'json', type: 'bytes' },
  ],
};

const ALERT_FIELDS = [
  { name: 'classification', type: opt('string') },
  { name: 'row', type: 'bytes' },
  { name: 'text', type: ['null', ALERT_TEXT_SCHEMA] },
];

/** The record of an upper limit in a block (BlockUpperlim). */
export const BLOCK_UPPERLIM_SCHEMA = {
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
};

/** The record of a stamp reference in a block (BlockStampRef). */
export const BLOCK_STAMP_SCHEMA = {
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
};

/**
 * The block schema, or a reader's projection of it: `alerts` leaves out the upper limits and stamps, `texts` also
 * each alert's row document (classification and prepared text only).
 */
function blockType(projection: 'all' | 'alerts' | 'texts' = 'all'): avro.Type {
  const alertFields = projection === 'texts' ? ALERT_FIELDS.filter((f) => f.name !== 'row') : ALERT_FIELDS;
  const fields: object[] = [
    {
      name: 'alerts',
      type: { type: 'array', items: { type: 'record', name: 'BlockAlert', fields: alertFields } },
    },
  ];
  if (projection === 'all')
    fields.push(
      { name: 'upperlim', type: { type: 'array', items: BLOCK_UPPERLIM_SCHEMA } },
      { name: 'stamps', type: { type: 'array', items: BLOCK_STAMP_SCHEMA } },
    );
  return avro.Type.forSchema({ type: 'record', name: 'skyalert.ObjectBlock', fields } as avro.Schema, {
    registry: { long: bigintLongType },
    wrapUnions: false,
  });
}

const BLOCK_TYPE = blockType();
/** Readers of the alerts alone: upper limits and stamps are skipped, not built. */
const ALERTS_ONLY_TYPE = blockType('alerts');
const ALERTS_ONLY_RESOLVER = ALERTS_ONLY_TYPE.createResolver(BLOCK_TYPE);
/** Readers of the alerts' texts alone: row documents are skipped too (the bulk of a block). */
const TEXTS_ONLY_TYPE = blockType('texts');
const TEXTS_ONLY_RESOLVER = TEXTS_ONLY_TYPE.createResolver(BLOCK_TYPE);

/** The block format number stored in a part entry: the one format written and read. */
export type ObjectBlockFormat = 3;

/** The value avsc writes for a block: byte arrays viewed as Buffers (avsc writes `bytes` from Buffers only). */
function writable(block: ObjectBlock): ObjectBlock {
  const alerts = block.alerts.map((a) => ({
    classification: a.classification,
    row: asBuffer(a.row),
    text: a.text === null ? null : { ...a.text, json: asBuffer(a.text.json) },
  }));
  return { ...block, alerts };
}

/**
 * Encodes object blocks one after another into one buffer that it keeps and grows: a block costs one encoding
 * and no allocation. (avsc's `toBuffer` encodes into a 1 KiB buffer, so a block larger than that, the usual
 * case, is encoded twice and copied into a new buffer of its own.) `bytes` gives what was added since the last
 * `reset`. Publication writes blocks with `ObjectBlockStream` (data/object-block-stream.ts), value by value;
 * this avsc encoder is the reference its tests compare with.
 */
export class ObjectBlockEncoder {
  private buffer: Buffer;
  private used = 0;

  constructor(initialBytes = 1 << 20) {
    this.buffer = Buffer.allocUnsafeSlow(initialBytes);
  }

  /** Appends the encoding of `block`; returns its length in bytes. */
  add(block: ObjectBlock): number {
    const type = BLOCK_TYPE;
    const value = writable(block);
    let end = type.encode(value, this.buffer, this.used);
    if (end < 0) {
      // avsc returns minus the bytes missing: grow (keeping what was added) and encode again
      const grown = Buffer.allocUnsafeSlow(Math.max(2 * this.buffer.length, this.buffer.length - end));
      this.buffer.copy(grown, 0, 0, this.used);
      this.buffer = grown;
      end = type.encode(value, this.buffer, this.used);
    }
    const length = end - this.used;
    this.used = end;
    return length;
  }

  /** Bytes added since the last reset (a view: valid until the next `add` or `reset`). */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.used);
  }

  /** Number of bytes added since the last reset. */
  get size(): number {
    return this.used;
  }

  /** Forgets the bytes added (the buffer is kept for the next blocks). */
  reset(): void {
    this.used = 0;
  }
}

const encoder = new ObjectBlockEncoder(1 << 16);

/** Encodes an object block (Avro binary, schema `skyalert.ObjectBlock`) into a buffer of its own. */
export function encodeObjectBlock(block: ObjectBlock): Buffer {
  encoder.reset();
  encoder.add(block);
  return Buffer.from(encoder.bytes());
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

/**
 * Decodes an object block; throws when the bytes are not one (a truncated or foreign file).
 *
 * @param _format the part's block format: {@link OBJECT_BLOCK_FORMAT}, the only one (the caller's statement).
 */
export function decodeObjectBlock(
  bytes: Uint8Array,
  _format: ObjectBlockFormat = OBJECT_BLOCK_FORMAT,
): ObjectBlock {
  return BLOCK_TYPE.fromBuffer(asBuffer(bytes)) as ObjectBlock;
}

/** The alerts of a block, without building its upper limits and stamps. */
export function decodeBlockAlerts(bytes: Uint8Array): readonly BlockAlert[] {
  return (ALERTS_ONLY_TYPE.fromBuffer(asBuffer(bytes), ALERTS_ONLY_RESOLVER) as ObjectBlock).alerts;
}

/** The classification and prepared text of each alert of a block (row documents skipped, not copied). */
export function decodeBlockAlertTexts(bytes: Uint8Array): readonly Omit<BlockAlert, 'row'>[] {
  return (
    TEXTS_ONLY_TYPE.fromBuffer(asBuffer(bytes), TEXTS_ONLY_RESOLVER) as { alerts: Omit<BlockAlert, 'row'>[] }
  ).alerts;
}
