/**
 * Object blocks (data/object-blocks.ts) written value by value, for a publication that reads an object's
 * alerts, upper limits and stamp references one row at a time: the values go straight into bytes, with no block
 * object built and no text copied but into the block. The bytes are exactly those {@link ObjectBlockEncoder}
 * (avsc) writes for the same block in the current format.
 *
 * Reference: Apache Avro 1.11 specification, "Binary Encoding" (records, arrays written as one block of items
 * followed by a zero count, unions as the branch index then the value).
 */
import { ByteSink, type FlatField, FlatRecordWriter } from './flat-record-writer.js';
import { BLOCK_STAMP_SCHEMA, BLOCK_UPPERLIM_SCHEMA } from './object-blocks.js';

/** The fields of an upper limit's record in a block, in order. */
export const BLOCK_UPPERLIM_RECORD: readonly FlatField[] =
  FlatRecordWriter.fromSchema(BLOCK_UPPERLIM_SCHEMA).fields;
/** The fields of a stamp reference's record in a block, in order. */
export const BLOCK_STAMP_RECORD: readonly FlatField[] =
  FlatRecordWriter.fromSchema(BLOCK_STAMP_SCHEMA).fields;

/** Field names of an upper limit in a block, in order. */
export const BLOCK_UPPERLIM_FIELDS: readonly string[] = BLOCK_UPPERLIM_RECORD.map((f) => f.name);
/** Field names of a stamp reference in a block, in order. */
export const BLOCK_STAMP_FIELDS: readonly string[] = BLOCK_STAMP_RECORD.map((f) => f.name);

/** An alert's JSON text and the values a block keeps beside it (its colour and rate values). */
export interface BlockText {
  readonly fid: number | null;
  readonly magpsf: number | null;
  readonly sigmapsf: number | null;
  /** The alert's JSON text in full mode, without braces (UTF-8): copied at once, so a view is welcome. */
  readonly json: Uint8Array;
}

/** Union branch bytes of `["null", T]`: the zigzag index 0 (null) or 1 (a value). */
const NULL_BRANCH = 0;
const VALUE_BRANCH = 2;

/**
 * Encodes format-2 object blocks one after another into one growing buffer. A block is opened by its first
 * value; its alerts, then its upper limits, then its stamp references (the block's field order, in which a
 * publication's query yields them) are added one at a time, and {@link endBlock} appends it.
 */
export class ObjectBlockStream {
  private readonly out: ByteSink;
  /** The open block's three arrays, each counted: a block's array is written as its count, then its items. */
  private readonly alerts = new ByteSink(1 << 16);
  private readonly upperlimItems = new ByteSink(1 << 16);
  private readonly stampItems = new ByteSink(1 << 14);
  private alertCount = 0;
  private upperlimCount = 0;
  private stampCount = 0;

  constructor(initialBytes = 1 << 20) {
    this.out = new ByteSink(initialBytes);
  }

  /**
   * Adds an alert: its classification, its row document, its candid and jd (JD UTC of the exposure start) and its
   * text with the values kept beside it.
   */
  alert(classification: string | null, row: Uint8Array, candid: bigint, jd: number, text: BlockText): void {
    const s = this.alerts;
    if (classification === null) s.byte(NULL_BRANCH);
    else {
      s.byte(VALUE_BRANCH);
      s.string(classification);
    }
    s.bytes(row);
    s.byte(VALUE_BRANCH);
    s.varBigInt(candid);
    s.double(jd);
    optionalInt(s, text.fid);
    optionalFloat(s, text.magpsf);
    optionalFloat(s, text.sigmapsf);
    s.bytes(text.json);
    this.alertCount++;
  }

  /**
   * Adds `count` upper limits or bad-quality points already encoded as records of {@link BLOCK_UPPERLIM_RECORD}:
   * bytes [start, end) of `records`.
   */
  upperlims(records: Uint8Array, start: number, end: number, count: number): void {
    this.upperlimItems.rawRange(records, start, end);
    this.upperlimCount += count;
  }

  /** Adds `count` stamp references already encoded as records of {@link BLOCK_STAMP_RECORD} (as `upperlims`). */
  stamps(records: Uint8Array, start: number, end: number, count: number): void {
    this.stampItems.rawRange(records, start, end);
    this.stampCount += count;
  }

  /** Appends the open block (possibly empty) and starts the next; returns the block's length in bytes. */
  endBlock(): number {
    const start = this.out.pos;
    appendArray(this.out, this.alerts, this.alertCount);
    appendArray(this.out, this.upperlimItems, this.upperlimCount);
    appendArray(this.out, this.stampItems, this.stampCount);
    this.alertCount = 0;
    this.upperlimCount = 0;
    this.stampCount = 0;
    return this.out.pos - start;
  }

  /** The blocks appended since the last reset (a view: valid until the next `endBlock` or `reset`). */
  bytes(): Uint8Array {
    return this.out.view(0);
  }

  /** Number of bytes of the blocks appended since the last reset. */
  get size(): number {
    return this.out.pos;
  }

  /** Forgets the blocks appended (the open block is kept). */
  reset(): void {
    this.out.pos = 0;
  }
}

/** Writes an array of `count` items already encoded in `items` (then empties it), as avsc writes arrays. */
function appendArray(out: ByteSink, items: ByteSink, count: number): void {
  if (count > 0) {
    out.varLong(count);
    out.raw(items.takeView(0));
  }
  out.byte(0);
}

function optionalInt(s: ByteSink, v: number | null): void {
  if (v === null) s.byte(NULL_BRANCH);
  else {
    s.byte(VALUE_BRANCH);
    s.varLong(v);
  }
}

function optionalFloat(s: ByteSink, v: number | null): void {
  if (v === null) s.byte(NULL_BRANCH);
  else {
    s.byte(VALUE_BRANCH);
    s.float(v);
  }
}
