/**
 * Streams the records of one Avro object-container file of any size, block by block, without loading the file:
 * yields batches of decoded records. A truncated or corrupt tail is reported once (with up to 16 MiB of its
 * bytes) so that it can be quarantined; the records before it are kept.
 */
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Position } from '../../data/index.js';
import type { AlertDecoder, BlockRecords } from '../decode/index.js';
import {
  type ContainerHeader,
  decompressBlock,
  readBlock,
  readHeader,
  readVarLong,
} from '../decode/index.js';
import type { DecodedItem } from '../pipeline.js';
import type { ReadArena } from './read-arena.js';

const MAX_TAIL_BYTES = 16 * 1024 * 1024;

/** What the stream reader yields: decoded records, or an unreadable tail. */
export type AvroStreamEvent =
  | {
      readonly kind: 'items';
      /**
       * The batch's records, decoded as they are iterated (once, in order, and before the next batch's: a block
       * may be shared with it).
       */
      readonly items: Iterable<DecodedItem>;
      /**
       * With a read arena: once these items are durable, the arena's buffers before this sequence number are no
       * longer referred to by the items still to come (ReadArena.releaseBefore).
       */
      readonly releasable?: number;
    }
  | {
      readonly kind: 'bad-tail';
      readonly reason: string;
      readonly position: Position;
      readonly bytes: Uint8Array;
    };

/** A block read and not yet wholly handed out in batches. */
interface PendingBlock {
  readonly records: BlockRecords;
  /** Index in the file of the block's first record. */
  readonly firstIndex: number;
  /** The block's bytes as read (quarantined with a record that fails). */
  readonly raw: () => Buffer;
  /** The read arena's sequence number of the buffer holding the block (-1: not from the arena). */
  readonly seq: number;
  /** Records of the block already in a batch. */
  handedOut: number;
}

/** Records [from, to) of a block, one part of a batch. */
interface BlockSegment {
  readonly block: PendingBlock;
  readonly from: number;
  readonly to: number;
}

/** The records of one segment, decoded as they are iterated. */
function* segmentItems(label: string, { block, from, to }: BlockSegment): Generator<DecodedItem> {
  const { records } = block;
  // records not iterated by an earlier batch are decoded and dropped: a block is read in order only
  while (records.taken < from && records.next() !== null) {}
  if (records.taken > from) throw new Error(`records of ${label} read out of order`);
  for (let i = from; i < to; i++) {
    const outcome = records.next();
    if (outcome === null) return;
    yield { outcome, position: { kind: 'file', file: label, index: block.firstIndex + i }, raw: block.raw };
  }
}

/** A batch: its segments' records, decoded as they are iterated. */
function* batchItems(label: string, segments: readonly BlockSegment[]): Generator<DecodedItem> {
  for (const segment of segments) yield* segmentItems(label, segment);
}

/** Blocks read whose records are not all in a batch yet, in file order. */
class PendingRecords {
  private blocks: PendingBlock[] = [];
  /** Records not in a batch yet. */
  count = 0;

  constructor(private readonly label: string) {}

  push(block: PendingBlock): void {
    this.blocks.push(block);
    this.count += block.records.count;
  }

  /** The next `n` records (all of them when fewer), as a batch decoded as it is iterated. */
  take(n: number): Iterable<DecodedItem> {
    const segments: BlockSegment[] = [];
    let wanted = n;
    while (wanted > 0 && this.blocks.length > 0) {
      const block = this.blocks[0];
      const from = block.handedOut;
      const to = Math.min(block.records.count, from + wanted);
      segments.push({ block, from, to });
      block.handedOut = to;
      wanted -= to - from;
      this.count -= to - from;
      if (to === block.records.count) this.blocks.shift();
    }
    return { [Symbol.iterator]: () => batchItems(this.label, segments) };
  }

  /** The arena buffers no record still to come refers to: those before the first pending block's, or all. */
  releasable(arena: ReadArena | null): number {
    const first = this.blocks.find((b) => b.seq >= 0);
    return first?.seq ?? arena?.nextSequence() ?? 0;
  }
}

/** Incremental container parser over a growing buffer. */
class ContainerCursor {
  buf: Buffer = Buffer.alloc(0);
  pos = 0;
  header: ContainerHeader | null = null;
  index = 0;
  failure: string | null = null;
  /** Bytes the next parse attempt needs before it is worth joining chunks (amortised linear copying). */
  need = 0;

  constructor(
    private readonly label: string,
    private readonly decoder: AlertDecoder,
  ) {}

  append(parts: Buffer[]): void {
    this.buf = Buffer.concat([this.buf.subarray(this.pos), ...parts]);
    this.pos = 0;
  }

  /**
   * Parses every complete block available and queues it in `out` (its records are decoded later, as the batch
   * holding them is iterated); `seq` is the read arena's buffer the blocks are in (-1: none).
   */
  parse(out: PendingRecords, seq = -1): void {
    if (this.failure) return;
    try {
      if (!this.header) {
        this.header = readHeader(this.buf);
        if (!this.header) {
          this.need = Math.max(2 * this.buf.length, 1 << 16);
          return;
        }
        this.decoder.schemaOf(this.header);
        this.pos = this.header.end;
      }
      for (;;) {
        const block = readBlock(this.buf, this.pos, this.header.sync);
        if (!block) {
          this.need = Math.max(2 * (this.buf.length - this.pos), 1 << 20);
          return;
        }
        const schema = this.decoder.schemaOf(this.header);
        const records = this.decoder.blockRecords(
          schema,
          decompressBlock(this.header.codec, block.data),
          block.count,
        );
        const blockBytes = this.buf.subarray(this.pos, block.end);
        out.push({ records, firstIndex: this.index, raw: () => Buffer.from(blockBytes), seq, handedOut: 0 });
        this.index += block.count;
        this.pos = block.end;
        this.need = 0;
      }
    } catch (err) {
      this.failure = err instanceof Error ? err.message : String(err);
      this.buf = this.buf.subarray(this.pos);
      this.pos = 0;
    }
  }

  /** The bad tail at the end of the stream, if any. */
  tail(): AvroStreamEvent | null {
    const rest = this.failure ? this.buf : this.buf.subarray(this.pos);
    if (!this.failure && this.header && rest.length === 0) return null;
    const reason = this.failure
      ? `corrupt Avro container after record ${this.index}: ${this.failure}`
      : !this.header
        ? 'truncated or empty Avro container (no complete header)'
        : `truncated Avro container: ${rest.length} trailing bytes after record ${this.index}`;
    return {
      kind: 'bad-tail',
      reason,
      position: { kind: 'file', file: this.label, index: this.index },
      bytes: Buffer.from(rest.subarray(0, MAX_TAIL_BYTES)),
    };
  }
}

/** Reads a container from a byte stream; `label` names it in positions. */
export async function* readAvroStream(
  stream: Readable,
  label: string,
  decoder: AlertDecoder,
  batchSize = 500,
): AsyncGenerator<AvroStreamEvent> {
  const cursor = new ContainerCursor(label, decoder);
  let parts: Buffer[] = [];
  let partsBytes = 0;
  const pending = new PendingRecords(label);
  for await (const chunk of stream) {
    const b = chunk as Buffer;
    if (cursor.failure) {
      if (cursor.buf.length < MAX_TAIL_BYTES) cursor.append([b]);
      continue;
    }
    parts.push(b);
    partsBytes += b.length;
    if (cursor.buf.length - cursor.pos + partsBytes < cursor.need) continue;
    cursor.append(parts);
    parts = [];
    partsBytes = 0;
    cursor.parse(pending);
    while (pending.count >= batchSize) yield { kind: 'items', items: pending.take(batchSize) };
  }
  if (parts.length > 0) {
    cursor.append(parts);
    cursor.parse(pending);
  }
  if (pending.count > 0) yield { kind: 'items', items: pending.take(pending.count) };
  const tail = cursor.tail();
  if (tail) yield tail;
}

/**
 * Reads an Avro file from disk with positional reads: each block is read straight into a buffer of its own size
 * (no re-copying of partial chunks, whatever the block size), taken from `arena` when one is given: the items
 * then refer to the arena's memory (stamps are views of it) until they are durable, and each batch says which
 * buffers it leaves releasable.
 */
export async function* readAvroFile(
  file: string,
  decoder: AlertDecoder,
  batchSize = 500,
  arena: ReadArena | null = null,
): AsyncGenerator<AvroStreamEvent> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    let blockSeq = -1;
    const read = async (position: number, length: number, fromArena = false): Promise<Buffer> => {
      const n = Math.max(0, Math.min(length, size - position));
      let buf: Buffer;
      if (arena && fromArena) {
        const taken = arena.take(n);
        buf = taken.bytes;
        blockSeq = taken.seq;
      } else buf = Buffer.allocUnsafe(n);
      let got = 0;
      while (got < buf.length) {
        const { bytesRead } = await handle.read(buf, got, buf.length - got, position + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      return buf.subarray(0, got);
    };
    const cursor = new ContainerCursor(file, decoder);
    const pending = new PendingRecords(file);
    const parse = (seq: number): void => cursor.parse(pending, seq);
    let offset = 0;
    // header: grow the read until it parses (schemas are a few tens of KiB)
    let want = 1 << 16;
    for (;;) {
      cursor.buf = await read(0, want);
      cursor.pos = 0;
      parse(-1);
      if (cursor.header || cursor.failure || want >= size) break;
      want *= 4;
    }
    offset = cursor.buf.length;
    while (cursor.header && !cursor.failure && offset < size) {
      // the block's count and size varints, then exactly the block
      const rest = cursor.buf.subarray(cursor.pos);
      const probe = Buffer.concat([rest, await read(offset, 32)]);
      const count = readVarLong(probe, 0);
      const length = count ? readVarLong(probe, count.next) : null;
      if (!count || !length || length.value < 0) {
        cursor.buf = Buffer.concat([rest, await read(offset, size - offset)]);
        cursor.pos = 0;
        offset = size;
        parse(-1);
        break;
      }
      const blockEnd = length.next + length.value + 16;
      const more = await read(offset, blockEnd - rest.length, rest.length === 0);
      cursor.buf = rest.length === 0 ? more : Buffer.concat([rest, more]);
      cursor.pos = 0;
      offset += blockEnd - rest.length;
      parse(rest.length === 0 ? blockSeq : -1);
      while (pending.count >= batchSize) {
        const items = pending.take(batchSize);
        yield { kind: 'items', items, releasable: pending.releasable(arena) };
      }
    }
    if (pending.count > 0) {
      const items = pending.take(pending.count);
      yield { kind: 'items', items, releasable: pending.releasable(arena) };
    }
    const tail = cursor.tail();
    if (tail) yield tail;
  } finally {
    await handle.close();
  }
}
